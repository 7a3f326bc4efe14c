/**
 * Names agents give a field that an API calls something else. A refusal of an unknown field offers
 * the field of the same group that exists where the caller wrote it: `desc` → `description` or
 * `markdown_content`, `due` → `due_date` or `dueDate`, `{delete: […]}` → `remove` or `rem`.
 * Names are compared as words, so `dueDate`, `due_date` and `due-date` are one name.
 */
import { words } from '../util/closest-match.ts';

const GROUPS: readonly (readonly string[])[] = [
  ['description', 'desc', 'descr', 'details', 'markdown content', 'markdown description', 'body', 'content'],
  ['due date', 'due', 'due on', 'due at', 'deadline', 'due by', 'end date'],
  ['start date', 'start', 'start at', 'start on', 'begin', 'starts'],
  ['assignees', 'assignee', 'assigned to', 'owner', 'owners', 'responsible'],
  ['watchers', 'followers', 'subscribers', 'watcher', 'cc'],
  ['name', 'title', 'summary', 'subject'],
  ['remove', 'rem', 'delete', 'del', 'minus', 'unset', 'drop'],
  ['add', 'append', 'plus', 'insert', 'push'],
  ['set', 'replace', 'value', 'values'],
  ['priority', 'prio', 'importance', 'urgency'],
  ['status', 'state', 'stage'],
  ['tags', 'tag', 'labels', 'label'],
  ['comment', 'text', 'message', 'body', 'note'],
  ['time estimate', 'estimate', 'estimation', 'original estimate'],
  ['time spent', 'spent', 'duration', 'logged'],
  ['parent', 'parent id', 'parent task', 'parent issue'],
  ['type', 'issue type', 'kind'],
  ['issue id', 'issue key', 'key', 'issue'],
  ['task id', 'task', 'id'],
  ['per page', 'limit', 'page size', 'count', 'size', 'max results', 'top'],
  ['cursor', 'next cursor', 'page token', 'after', 'offset'],
  ['queue id', 'queue', 'queue key', 'project key'],
  ['list id', 'list'],
  ['space id', 'space'],
  ['folder id', 'folder'],
  ['custom fields', 'fields', 'custom field'],
];

const key = (name: string) => words(name).join(' ');

let index: Map<string, number[]> | undefined;
/** Group numbers of each normalised name (built at the first refusal, not when a server loads). */
function groupsOf(name: string): number[] | undefined {
  if (!index) {
    index = new Map();
    for (const [i, group] of GROUPS.entries()) {
      for (const alias of group) {
        const k = key(alias);
        index.set(k, [...(index.get(k) ?? []), i]);
      }
    }
  }
  return index.get(key(name));
}

/**
 * The names among `valid` that mean what `given` usually means: declared aliases first
 * (`declared` maps a valid name to its own aliases), then the common groups above.
 */
export function aliasTargets(
  given: string,
  valid: Iterable<string>,
  declared?: ReadonlyMap<string, readonly string[]>,
): string[] {
  const wanted = key(given);
  const out: string[] = [];
  const validList = [...valid];
  for (const name of validList) {
    if (declared?.get(name)?.some((alias) => key(alias) === wanted)) out.push(name);
  }
  if (out.length > 0) return out;
  const groups = groupsOf(given);
  if (!groups) return out;
  for (const name of validList) {
    const own = groupsOf(name);
    if (own?.some((g) => groups.includes(g)) && key(name) !== wanted) out.push(name);
  }
  return out;
}

/** The other names agents use for `name` (its groups' members), as written in the groups. */
export function commonAliases(name: string): string[] {
  const own = groupsOf(name);
  if (!own) return [];
  const out = new Set<string>();
  for (const g of own)
    for (const alias of GROUPS[g]!) if (key(alias) !== key(name)) out.add(alias.replace(/ /g, '_'));
  return [...out];
}
