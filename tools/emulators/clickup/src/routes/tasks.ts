/**
 * Tasks (research §2.5): create `POST /list/{list_id}/task`, `GET/PUT/DELETE /task/{task_id}`
 * (custom ids with `custom_task_ids=true&team_id=`), `GET /list/{list_id}/task` and the filtered
 * search `GET /team/{team_id}/task` (task-query.ts), `GET /task/{task_id}/member`, and the v3 move
 * `PUT /api/v3/workspaces/{ws}/tasks/{task_id}/home_list/{list_id}` (research §2.4).
 *
 * Quirks kept: Update Task takes `assignees` and `watchers` only as `{add, rem}` — a flat array is
 * ignored with 200 (research §1.6 #1); it ignores `custom_fields` (only Create Task and Set Custom
 * Field Value write them); `parent: null` does not un-parent; a status must be one of the list's
 * (ITEM_114); a parent must be in the same list (ITEM_137).
 */
import { badRequest, fieldNotInLocation, parentNotInList, statusNotFound } from '../clickup-error.ts';
import type { ClickUpState, ListRecord, TaskRecord } from '../clickup-state.ts';
import { toStoredValue } from '../custom-field-value.ts';
import { nextTaskId } from '../ids.ts';
import {
  fieldsOfList,
  findList,
  findSpace,
  findUser,
  lookupTask,
  renderPriority,
  renderTask,
  renderUser,
  statusOf,
} from '../render.ts';
import { readTeam, requireTeam, taskFromPath, touch } from '../route-helpers.ts';
import {
  objectBody,
  queryBoolean,
  queryList,
  respond,
  v2,
  v3,
  type ClickUpRoute,
  type RouteContext,
} from '../router.ts';
import { recordStatusChange } from '../status-history.ts';
import { filterTasks, sortAndPage } from '../task-query.ts';
import type { HistoryChange } from '../webhooks/webhook-dispatcher.ts';

export function taskRoutes(): ClickUpRoute[] {
  const renderOptions = (ctx: RouteContext) => ({
    includeSubtasks: queryBoolean(ctx.request, 'include_subtasks') ?? false,
    includeMarkdown: queryBoolean(ctx.request, 'include_markdown_description') ?? false,
  });
  const page = (ctx: RouteContext, candidates: TaskRecord[]) => {
    const { tasks, last_page } = sortAndPage(ctx.request, filterTasks(ctx.state, ctx.request, candidates));
    return { tasks: tasks.map((t) => renderTask(ctx.state, t, renderOptions(ctx))), last_page };
  };
  return [
    v2('POST', '/list/:list_id/task', (ctx) => createTask(ctx, findList(ctx.state, ctx.params['list_id']!))),
    v2('GET', '/list/:list_id/task', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      // include_timl=true: also the tasks added to the list from another home list (research §2.5).
      const timl = queryBoolean(ctx.request, 'include_timl') === true;
      const added = new Set(
        timl ? (ctx.state.taskLocations ?? []).filter((l) => l.listId === list.id).map((l) => l.taskId) : [],
      );
      return page(
        ctx,
        ctx.state.tasks.filter((t) => t.listId === list.id || added.has(t.id)),
      );
    }),
    v2('GET', '/team/:team_id/task', (ctx) => {
      if (!readTeam(ctx)) return { tasks: [], last_page: true };
      const spaceIds = queryList(ctx.request, 'space_ids');
      const folderIds = queryList(ctx.request, 'project_ids');
      const listIds = queryList(ctx.request, 'list_ids');
      const candidates = ctx.state.tasks.filter((t) => {
        const list = ctx.state.lists.find((l) => l.id === t.listId);
        if (!list) return false;
        return (
          (spaceIds.length === 0 || spaceIds.includes(list.spaceId)) &&
          (folderIds.length === 0 || (list.folderId !== null && folderIds.includes(list.folderId))) &&
          (listIds.length === 0 || listIds.includes(list.id))
        );
      });
      return page(ctx, candidates);
    }),
    v2('GET', '/task/:task_id', (ctx) => renderTask(ctx.state, taskFromPath(ctx), renderOptions(ctx))),
    v2('PUT', '/task/:task_id', (ctx) => updateTask(ctx, taskFromPath(ctx))),
    v2('DELETE', '/task/:task_id', (ctx) => {
      const task = taskFromPath(ctx);
      const doomed = [task];
      for (let i = 0; i < doomed.length; i += 1) {
        doomed.push(...ctx.state.tasks.filter((t) => t.parent === doomed[i]!.id && !t.deleted));
      }
      for (const t of doomed) {
        t.deleted = true;
        ctx.webhooks.taskDeleted(t);
      }
      return respond({ status: 204 });
    }),
    v2('GET', '/task/:task_id/member', (ctx) => {
      const task = taskFromPath(ctx);
      return {
        members: ctx.state.users.filter((u) => u.role !== 4 || task.assignees.includes(u.id)).map(renderUser),
      };
    }),
    v3('PUT', '/workspaces/:workspace_id/tasks/:task_id/home_list/:list_id', (ctx) => {
      requireTeam(ctx, 'workspace_id');
      // v3 has no custom-id support (research §2.9).
      const task = lookupTask(ctx.state, ctx.params['task_id']!, { customTaskIds: false, teamId: undefined });
      return moveTask(ctx, task, findList(ctx.state, ctx.params['list_id']!));
    }),
  ];
}

function findStatus(list: ListRecord, name: unknown) {
  if (typeof name !== 'string') throw statusNotFound();
  const status = list.statuses.find((s) => s.status.toLowerCase() === name.trim().toLowerCase());
  if (!status) throw statusNotFound();
  return status;
}

function setStatus(ctx: RouteContext, task: TaskRecord, list: ListRecord, name: unknown): void {
  const status = findStatus(list, name);
  recordStatusChange(ctx.state, task, status.status, ctx.now);
  task.status = status.status;
  const finished = status.type === 'closed' || status.type === 'done';
  task.dateClosed = finished ? (task.dateClosed ?? ctx.now) : null;
  task.dateDone = finished ? (task.dateDone ?? ctx.now) : null;
}

/**
 * `due_date` / `start_date`: ms since the epoch, an integer (research §2.1 "sent as integers"); a
 * string of digits is taken as the same number, null clears. A negative or fractional number, or a
 * string that is not all digits ("2026-01-10", "tomorrow", "-5"), is refused before anything is
 * changed — 400 INPUT_001 "<name> must be a date in ms" is assumed (the research names no code).
 */
function dateInput(value: unknown, name: string): number | null {
  if (value === null) return null;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw badRequest(`${name} must be a date in ms`);
  }
  return n;
}

function priorityInput(value: unknown): TaskRecord['priority'] {
  if (value === null) return null;
  const n = typeof value === 'string' ? Number(value) : value;
  if (n !== 1 && n !== 2 && n !== 3 && n !== 4) throw badRequest('Priority invalid');
  return n;
}

function checkParent(state: ClickUpState, list: ListRecord, parentId: unknown): string {
  if (typeof parentId !== 'string') throw badRequest('Parent must be a task id');
  const parent = lookupTask(state, parentId, { customTaskIds: false, teamId: undefined });
  if (parent.listId !== list.id) throw parentNotInList();
  return parent.id;
}

function members(state: ClickUpState, ids: unknown): number[] {
  if (!Array.isArray(ids)) return [];
  return ids.map(Number).filter((id) => state.users.some((u) => u.id === id));
}

function createTask(ctx: RouteContext, list: ListRecord) {
  const { state } = ctx;
  const body = objectBody(ctx.request);
  if (typeof body['name'] !== 'string' || body['name'].trim() === '') throw badRequest('Task name invalid');
  const space = findSpace(state, list.spaceId);
  // Every check before any change: a refused create leaves nothing behind (not a Space tag, not an id).
  const priority = body['priority'] === undefined ? null : priorityInput(body['priority']);
  const dueDate = body['due_date'] === undefined ? null : dateInput(body['due_date'], 'due_date');
  const startDate = body['start_date'] === undefined ? null : dateInput(body['start_date'], 'start_date');
  if (body['status'] !== undefined) findStatus(list, body['status']);
  const parent =
    body['parent'] !== undefined && body['parent'] !== null ? checkParent(state, list, body['parent']) : null;
  const customFields: Record<string, unknown> = {};
  if (body['custom_fields'] !== undefined) {
    if (!Array.isArray(body['custom_fields'])) throw badRequest('custom_fields must be an array');
    const accessible = fieldsOfList(state, list);
    for (const entry of body['custom_fields'] as Array<{ id?: unknown; value?: unknown }>) {
      const field = accessible.find((f) => f.id === entry?.id);
      if (!field) throw fieldNotInLocation();
      const stored = toStoredValue(state, field, entry.value, undefined);
      if (stored !== undefined) customFields[field.id] = stored;
    }
  }
  const linked =
    typeof body['links_to'] === 'string'
      ? lookupTask(state, body['links_to'], { customTaskIds: false, teamId: undefined })
      : undefined;

  const task: TaskRecord = {
    id: nextTaskId(state),
    customId: null,
    name: body['name'],
    description: typeof body['description'] === 'string' ? body['description'] : '',
    markdownDescription: '',
    listId: list.id,
    parent,
    status: list.statuses[0]!.status,
    creator: ctx.me,
    assignees: members(state, body['assignees']),
    watchers: [ctx.me],
    tags: [],
    priority,
    dueDate,
    dueDateTime: body['due_date_time'] === true,
    startDate,
    startDateTime: body['start_date_time'] === true,
    timeEstimate: typeof body['time_estimate'] === 'number' ? body['time_estimate'] : null,
    points: typeof body['points'] === 'number' ? body['points'] : null,
    dateCreated: ctx.now,
    dateUpdated: ctx.now,
    dateClosed: null,
    dateDone: null,
    archived: body['archived'] === true,
    orderindex: state.tasks.length + 1,
    customFields,
    deleted: false,
  };
  const markdown = body['markdown_content'] ?? body['markdown_description'];
  if (typeof markdown === 'string') {
    task.markdownDescription = markdown;
    if (task.description === '') task.description = markdown.replace(/[*_`#>]/g, '');
  }
  if (body['status'] !== undefined) setStatus(ctx, task, list, body['status']);
  // Tags on create are names; one the Space does not have yet is created in it.
  if (Array.isArray(body['tags'])) {
    for (const name of body['tags'].map((t) => String(t).toLowerCase())) {
      if (!space.tags.some((t) => t.name === name)) {
        space.tags.push({ name, tag_fg: '#000000', tag_bg: '#d3d3d3', creator: ctx.me });
      }
      if (!task.tags.includes(name)) task.tags.push(name);
    }
  }
  if (space.customIdPrefix !== null) task.customId = `${space.customIdPrefix}-${space.customIdCounter++}`;
  if (linked) state.links.push({ taskId: task.id, linksTo: linked.id, userId: ctx.me, date: ctx.now });
  state.tasks.push(task);
  ctx.webhooks.taskCreated(task, ctx.me);
  return renderTask(state, task);
}

/** `{add, rem}` applied to a list of user ids; anything else (a flat array) is ignored, as by the API. */
function applyAddRem(state: ClickUpState, current: number[], value: unknown) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { next: current, added: [], removed: [] };
  const { add, rem } = value as { add?: unknown; rem?: unknown };
  const added = members(state, add).filter((id) => !current.includes(id));
  const removeIds = Array.isArray(rem) ? rem.map(Number) : [];
  const removed = current.filter((id) => removeIds.includes(id));
  return { next: [...current.filter((id) => !removeIds.includes(id)), ...added], added, removed };
}

function updateTask(ctx: RouteContext, task: TaskRecord) {
  const { state } = ctx;
  const body = objectBody(ctx.request);
  const list = findList(state, task.listId);
  const changes: HistoryChange[] = [];
  const userJson = (id: number) => {
    const user = findUser(state, id);
    return user ? renderUser(user) : { id };
  };

  if (body['name'] !== undefined) {
    if (typeof body['name'] !== 'string' || body['name'].trim() === '') throw badRequest('Task name invalid');
    if (body['name'] !== task.name) changes.push({ field: 'name', before: task.name, after: body['name'] });
  }
  if (body['status'] !== undefined) findStatus(list, body['status']);
  if (body['priority'] !== undefined) priorityInput(body['priority']);
  if (body['parent'] !== undefined && body['parent'] !== null) {
    const parentId = checkParent(state, list, body['parent']);
    // Assumed (the research names no code): a task under itself or under its own subtask is refused.
    const parent = state.tasks.find((t) => t.id === parentId)!;
    if (parentId === task.id || isBelow(state, parent, task.id)) {
      throw badRequest('A task cannot be a subtask of itself or of its own subtasks');
    }
  }
  const due = body['due_date'] === undefined ? undefined : dateInput(body['due_date'], 'due_date');
  const start = body['start_date'] === undefined ? undefined : dateInput(body['start_date'], 'start_date');

  // Every check passed: apply.
  if (typeof body['name'] === 'string') task.name = body['name'];
  if (typeof body['description'] === 'string') {
    const description = body['description'] === ' ' ? '' : body['description'];
    changes.push({
      field: 'content',
      before: null,
      after: JSON.stringify({ ops: [{ insert: description }, { insert: '\n' }] }),
    });
    task.description = description;
    task.markdownDescription = '';
  }
  const markdown = body['markdown_content'] ?? body['markdown_description'];
  if (typeof markdown === 'string') {
    task.markdownDescription = markdown;
    task.description = markdown.replace(/[*_`#>]/g, '');
  }
  if (body['status'] !== undefined) {
    const before = statusOf(state, task);
    setStatus(ctx, task, list, body['status']);
    const after = statusOf(state, task);
    if (before.status !== after.status) {
      const json = (s: typeof before) => ({
        status: s.status,
        color: s.color,
        orderindex: s.orderindex,
        type: s.type,
      });
      changes.push({
        field: 'status',
        event: 'taskStatusUpdated',
        data: { status_type: after.type },
        before: json(before),
        after: json(after),
      });
    }
  }
  if (body['priority'] !== undefined) {
    const before = task.priority;
    task.priority = priorityInput(body['priority']);
    if (before !== task.priority) {
      changes.push({
        field: 'priority',
        event: 'taskPriorityUpdated',
        before: renderPriority(before),
        after: renderPriority(task.priority),
      });
    }
  }
  if (due !== undefined) {
    changes.push({
      field: 'due_date',
      event: 'taskDueDateUpdated',
      data: { due_date_time: body['due_date_time'] === true, old_due_date_time: task.dueDateTime },
      before: task.dueDate === null ? null : String(task.dueDate),
      after: due === null ? null : String(due),
    });
    task.dueDate = due;
    task.dueDateTime = body['due_date_time'] === true;
  }
  if (start !== undefined) {
    task.startDate = start;
    task.startDateTime = body['start_date_time'] === true;
  }
  if (body['time_estimate'] !== undefined) {
    const estimate = typeof body['time_estimate'] === 'number' ? body['time_estimate'] : null;
    changes.push({
      field: 'time_estimate',
      event: 'taskTimeEstimateUpdated',
      before: task.timeEstimate === null ? null : String(task.timeEstimate),
      after: estimate === null ? null : String(estimate),
    });
    task.timeEstimate = estimate;
  }
  if (body['points'] !== undefined) task.points = typeof body['points'] === 'number' ? body['points'] : null;
  if (typeof body['archived'] === 'boolean') task.archived = body['archived'];
  if (typeof body['parent'] === 'string') task.parent = checkParent(state, list, body['parent']);

  const assignees = applyAddRem(state, task.assignees, body['assignees']);
  task.assignees = assignees.next;
  for (const id of assignees.added) {
    changes.push({ field: 'assignee_add', event: 'taskAssigneeUpdated', before: null, after: userJson(id) });
  }
  for (const id of assignees.removed) {
    changes.push({ field: 'assignee_rem', event: 'taskAssigneeUpdated', before: userJson(id), after: null });
  }
  task.watchers = applyAddRem(state, task.watchers, body['watchers']).next;

  touch(ctx, task);
  ctx.webhooks.taskChanged(task, ctx.me, changes);
  return renderTask(state, task);
}

function moveTask(ctx: RouteContext, task: TaskRecord, destination: ListRecord) {
  const { state } = ctx;
  if (task.parent !== null) throw badRequest('Only top-level tasks can be moved to another List');
  const body = objectBody(ctx.request);
  const source = findList(state, task.listId);
  if (source.id === destination.id) return {};
  const mappings = Array.isArray(body['status_mappings'])
    ? (body['status_mappings'] as Array<{ source_status?: unknown; destination_status?: unknown }>)
    : [];
  const moveFields = body['move_custom_fields'] === true;
  const keepFields = new Set(
    Array.isArray(body['custom_fields_to_move']) ? body['custom_fields_to_move'].map(String) : [],
  );
  const targets = [task, ...state.tasks.filter((t) => t.parent !== null && isBelow(state, t, task.id))];
  const plans = targets.map((t) => {
    const mapping = mappings.find(
      (m) => typeof m.source_status === 'string' && m.source_status.toLowerCase() === t.status.toLowerCase(),
    );
    const status = mapping
      ? findStatus(destination, mapping.destination_status)
      : (destination.statuses.find((s) => s.status.toLowerCase() === t.status.toLowerCase()) ??
        destination.statuses[0]!);
    return { task: t, status };
  });
  const accessible = new Set(fieldsOfList(state, destination).map((f) => f.id));
  const listJson = (l: ListRecord) => ({
    id: l.id,
    name: l.name,
    category: l.folderId === null ? null : { id: l.folderId },
    project: { id: l.spaceId },
  });
  for (const { task: t, status } of plans) {
    t.listId = destination.id;
    setStatus(ctx, t, destination, status.status);
    for (const fieldId of Object.keys(t.customFields)) {
      if (!accessible.has(fieldId) && !(moveFields || keepFields.has(fieldId)))
        delete t.customFields[fieldId];
    }
    touch(ctx, t);
  }
  ctx.webhooks.taskChanged(task, ctx.me, [
    { field: 'section_moved', event: 'taskMoved', before: listJson(source), after: listJson(destination) },
  ]);
  return {};
}

function isBelow(state: ClickUpState, task: TaskRecord, ancestorId: string): boolean {
  let current: TaskRecord | undefined = task;
  while (current && current.parent !== null) {
    if (current.parent === ancestorId) return true;
    current = state.tasks.find((t) => t.id === current!.parent);
  }
  return false;
}
