/**
 * The `Field: value[, value]` conditions of a YQL query, with where each value stands, so values can
 * be checked against the organisation's reference data and replaced in place. One pass, left to
 * right: field names are bare words or quoted phrases followed by a colon; a value is a quoted phrase
 * or a bare word (up to a space, comma, quote or a `)` it did not open, so `me()` and
 * `today()-1w` stay whole), optionally after `!`. Anything the scan does not understand (an unclosed
 * quote) ends it: the rest of the query goes to the API as written, which answers its own errors.
 */

export interface YqlValue {
  /** The value without quotes. */
  readonly text: string;
  /** Where the value (its quotes included) starts and ends in the query. */
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
}

export interface YqlCondition {
  /** The field as written (quotes removed). */
  readonly field: string;
  readonly negate: boolean;
  readonly values: readonly YqlValue[];
}

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

export function yqlConditions(query: string): YqlCondition[] {
  const out: YqlCondition[] = [];
  const n = query.length;
  let i = 0;
  const skipSpaces = () => {
    while (i < n && isSpace(query[i])) i++;
  };
  /** A quoted phrase at `i`: its text, or undefined when the quote is not closed. */
  const quoted = (): string | undefined => {
    const close = query.indexOf('"', i + 1);
    if (close === -1) return undefined;
    const text = query.slice(i + 1, close);
    i = close + 1;
    return text;
  };
  const bare = (): string => {
    const start = i;
    let depth = 0;
    for (; i < n; i++) {
      const ch = query[i]!;
      if (isSpace(ch) || ch === ',' || ch === '"') break;
      if (ch === '(') depth++;
      else if (ch === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    return query.slice(start, i);
  };
  const colonAhead = (): boolean => {
    let j = i;
    while (j < n && isSpace(query[j])) j++;
    if (query[j] !== ':') return false;
    i = j + 1;
    return true;
  };

  while (true) {
    skipSpaces();
    if (i >= n) break;
    const ch = query[i]!;
    let field: string | undefined;
    if (ch === '(' || ch === ')' || ch === ':' || ch === ',') {
      i++;
      continue;
    }
    if (ch === '"') {
      const text = quoted();
      if (text === undefined) break;
      if (colonAhead()) field = text;
    } else {
      const start = i;
      while (i < n && !isSpace(query[i]) && !'():",'.includes(query[i]!)) i++;
      const word = query.slice(start, i);
      // "Sort by": a two-word field name without quotes.
      if (word.toLowerCase() === 'sort') {
        const save = i;
        skipSpaces();
        if (query.slice(i, i + 2).toLowerCase() === 'by') {
          i += 2;
          if (colonAhead()) field = 'Sort by';
          else i = save;
        } else i = save;
      }
      if (field === undefined && colonAhead()) field = word;
    }
    if (field === undefined) continue;
    skipSpaces();
    const negate = query[i] === '!';
    if (negate) {
      i++;
      skipSpaces();
    }
    const values: YqlValue[] = [];
    let broken = false;
    for (;;) {
      const start = i;
      const isQuoted = query[i] === '"';
      const text = isQuoted ? quoted() : bare();
      if (text === undefined) {
        broken = true;
        break;
      }
      if (!isQuoted && text === '') break;
      values.push({ text, start, end: i, quoted: isQuoted });
      const before = i;
      skipSpaces();
      if (query[i] !== ',') {
        i = before;
        break;
      }
      i++;
      skipSpaces();
    }
    out.push({ field, negate, values });
    if (broken) break;
  }
  return out;
}

/** A value as YQL writes it: bare when it is one word, else quoted. */
export const yqlValue = (value: string) =>
  /^[\p{L}\p{N}_.@+-]+$/u.test(value) ? value : `"${value.replace(/"/g, '')}"`;
