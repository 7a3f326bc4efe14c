/**
 * The subset of search the emulator understands: `filter` objects (field id → value or values,
 * `Empty()`, `notEmpty()`; field ids and values case-sensitive, as in the API), `order: "+field"|"-field"`, and YQL queries made of `Field: value[, value]`
 * conditions and free text (words, quoted phrases) joined by spaces or AND, OR (looser than AND),
 * parentheses, `Field: !value`, `me()`, `empty()`, `notEmpty()`, and `"Sort by": Field ASC|DESC`.
 * Unknown fields and syntax errors give the API's 400. Parsing is linear in the query's length.
 */
import { findUser } from '../render.ts';
import { badRequest } from '../tracker-error.ts';
import type { IssueRecord, TrackerState } from '../tracker-state.ts';

type Predicate = (issue: IssueRecord) => boolean;

/** Deeper nesting than this is a 400 (and never a stack overflow). */
const MAX_NESTING = 64;
/** Error messages quote at most this much of the query. */
const EXCERPT = 40;

const FIELD_ALIASES: Record<string, string> = {
  queue: 'queue',
  assignee: 'assignee',
  status: 'status',
  priority: 'priority',
  type: 'type',
  tags: 'tags',
  author: 'createdBy',
  createdby: 'createdBy',
  key: 'key',
  resolution: 'resolution',
  components: 'components',
  sprint: 'sprint',
  parent: 'parent',
  summary: 'summary',
  updated: 'updatedAt',
  created: 'createdAt',
};

function valuesOf(state: TrackerState, issue: IssueRecord, field: string): string[] {
  switch (field) {
    case 'tags':
      return issue.tags;
    case 'components':
      return issue.components.flatMap((id) => [
        String(id),
        state.components.find((c) => c.id === id)?.name ?? '',
      ]);
    case 'sprint':
      return issue.sprint.flatMap((id) => [String(id), state.sprints.find((s) => s.id === id)?.name ?? '']);
    case 'assignee':
    case 'createdBy': {
      const login = issue[field];
      if (!login) return [];
      const user = findUser(state, login);
      return user ? [user.login, String(user.uid), user.display] : [login];
    }
    default: {
      const value = (issue as unknown as Record<string, unknown>)[field] ?? issue.extra[field];
      return value === undefined || value === null ? [] : [String(value)];
    }
  }
}

/**
 * YQL compares values in any case (`Status: INPROGRESS`); a `filter` object compares them exactly,
 * as the API does — `{"status": "Open"}` finds nothing, since the key is `open`.
 */
function matches(state: TrackerState, me: string, field: string, wanted: string, exact = false): Predicate {
  const lower = wanted.toLowerCase();
  if (lower === 'empty()') return (issue) => valuesOf(state, issue, field).length === 0;
  if (lower === 'notempty()') return (issue) => valuesOf(state, issue, field).length > 0;
  const target = lower === 'me()' ? me : wanted;
  if (field === 'summary') return (issue) => issue.summary.toLowerCase().includes(target.toLowerCase());
  if (exact) return (issue) => valuesOf(state, issue, field).includes(target);
  return (issue) => valuesOf(state, issue, field).some((v) => v.toLowerCase() === target.toLowerCase());
}

function fieldOf(name: string): string {
  const field = FIELD_ALIASES[name.trim().replace(/^"|"$/g, '').toLowerCase()];
  if (!field) {
    const shown = name.length > EXCERPT ? `${name.slice(0, EXCERPT).trim()}…` : name.trim();
    throw badRequest(`Неизвестное поле «${shown}» в запросе. Unknown field in query.`, { query: shown });
  }
  return field;
}

/** Field ids a `filter` object takes: exactly these names, in this case (YQL is looser). */
const FILTER_FIELDS: Record<string, string> = {
  queue: 'queue',
  assignee: 'assignee',
  status: 'status',
  priority: 'priority',
  type: 'type',
  tags: 'tags',
  author: 'createdBy',
  createdBy: 'createdBy',
  key: 'key',
  resolution: 'resolution',
  components: 'components',
  sprint: 'sprint',
  parent: 'parent',
  summary: 'summary',
  updated: 'updatedAt',
  updatedAt: 'updatedAt',
  created: 'createdAt',
  createdAt: 'createdAt',
};

export function filterPredicate(state: TrackerState, me: string, filter: Record<string, unknown>): Predicate {
  const predicates = Object.entries(filter).map(([name, value]) => {
    const field = Object.hasOwn(FILTER_FIELDS, name) ? FILTER_FIELDS[name]! : undefined;
    if (field === undefined) {
      throw badRequest(`Неизвестное поле «${name.slice(0, EXCERPT)}» в фильтре. Unknown field in filter.`, {
        [name.slice(0, EXCERPT)]: 'Неизвестное поле',
      });
    }
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    const tests = wanted.map((w) => matches(state, me, field, w, true));
    return (issue: IssueRecord) => tests.some((t) => t(issue));
  });
  return (issue) => predicates.every((p) => p(issue));
}

export interface ParsedQuery {
  predicate: Predicate;
  sort?: { field: string; descending: boolean };
}

type Token =
  | { kind: '(' | ')' | 'and' | 'or'; at: number }
  | { kind: 'condition'; at: number; field: string; negate: boolean; values: string[] }
  | { kind: 'text'; at: number; word: string };

const excerpt = (text: string, at: number): string => {
  const from = at >= text.length ? Math.max(0, text.length - EXCERPT) : at;
  const piece = text.slice(from, from + EXCERPT).trim();
  return from + EXCERPT < text.length ? `${piece}…` : piece;
};

const syntaxError = (query: string, at: number, reason: string) => {
  const near = excerpt(query, at);
  return badRequest(`Запрос содержит синтаксическую ошибку около «${near}». Query syntax error: ${reason}.`, {
    query: near,
  });
};

/** `\s` of a regular expression, by char code. */
function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

// Sticky expressions: each matches only at `lastIndex`, so every one reads a stretch of the query once.
const WORD = /[^\s()":]+/y;
const COLON_AHEAD = /\s*:/y;
const BY_COLON_AHEAD = /\s+by\s*:/iy;
const SORT_FIELD = /\w+/y;
const DIRECTION = /(asc|desc)(?![^\s()])/iy;

const stickyMatch = (pattern: RegExp, text: string, at: number): string | undefined => {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
};

/**
 * One pass over the query, left to right, no backtracking across tokens: conditions
 * (`Field: [!]value[, value]`), free words and quoted phrases, `(`, `)`, AND, OR; the
 * `"Sort by": Field [ASC|DESC]` clause is taken out wherever it stands (the first one counts).
 */
function tokenize(query: string): { tokens: Token[]; sort?: ParsedQuery['sort'] } {
  const tokens: Token[] = [];
  let sort: ParsedQuery['sort'];
  let i = 0;
  const n = query.length;
  const skipSpaces = () => {
    while (i < n && isSpace(query.charCodeAt(i))) i++;
  };
  const quoted = (): string => {
    const close = query.indexOf('"', i + 1);
    if (close === -1) throw syntaxError(query, i, 'a quote is not closed');
    const value = query.slice(i + 1, close);
    i = close + 1;
    return value;
  };
  /** A bare value ends at a space, comma or quote, or at a `)` it did not open (`me()` keeps its own). */
  const bare = (): string => {
    const start = i;
    let depth = 0;
    for (; i < n; i++) {
      const code = query.charCodeAt(i);
      if (isSpace(code) || code === 44 /* , */ || code === 34 /* " */) break;
      if (code === 40 /* ( */) depth++;
      else if (code === 41 /* ) */) {
        if (depth === 0) break;
        depth--;
      }
    }
    return query.slice(start, i);
  };
  /** After `Field:` — `[!] value[, value]…`, each value quoted or bare. */
  const condition = (at: number, field: string) => {
    skipSpaces();
    const negate = query[i] === '!';
    if (negate) {
      i++;
      skipSpaces();
    }
    const values: string[] = [];
    for (;;) {
      const isQuoted = query[i] === '"';
      const value = isQuoted ? quoted() : bare();
      if (!isQuoted && value === '') throw syntaxError(query, at, `no value after «${field}:»`);
      values.push(value);
      const before = i;
      skipSpaces();
      if (query[i] !== ',') {
        i = before;
        break;
      }
      i++;
      skipSpaces();
    }
    tokens.push({ kind: 'condition', at, field, negate, values });
  };
  /** After `"Sort by":` — `Field [ASC|DESC]`. */
  const sortClause = (at: number) => {
    skipSpaces();
    let name: string | undefined;
    if (query[i] === '"') name = quoted();
    else {
      name = stickyMatch(SORT_FIELD, query, i);
      if (name === undefined) throw syntaxError(query, at, 'no field after «Sort by:»');
      i += name.length;
    }
    const before = i;
    skipSpaces();
    const direction = stickyMatch(DIRECTION, query, i);
    if (direction === undefined) i = before;
    else i += direction.length;
    sort ??= { field: fieldOf(name), descending: direction?.toLowerCase() === 'desc' };
  };
  const colonAhead = (): boolean => {
    const colon = stickyMatch(COLON_AHEAD, query, i);
    if (colon === undefined) return false;
    i += colon.length;
    return true;
  };

  for (skipSpaces(); i < n; skipSpaces()) {
    const at = i;
    const char = query[i]!;
    if (char === '(' || char === ')') {
      tokens.push({ kind: char, at });
      i++;
    } else if (char === '"') {
      const text = quoted();
      if (!colonAhead()) tokens.push({ kind: 'text', at, word: text.toLowerCase() });
      else if (text.trim().toLowerCase() === 'sort by') sortClause(at);
      else condition(at, text);
    } else if (char === ':') {
      throw syntaxError(query, at, 'a colon without a field name');
    } else {
      const word = stickyMatch(WORD, query, i)!;
      i += word.length;
      const lower = word.toLowerCase();
      const byColon = lower === 'sort' ? stickyMatch(BY_COLON_AHEAD, query, i) : undefined;
      if (byColon !== undefined) {
        i += byColon.length;
        sortClause(at);
      } else if (colonAhead()) condition(at, word);
      else if (lower === 'and' || lower === 'or') tokens.push({ kind: lower, at });
      else tokens.push({ kind: 'text', at, word: lower });
    }
  }
  return { tokens, ...(sort ? { sort } : {}) };
}

/**
 * YQL: conditions and free text joined by spaces or AND, OR between them (AND binds tighter),
 * parentheses, `"Sort by"`. Linear in the length of the query: one tokenizing pass, then a
 * recursive descent whose AND and OR are lists (a query of 20 000 ORs is not 20 000 frames deep).
 */
export function parseQuery(state: TrackerState, me: string, query: string): ParsedQuery {
  const { tokens, sort } = tokenize(query);
  let position = 0;

  const primary = (depth: number): Predicate => {
    const token = tokens[position++];
    if (token === undefined)
      throw syntaxError(query, query.length, 'the query ends where a condition belongs');
    switch (token.kind) {
      case '(': {
        if (depth >= MAX_NESTING)
          throw syntaxError(query, token.at, `parentheses nested deeper than ${MAX_NESTING}`);
        const inner = or(depth + 1);
        const close = tokens[position++];
        if (close?.kind !== ')')
          throw syntaxError(query, close?.at ?? query.length, 'a parenthesis is not closed');
        return inner;
      }
      case 'condition': {
        const field = fieldOf(token.field);
        const tests = token.values.map((v) => matches(state, me, field, v));
        const any: Predicate = (issue) => tests.some((t) => t(issue));
        return token.negate ? (issue) => !any(issue) : any;
      }
      case 'text':
        return (issue) => `${issue.summary} ${issue.description ?? ''}`.toLowerCase().includes(token.word);
      default:
        throw syntaxError(query, token.at, `«${token.kind.toUpperCase()}» where a condition belongs`);
    }
  };
  const and = (depth: number): Predicate => {
    const terms = [primary(depth)];
    for (
      let next = tokens[position];
      next && next.kind !== 'or' && next.kind !== ')';
      next = tokens[position]
    ) {
      if (next.kind === 'and') position++;
      terms.push(primary(depth));
    }
    return terms.length === 1 ? terms[0]! : (issue) => terms.every((t) => t(issue));
  };
  const or = (depth: number): Predicate => {
    const terms = [and(depth)];
    while (tokens[position]?.kind === 'or') {
      position++;
      terms.push(and(depth));
    }
    return terms.length === 1 ? terms[0]! : (issue) => terms.some((t) => t(issue));
  };

  let predicate: Predicate = () => true;
  if (tokens.length > 0) {
    predicate = or(0);
    const extra = tokens[position];
    if (extra !== undefined) throw syntaxError(query, extra.at, 'a parenthesis closes that was never opened');
  }
  return { predicate, ...(sort ? { sort } : {}) };
}

export function sortIssues(issues: IssueRecord[], field: string, descending: boolean): IssueRecord[] {
  const key = (issue: IssueRecord) => {
    if (field === 'key') return issue.key.replace(/\d+$/, (d) => d.padStart(8, '0'));
    const value = (issue as unknown as Record<string, unknown>)[field];
    return value === undefined ? '' : String(value);
  };
  return [...issues].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (descending ? -1 : 1));
}
