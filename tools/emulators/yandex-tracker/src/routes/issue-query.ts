/**
 * The subset of search the emulator understands: `filter` objects (field → value or values,
 * `Empty()`, `notEmpty()`), `order: "+field"|"-field"`, and YQL queries made of `Field: value[, value]`
 * conditions joined by spaces or AND, `Field: !value`, `me()`, `empty()`, quoted free text, and
 * `"Sort by": Field ASC|DESC`. Unknown fields give the API's 400.
 */
import { findUser } from '../render.ts';
import { badRequest } from '../tracker-error.ts';
import type { IssueRecord, TrackerState } from '../tracker-state.ts';

type Predicate = (issue: IssueRecord) => boolean;

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

function matches(state: TrackerState, me: string, field: string, wanted: string): Predicate {
  const lower = wanted.toLowerCase();
  if (lower === 'empty()') return (issue) => valuesOf(state, issue, field).length === 0;
  if (lower === 'notempty()') return (issue) => valuesOf(state, issue, field).length > 0;
  const target = lower === 'me()' ? me : wanted;
  if (field === 'summary') return (issue) => issue.summary.toLowerCase().includes(target.toLowerCase());
  return (issue) => valuesOf(state, issue, field).some((v) => v.toLowerCase() === target.toLowerCase());
}

function fieldOf(name: string): string {
  const field = FIELD_ALIASES[name.trim().replace(/^"|"$/g, '').toLowerCase()];
  if (!field) {
    throw badRequest(`Неизвестное поле «${name.trim()}» в запросе. Unknown field in query.`, {
      query: name.trim(),
    });
  }
  return field;
}

export function filterPredicate(state: TrackerState, me: string, filter: Record<string, unknown>): Predicate {
  const predicates = Object.entries(filter).map(([name, value]) => {
    const field = fieldOf(name);
    const wanted = (Array.isArray(value) ? value : [value]).map(String);
    const tests = wanted.map((w) => matches(state, me, field, w));
    return (issue: IssueRecord) => tests.some((t) => t(issue));
  });
  return (issue) => predicates.every((p) => p(issue));
}

export interface ParsedQuery {
  predicate: Predicate;
  sort?: { field: string; descending: boolean };
}

export function parseQuery(state: TrackerState, me: string, query: string): ParsedQuery {
  let text = query;
  let sort: ParsedQuery['sort'];
  const sortMatch = /"?sort by"?\s*:\s*([\w]+)\s*(asc|desc)?/i.exec(text);
  if (sortMatch) {
    sort = { field: fieldOf(sortMatch[1]!), descending: (sortMatch[2] ?? 'asc').toLowerCase() === 'desc' };
    text = text.replace(sortMatch[0], ' ');
  }
  const predicates: Predicate[] = [];
  const condition = /("[^"]+"|[\w]+)\s*:\s*(!?)\s*((?:"[^"]*"|[^\s,"]+)(?:\s*,\s*(?:"[^"]*"|[^\s,"]+))*)/g;
  let rest = text;
  for (const match of text.matchAll(condition)) {
    rest = rest.replace(match[0], ' ');
    const field = fieldOf(match[1]!);
    const negate = match[2] === '!';
    const values = match[3]!.split(/\s*,\s*/).map((v) => v.replace(/^"|"$/g, ''));
    const tests = values.map((v) => matches(state, me, field, v));
    const any: Predicate = (issue) => tests.some((t) => t(issue));
    predicates.push(negate ? (issue) => !any(issue) : any);
  }
  const leftover = rest.replace(/\b(and|AND)\b/g, ' ').trim();
  if (leftover) {
    const words = [...leftover.matchAll(/"([^"]+)"|(\S+)/g)].map((m) => (m[1] ?? m[2]!).toLowerCase());
    if (words.some((w) => /[()]/.test(w) || w === 'or')) {
      throw badRequest(`Запрос содержит синтаксическую ошибку около «${leftover}». Query syntax error.`, {
        query: leftover,
      });
    }
    predicates.push((issue) =>
      words.every((w) => `${issue.summary} ${issue.description ?? ''}`.toLowerCase().includes(w)),
    );
  }
  return { predicate: (issue) => predicates.every((p) => p(issue)), ...(sort ? { sort } : {}) };
}

export function sortIssues(issues: IssueRecord[], field: string, descending: boolean): IssueRecord[] {
  const key = (issue: IssueRecord) => {
    if (field === 'key') return issue.key.replace(/\d+$/, (d) => d.padStart(8, '0'));
    const value = (issue as unknown as Record<string, unknown>)[field];
    return value === undefined ? '' : String(value);
  };
  return [...issues].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (descending ? -1 : 1));
}
