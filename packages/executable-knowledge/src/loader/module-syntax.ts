/**
 * What the loader needs to know of an ES module of a pack (`file: helpers/x.mjs`) without running
 * it, nor loading isolated-vm in this process (its isolates live in the sandbox's host processes):
 *
 * - **imports**: the specifier of every static `import … from '…'`, `import '…'`,
 *   `export … from '…'` and `export * from '…'` declaration, so the loader can read those files
 *   (inside the pack only) and send them with the module;
 * - **a script view**: the same text with those declarations blanked and the `export` keywords
 *   taken off (same length, same lines), which `node:vm` can compile as a strict classic script to
 *   report syntax errors at their line when the pack loads.
 *
 * A light tokenizer, not a parser: it skips comments, strings, template literals (with nested
 * `${…}`) and regular expressions (told from a division by the token before, as module lexers do),
 * and reads `import` / `export` only at the top level. What it cannot tell apart is left to V8 in
 * the sandbox, which parses every module again: an import the loader did not see is refused there
 * naming the file and the specifier, never resolved.
 */

export interface ModuleImport {
  /** The specifier as written, e.g. `./shared/values.mjs`. */
  readonly specifier: string;
  /** 1-based line of the specifier. */
  readonly line: number;
}

export interface ModuleScan {
  readonly imports: readonly ModuleImport[];
  /** The source as a classic script: import declarations blanked, `export` keywords removed. */
  readonly scriptView: string;
  /** A declaration the loader cannot read (dynamic `import()`, a specifier with escapes…). */
  readonly problems: readonly ModuleProblem[];
}

export interface ModuleProblem {
  readonly message: string;
  /** 1-based line of the declaration. */
  readonly line: number;
}

interface Token {
  type: 'name' | 'string' | 'template' | 'regex' | 'number' | 'punct';
  value: string;
  start: number;
  end: number;
}

/** Keywords after which a `/` starts a regular expression, not a division. */
const REGEX_AFTER_KEYWORD = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
]);

/** A letter, `_`, `$` or any non-ASCII character (identifiers may hold Unicode letters). */
function isNameStart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code >= 128
  );
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 57);
}

/** The significant tokens of `source`, with the bracket depth each one is at. */
function tokenize(source: string): { tokens: Token[]; depths: number[] } {
  const tokens: Token[] = [];
  const depths: number[] = [];
  /** Open brackets; a `${` of a template is marked so its `}` resumes the template. */
  const stack: string[] = [];
  let i = 0;
  const length = source.length;

  const regexAllowed = (): boolean => {
    const last = tokens.at(-1);
    if (!last) return true;
    if (last.type === 'name') return REGEX_AFTER_KEYWORD.has(last.value);
    if (last.type === 'punct') return last.value !== ')' && last.value !== ']';
    return false;
  };
  const push = (type: Token['type'], start: number, end: number): void => {
    tokens.push({ type, value: source.slice(start, end), start, end });
    depths.push(stack.length);
  };
  /** Reads a template's text from `i` up to its end or a `${`; returns whether it ended. */
  const templateText = (): boolean => {
    while (i < length) {
      const c = source[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        i++;
        return true;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        stack.push('${');
        return false;
      } else i++;
    }
    return true;
  };

  while (i < length) {
    const c = source[i] as string;
    const start = i;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v' || c === '\u00a0') {
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < length && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close === -1 ? length : close + 2;
    } else if (c === '"' || c === "'") {
      i++;
      while (i < length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
      push('string', start, Math.min(i, length));
    } else if (c === '`') {
      i++;
      templateText();
      push('template', start, i);
    } else if (c === '/' && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < length && source[i] !== '\n') {
        const r = source[i];
        if (r === '\\') i++;
        else if (r === '[') inClass = true;
        else if (r === ']') inClass = false;
        else if (r === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < length && isNamePart(source.charCodeAt(i))) i++;
      push('regex', start, i);
    } else if (isNameStart(source.charCodeAt(i))) {
      while (i < length && isNamePart(source.charCodeAt(i))) i++;
      push('name', start, i);
    } else if (c >= '0' && c <= '9') {
      while (i < length && /[0-9A-Za-z_.]/.test(source[i] as string)) i++;
      push('number', start, i);
    } else if (c === '{' || c === '(' || c === '[') {
      i++;
      push('punct', start, i);
      stack.push(c);
    } else if (c === '}' || c === ')' || c === ']') {
      const open = stack.pop();
      i++;
      if (open === '${') {
        // The rest of a template literal after a substitution.
        templateText();
        push('template', start, i);
      } else push('punct', start, i);
    } else {
      // Operators: `.`, `...`, `;`, `,`, `*`, `=>`… one character at a time is enough here.
      i++;
      push('punct', start, i);
    }
  }
  return { tokens, depths };
}

function lineOf(source: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (source.charCodeAt(i) === 10) line++;
  return line;
}

/** Scans of recent sources: the loader reads a module's imports, then checks its syntax. */
const scans = new Map<string, ModuleScan>();
const SCANS_KEPT = 64;

/** The imports and the script view of an ES module's source; see the top of the file. */
export function scanModule(source: string): ModuleScan {
  let scan = scans.get(source);
  if (!scan) {
    scan = scanSource(source);
    scans.set(source, scan);
    if (scans.size > SCANS_KEPT) scans.delete(scans.keys().next().value as string);
  }
  return scan;
}

function scanSource(source: string): ModuleScan {
  const { tokens, depths } = tokenize(source);
  const imports: ModuleImport[] = [];
  const problems: ModuleProblem[] = [];
  const view = source.split('');
  const blank = (start: number, end: number): void => {
    for (let k = start; k < end; k++) if (view[k] !== '\n' && view[k] !== '\r') view[k] = ' ';
  };
  const specifierOf = (token: Token): string | undefined => {
    const text = token.value.slice(1, -1);
    if (text.includes('\\')) {
      problems.push({
        line: lineOf(source, token.start),
        message: `the import specifier ${token.value} has an escape sequence; write the path plainly`,
      });
      return undefined;
    }
    return text;
  };
  /** From token `k`, the string token that ends a `… from '…'` declaration, or -1. */
  const findFrom = (k: number): number => {
    for (let j = k; j < tokens.length; j++) {
      const token = tokens[j] as Token;
      if (token.type === 'string' && depths[j] === 0) return j;
      if (token.type === 'punct' && token.value === ';' && depths[j] === 0) return -1;
    }
    return -1;
  };
  /** End of a declaration whose last token is `k`: after an optional `;`. */
  const endAfter = (k: number): number => {
    const next = tokens[k + 1];
    return next && next.type === 'punct' && next.value === ';' ? next.end : (tokens[k] as Token).end;
  };

  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    if (token.type !== 'name') continue;
    const before = tokens[k - 1];
    if (before && before.type === 'punct' && before.value === '.') continue;
    const next = tokens[k + 1];
    if (token.value === 'import' && next?.type === 'punct' && next.value === '(') {
      problems.push({
        line: lineOf(source, token.start),
        message:
          'dynamic import() is not available in the sandbox; import with a static `import { name } from "./file.mjs"` at the top level',
      });
      continue;
    }
    if (depths[k] !== 0) continue;
    if (token.value === 'import') {
      if (next && next.type === 'punct' && next.value === '.') continue; // import.meta
      const at = findFrom(k + 1);
      if (at === -1) continue;
      const specifier = specifierOf(tokens[at] as Token);
      if (specifier !== undefined) imports.push({ specifier, line: lineOf(source, tokens[at]!.start) });
      const end = endAfter(at);
      blank(token.start, end);
      k = at;
    } else if (token.value === 'export' && next) {
      if (next.type === 'punct' && (next.value === '*' || next.value === '{')) {
        let close = k + 1;
        if (next.value === '{') {
          while (close < tokens.length && !(tokens[close]!.value === '}' && depths[close] === 0)) close++;
        }
        const from = tokens[close + 1];
        if (next.value === '*' || (from && from.type === 'name' && from.value === 'from')) {
          const at = findFrom(close + 1);
          if (at === -1) continue;
          const specifier = specifierOf(tokens[at] as Token);
          if (specifier !== undefined) imports.push({ specifier, line: lineOf(source, tokens[at]!.start) });
          blank(token.start, endAfter(at));
          k = at;
        } else {
          blank(token.start, endAfter(close));
          k = close;
        }
      } else if (next.type === 'name' && next.value === 'default') {
        // `export default <expression or declaration>` → `void <…>`, the same length.
        blank(token.start, next.end);
        view.splice(token.start, 4, 'v', 'o', 'i', 'd');
      } else {
        blank(token.start, token.end);
      }
    }
  }
  return { imports, scriptView: view.join(''), problems };
}
