/**
 * Checklists (research §3.8 "Checklists"): read the items; add one (creates the checklist when
 * there is none); edit one; replace all (PATCH with the full array); delete one; delete all. As in
 * the real API, every write answers with the whole ISSUE (its `checklistItems`), not the item, and
 * `deadline` must be an object `{date, deadlineType}`: a plain string is a 422 (research §1.7 item 13).
 */
import { parseDateTime } from '../dates.ts';
import { renderChecklistItem, renderIssue, requireIssue, requireUserField } from '../render.ts';
import { objectBody, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { notFound, unprocessable } from '../tracker-error.ts';
import {
  nextId,
  recordChange,
  trackerDate,
  type ChecklistItemRecord,
  type IssueRecord,
  type TrackerState,
} from '../tracker-state.ts';

const checklistOf = (state: TrackerState, issue: IssueRecord): ChecklistItemRecord[] => {
  let items = state.checklists.get(issue.id);
  if (!items) {
    items = [];
    state.checklists.set(issue.id, items);
  }
  return items;
};

function newItemId(state: TrackerState): string {
  return `5fde5f0a1aee261d${nextId(state, 'checklistItem', 0x100).toString(16).padStart(8, '0')}`;
}

function parseText(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw unprocessable('Поле text обязательно и не может быть пустым.', { text: 'required' });
  }
  return value;
}

function parseChecked(value: unknown): boolean {
  if (typeof value !== 'boolean') {
    throw unprocessable('Поле checked должно быть логическим значением.', { checked: 'Ожидается boolean' });
  }
  return value;
}

function parseAssignee(state: TrackerState, value: unknown): string | undefined {
  return value === null ? undefined : requireUserField(state, value, 'assignee');
}

/** `{date, deadlineType}`; anything else (a bare date string above all) is the API's 422. */
function parseDeadline(value: unknown): ChecklistItemRecord['deadline'] {
  if (value === null) return undefined;
  const object =
    typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const type = object?.['deadlineType'] ?? 'date';
  // A real day and time only: 2026-11-31 is refused, not rolled over to 1 December (dates.ts).
  const at = parseDateTime(object?.['date']);
  if (at === undefined || (type !== 'date' && type !== 'dateTime')) {
    throw unprocessable(
      'Поле deadline содержит некорректное значение: ожидается объект {"date", "deadlineType"}.',
      {
        deadline: 'Ожидается объект {date, deadlineType}',
      },
    );
  }
  return { date: trackerDate(new Date(at)), deadlineType: type };
}

/** Applies the item fields present in `body` (a new item when `item` is a fresh record). */
function applyItem(state: TrackerState, item: ChecklistItemRecord, body: Record<string, unknown>): void {
  if ('text' in body) item.text = parseText(body['text']);
  if ('checked' in body) item.checked = parseChecked(body['checked']);
  if ('assignee' in body) {
    const login = parseAssignee(state, body['assignee']);
    if (login) item.assignee = login;
    else delete item.assignee;
  }
  if ('deadline' in body) {
    const deadline = parseDeadline(body['deadline']);
    if (deadline) item.deadline = deadline;
    else delete item.deadline;
  }
}

/** Records the change, bumps the issue and answers with the issue, as the API does. */
function changed(ctx: RouteContext, issue: IssueRecord, before: ChecklistItemRecord[]) {
  const after = ctx.state.checklists.get(issue.id) ?? [];
  const render = (items: ChecklistItemRecord[]) => items.map((i) => renderChecklistItem(ctx.state, i));
  recordChange(ctx.state, issue.id, ctx.me, 'IssueUpdated', [
    { field: 'checklistItems', from: render(before), to: render(after) },
  ]);
  issue.version += 1;
  issue.updatedAt = trackerDate(new Date(ctx.now));
  issue.updatedBy = ctx.me;
  return renderIssue(ctx.state, issue);
}

function requireItem(ctx: RouteContext, items: ChecklistItemRecord[]): ChecklistItemRecord {
  const item = items.find((i) => i.id === ctx.params['itemId']);
  if (!item) throw notFound('Пункт чек-листа не найден.');
  return item;
}

const snapshot = (items: ChecklistItemRecord[] | undefined) =>
  (items ?? []).map((i) => ({ ...i, ...(i.deadline ? { deadline: { ...i.deadline } } : {}) }));

export function checklistsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/issues/:key/checklistItems', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return (ctx.state.checklists.get(issue.id) ?? []).map((i) => renderChecklistItem(ctx.state, i));
    }),
    route('POST', '/issues/:key/checklistItems', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const body = objectBody(ctx.request);
      const before = snapshot(ctx.state.checklists.get(issue.id));
      const item: ChecklistItemRecord = {
        id: newItemId(ctx.state),
        text: parseText(body['text']),
        checked: false,
      };
      applyItem(ctx.state, item, body);
      checklistOf(ctx.state, issue).push(item);
      return changed(ctx, issue, before);
    }),
    route('PATCH', '/issues/:key/checklistItems', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const body = ctx.request.body;
      if (!Array.isArray(body)) {
        throw unprocessable('Тело запроса должно быть массивом всех пунктов чек-листа.');
      }
      const current = checklistOf(ctx.state, issue);
      const before = snapshot(current);
      const next = body.map((entry: unknown) => {
        const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
        const existing = current.find((i) => i.id === fields['id']);
        if (fields['id'] !== undefined && !existing) throw notFound('Пункт чек-листа не найден.');
        const item: ChecklistItemRecord = existing
          ? { ...existing }
          : { id: newItemId(ctx.state), text: parseText(fields['text']), checked: false };
        applyItem(ctx.state, item, fields);
        return item;
      });
      ctx.state.checklists.set(issue.id, next);
      return changed(ctx, issue, before);
    }),
    route('PATCH', '/issues/:key/checklistItems/:itemId', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const items = ctx.state.checklists.get(issue.id) ?? [];
      const item = requireItem(ctx, items);
      const before = snapshot(items);
      applyItem(ctx.state, item, objectBody(ctx.request));
      return changed(ctx, issue, before);
    }),
    route('DELETE', '/issues/:key/checklistItems/:itemId', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const items = ctx.state.checklists.get(issue.id) ?? [];
      const item = requireItem(ctx, items);
      const before = snapshot(items);
      items.splice(items.indexOf(item), 1);
      return changed(ctx, issue, before);
    }),
    route('DELETE', '/issues/:key/checklistItems', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const before = snapshot(ctx.state.checklists.get(issue.id));
      ctx.state.checklists.delete(issue.id);
      return changed(ctx, issue, before);
    }),
  ];
}
