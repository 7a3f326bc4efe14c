/**
 * The task filters of `GET /list/{id}/task`, `GET /team/{id}/task` and `GET /view/{id}/task`
 * (research §2.5): `archived`, `subtasks`, `include_closed`, `statuses[]`, `assignees[]`,
 * `watchers[]`, `tags[]`, `due_date_gt/lt`, `date_created_gt/lt`, `date_updated_gt/lt`,
 * `date_done_gt/lt`, `parent`, `custom_fields` (a JSON array of `{field_id, operator, value}`),
 * `order_by` (id | created | updated | due_date; default created, newest first), `reverse`, and
 * `page` (0-based, 100 tasks a page; the answer says `last_page`).
 *
 * Quirks kept: closed tasks are left out unless `include_closed=true` (or a `statuses[]` names a
 * closed status); subtasks are left out unless `subtasks=true`; one custom-field filter with an
 * unknown `field_id` makes the API drop ALL custom-field filters silently (research §2.5).
 */
import { badRequest } from './clickup-error.ts';
import type { ClickUpState, TaskRecord } from './clickup-state.ts';
import { statusOf } from './render.ts';
import { queryBoolean, queryList, queryNumber, queryString } from './router.ts';
import type { FakeRequest } from '@toolsmith/testing';

export const TASKS_PER_PAGE = 100;

interface CustomFieldFilter {
  field_id: string;
  operator: string;
  value?: unknown;
}

export function filterTasks(
  state: ClickUpState,
  request: FakeRequest,
  candidates: TaskRecord[],
): TaskRecord[] {
  const archived = queryBoolean(request, 'archived') ?? false;
  const subtasks = queryBoolean(request, 'subtasks') ?? false;
  const includeClosed = queryBoolean(request, 'include_closed') ?? false;
  const statuses = queryList(request, 'statuses').map((s) => s.toLowerCase());
  const assignees = queryList(request, 'assignees').map(Number);
  const watchers = queryList(request, 'watchers').map(Number);
  const tags = queryList(request, 'tags').map((t) => t.toLowerCase());
  const parent = queryString(request, 'parent');
  const ranges = (['due_date', 'date_created', 'date_updated', 'date_done'] as const).map((name) => ({
    name,
    gt: queryNumber(request, `${name}_gt`),
    lt: queryNumber(request, `${name}_lt`),
  }));
  const fieldFilters = customFieldFilters(state, request);

  return candidates.filter((task) => {
    if (task.deleted || task.archived !== archived) return false;
    if (parent !== undefined ? task.parent !== parent : !subtasks && task.parent !== null) return false;
    const status = statusOf(state, task);
    if (statuses.length > 0) {
      if (!statuses.includes(status.status.toLowerCase())) return false;
    } else if (!includeClosed && status.type === 'closed') return false;
    if (assignees.length > 0 && !task.assignees.some((a) => assignees.includes(a))) return false;
    if (watchers.length > 0 && !task.watchers.some((w) => watchers.includes(w))) return false;
    if (tags.length > 0 && !task.tags.some((t) => tags.includes(t.toLowerCase()))) return false;
    for (const { name, gt, lt } of ranges) {
      const value = dateOf(task, name);
      if (gt !== undefined && (value === null || !(value > gt))) return false;
      if (lt !== undefined && (value === null || !(value < lt))) return false;
    }
    return fieldFilters.every((f) => matchesField(task.customFields[f.field_id], f));
  });
}

export function sortAndPage(request: FakeRequest, tasks: TaskRecord[]) {
  const orderBy = queryString(request, 'order_by') ?? 'created';
  const reverse = queryBoolean(request, 'reverse') ?? false;
  const key = (t: TaskRecord): number | string =>
    orderBy === 'id'
      ? t.id
      : orderBy === 'updated'
        ? t.dateUpdated
        : orderBy === 'due_date'
          ? (t.dueDate ?? Number.MAX_SAFE_INTEGER)
          : t.dateCreated;
  // Newest (or largest) first; `reverse=true` turns it around.
  const sorted = [...tasks].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const order = x < y ? 1 : x > y ? -1 : 0;
    return reverse ? -order : order;
  });
  const page = queryNumber(request, 'page') ?? 0;
  if (!Number.isInteger(page) || page < 0) throw badRequest('Page must be a non-negative integer');
  const start = page * TASKS_PER_PAGE;
  return {
    tasks: sorted.slice(start, start + TASKS_PER_PAGE),
    last_page: start + TASKS_PER_PAGE >= sorted.length,
  };
}

function dateOf(task: TaskRecord, name: 'due_date' | 'date_created' | 'date_updated' | 'date_done') {
  switch (name) {
    case 'due_date':
      return task.dueDate;
    case 'date_created':
      return task.dateCreated;
    case 'date_updated':
      return task.dateUpdated;
    case 'date_done':
      return task.dateDone;
  }
}

function customFieldFilters(state: ClickUpState, request: FakeRequest): CustomFieldFilter[] {
  const raw = queryString(request, 'custom_fields');
  if (raw === undefined || raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badRequest('custom_fields must be a JSON array');
  }
  if (!Array.isArray(parsed)) throw badRequest('custom_fields must be a JSON array');
  const filters = parsed as CustomFieldFilter[];
  // One unknown field id: every custom-field filter is dropped, without a word.
  if (filters.some((f) => !state.fields.some((field) => field.id === f?.field_id))) return [];
  return filters;
}

function matchesField(value: unknown, filter: CustomFieldFilter): boolean {
  const operator = String(filter.operator ?? '=').toUpperCase();
  const unset = value === undefined || value === null || (Array.isArray(value) && value.length === 0);
  if (operator === 'IS NULL') return unset;
  if (operator === 'IS NOT NULL') return !unset;
  if (unset) return false;
  const wanted = filter.value;
  if (Array.isArray(value)) {
    const list = (Array.isArray(wanted) ? wanted : [wanted]).map(String);
    const have = value.map(String);
    switch (operator) {
      case 'ANY':
      case '=':
      case '==':
        return list.some((w) => have.includes(w));
      case 'ALL':
        return list.every((w) => have.includes(w));
      case 'NOT ANY':
        return !list.some((w) => have.includes(w));
      case 'NOT ALL':
        return !list.every((w) => have.includes(w));
      default:
        return false;
    }
  }
  const n = Number(value);
  const compare = (w: unknown) => (Number.isFinite(n) && Number.isFinite(Number(w)) ? n - Number(w) : NaN);
  switch (operator) {
    case '=':
      return String(value).toLowerCase().includes(String(wanted).toLowerCase());
    case '==':
      return String(value) === String(wanted);
    case '!=':
    case '!==':
      return String(value) !== String(wanted);
    case '<':
      return compare(wanted) < 0;
    case '<=':
      return compare(wanted) <= 0;
    case '>':
      return compare(wanted) > 0;
    case '>=':
      return compare(wanted) >= 0;
    case 'RANGE': {
      const [low, high] = Array.isArray(wanted)
        ? wanted
        : [
            (wanted as Record<string, unknown>)?.['low_value'],
            (wanted as Record<string, unknown>)?.['high_value'],
          ];
      return compare(low) >= 0 && compare(high) <= 0;
    }
    case 'ANY':
      return (Array.isArray(wanted) ? wanted : [wanted]).map(String).includes(String(value));
    case 'NOT ANY':
      return !(Array.isArray(wanted) ? wanted : [wanted]).map(String).includes(String(value));
    default:
      return false;
  }
}
