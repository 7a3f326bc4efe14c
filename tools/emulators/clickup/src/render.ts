/**
 * Records → the API's JSON: dates as epoch-ms strings (research §2.1), users as objects, the task
 * object of GET /task (research §2.5) with its custom fields (unset fields have no `value` key, §3).
 */
import { attachmentUrl } from './attachment-origin.ts';
import type {
  ClickUpState,
  CustomFieldRecord,
  FolderRecord,
  ListRecord,
  SpaceRecord,
  StatusRecord,
  TaskRecord,
  UserRecord,
} from './clickup-state.ts';
import { listIdInvalid, listNotFound, notFound, taskDeleted, teamNotAuthorized } from './clickup-error.ts';

export const APP_ORIGIN = 'https://app.clickup.com';

/** Epoch ms as the API sends it: a string, or null. */
export const ms = (value: number | null | undefined): string | null =>
  value === null || value === undefined ? null : String(value);

export function findUser(state: ClickUpState, id: number): UserRecord | undefined {
  return state.users.find((u) => u.id === id);
}

export function renderUser(user: UserRecord) {
  return {
    id: user.id,
    username: user.username,
    color: user.color,
    initials: user.initials,
    email: user.email,
    profilePicture: null,
  };
}

export function userRef(state: ClickUpState, id: number | null) {
  if (id === null) return null;
  const user = findUser(state, id);
  return user ? renderUser(user) : { id, username: null, color: null, initials: null, email: null };
}

export const renderStatus = (s: StatusRecord) => ({
  id: s.id,
  status: s.status,
  color: s.color,
  orderindex: s.orderindex,
  type: s.type,
});

const PRIORITIES = {
  1: { id: '1', priority: 'urgent', color: '#f50000', orderindex: '1' },
  2: { id: '2', priority: 'high', color: '#ffcc00', orderindex: '2' },
  3: { id: '3', priority: 'normal', color: '#6fddff', orderindex: '3' },
  4: { id: '4', priority: 'low', color: '#d8d8d8', orderindex: '4' },
} as const;

export const renderPriority = (p: TaskRecord['priority']) => (p === null ? null : PRIORITIES[p]);

// --- hierarchy -------------------------------------------------------------------------------

export function findSpace(state: ClickUpState, id: string): SpaceRecord {
  const space = state.spaces.find((s) => s.id === id);
  if (!space) throw notFound('Space');
  return space;
}

export function findFolder(state: ClickUpState, id: string): FolderRecord {
  const folder = state.folders.find((f) => f.id === id);
  if (!folder) throw notFound('Folder');
  return folder;
}

/**
 * A list by id. A list id is numeric: anything else (a name, a form slug like `8cj47gd-10171`) is
 * refused for its format before any lookup — 400 `{"err":"validateListIDEx List ID invalid",
 * "ECODE":"INPUT_003"}`, as observed against the real API; a numeric id that does not exist is 404.
 */
export function findList(state: ClickUpState, id: string): ListRecord {
  if (!/^\d+$/.test(id)) throw listIdInvalid();
  const list = state.lists.find((l) => l.id === id);
  if (!list) throw listNotFound();
  return list;
}

/** Folderless lists live in a hidden folder of their Space; this is its id. */
export const hiddenFolderId = (spaceId: string) => `9${spaceId}`;

export function renderSpace(space: SpaceRecord) {
  return {
    id: space.id,
    name: space.name,
    color: null,
    private: space.private,
    avatar: null,
    admin_can_manage: true,
    statuses: space.statuses.map(renderStatus),
    multiple_assignees: space.multipleAssignees,
    features: {
      due_dates: { enabled: true, start_date: true, remap_due_dates: true, remap_closed_due_date: false },
      time_tracking: { enabled: true },
      tags: { enabled: true },
      time_estimates: { enabled: true },
      checklists: { enabled: true },
      custom_fields: { enabled: true },
      remap_dependencies: { enabled: true },
      dependency_warning: { enabled: true },
      portfolios: { enabled: true },
    },
    archived: space.archived,
  };
}

export function renderList(state: ClickUpState, list: ListRecord) {
  const folder = list.folderId === null ? undefined : state.folders.find((f) => f.id === list.folderId);
  const space = state.spaces.find((s) => s.id === list.spaceId);
  return {
    id: list.id,
    name: list.name,
    orderindex: list.orderindex,
    content: list.content,
    status: null,
    priority: null,
    assignee: null,
    task_count: state.tasks.filter((t) => t.listId === list.id && !t.deleted).length,
    due_date: ms(list.dueDate),
    start_date: ms(list.startDate),
    folder: folder
      ? { id: folder.id, name: folder.name, hidden: false, access: true }
      : { id: hiddenFolderId(list.spaceId), name: 'hidden', hidden: true, access: true },
    space: { id: list.spaceId, name: space?.name ?? '', access: true },
    archived: list.archived,
    override_statuses: true,
    statuses: list.statuses.map(renderStatus),
    permission_level: 'create',
  };
}

export function renderFolder(state: ClickUpState, folder: FolderRecord) {
  const space = state.spaces.find((s) => s.id === folder.spaceId);
  const lists = state.lists.filter((l) => l.folderId === folder.id && !l.archived);
  return {
    id: folder.id,
    name: folder.name,
    orderindex: folder.orderindex,
    override_statuses: false,
    hidden: folder.hidden,
    space: { id: folder.spaceId, name: space?.name ?? '', access: true },
    task_count: String(state.tasks.filter((t) => !t.deleted && lists.some((l) => l.id === t.listId)).length),
    archived: folder.archived,
    statuses: [],
    lists: lists.map((l) => renderList(state, l)),
    permission_level: 'create',
  };
}

// --- custom fields ---------------------------------------------------------------------------

/** The fields accessible on a list: created on it, its folder or its Space (research §2.6). */
export function fieldsOfList(state: ClickUpState, list: ListRecord): CustomFieldRecord[] {
  return state.fields.filter(
    (f) =>
      (f.location.type === 'list' && f.location.id === list.id) ||
      (f.location.type === 'folder' && f.location.id === list.folderId) ||
      (f.location.type === 'space' && f.location.id === list.spaceId),
  );
}

export function renderField(field: CustomFieldRecord) {
  return {
    id: field.id,
    name: field.name,
    type: field.type,
    type_config: field.type_config,
    date_created: ms(field.dateCreated),
    hide_from_guests: field.hideFromGuests,
    required: field.required,
  };
}

function renderFieldValue(state: ClickUpState, field: CustomFieldRecord, value: unknown) {
  if (field.type === 'users' && Array.isArray(value)) {
    return value.map((id) => userRef(state, id as number));
  }
  if (field.type === 'tasks' && Array.isArray(value)) {
    return value.map((id) => {
      const task = state.tasks.find((t) => t.id === id);
      return {
        id,
        name: task?.name ?? '',
        status: task?.status ?? '',
        url: `${APP_ORIGIN}/t/${id}`,
        custom_type: null,
        deleted: task?.deleted ?? true,
        access: true,
        team_id: state.team.id,
      };
    });
  }
  return value;
}

// --- tasks -----------------------------------------------------------------------------------

export interface TaskLookupOptions {
  /** `custom_task_ids=true` was sent. */
  customTaskIds: boolean;
  /** The `team_id` query parameter. */
  teamId: string | undefined;
}

/**
 * The task a path id names, as the API resolves it: a custom id (`DEV-12`) only with
 * `custom_task_ids=true&team_id=<workspace>`; without them ClickUp answers 401 "Team not
 * authorized" (research §1.6 #2, §2.9) — as it does for an id it cannot see. A deleted task is 404.
 */
export function lookupTask(state: ClickUpState, id: string, options: TaskLookupOptions): TaskRecord {
  if (options.customTaskIds) {
    if (options.teamId !== state.team.id) throw teamNotAuthorized();
    const wanted = id.toUpperCase();
    const task = state.tasks.find((t) => t.customId?.toUpperCase() === wanted && !t.deleted);
    if (task) return task;
    // The flag does not stop a regular id from resolving.
  }
  const task = state.tasks.find((t) => t.id === id);
  if (!task) throw teamNotAuthorized();
  if (task.deleted) throw taskDeleted();
  return task;
}

export function statusOf(state: ClickUpState, task: TaskRecord): StatusRecord {
  const list = state.lists.find((l) => l.id === task.listId);
  const status = list?.statuses.find((s) => s.status === task.status);
  return status ?? { id: 'unknown', status: task.status, color: '#d3d3d3', orderindex: 0, type: 'open' };
}

export interface RenderTaskOptions {
  includeSubtasks?: boolean;
  includeMarkdown?: boolean;
}

export function renderTask(state: ClickUpState, task: TaskRecord, options: RenderTaskOptions = {}) {
  const list = state.lists.find((l) => l.id === task.listId)!;
  const folder = list.folderId === null ? undefined : state.folders.find((f) => f.id === list.folderId);
  const folderRef = folder
    ? { id: folder.id, name: folder.name, hidden: false, access: true }
    : { id: hiddenFolderId(list.spaceId), name: 'hidden', hidden: true, access: true };
  const space = state.spaces.find((s) => s.id === list.spaceId);
  let root = task;
  while (root.parent !== null) {
    const parent = state.tasks.find((t) => t.id === root.parent);
    if (!parent) break;
    root = parent;
  }
  const timeSpent = state.timeEntries
    .filter((e) => e.taskId === task.id && e.end !== null)
    .reduce((sum, e) => sum + (e.end! - e.start), 0);
  const tagRecords = space?.tags ?? [];
  const rendered: Record<string, unknown> = {
    id: task.id,
    custom_id: task.customId,
    custom_item_id: 0,
    name: task.name,
    text_content: task.description,
    description: task.description,
    ...(options.includeMarkdown
      ? { markdown_description: task.markdownDescription || task.description }
      : {}),
    status: renderStatus(statusOf(state, task)),
    orderindex: task.orderindex.toFixed(8),
    date_created: ms(task.dateCreated),
    date_updated: ms(task.dateUpdated),
    date_closed: ms(task.dateClosed),
    date_done: ms(task.dateDone),
    archived: task.archived,
    creator: userRef(state, task.creator),
    assignees: task.assignees.map((id) => userRef(state, id)),
    group_assignees: [],
    watchers: task.watchers.map((id) => userRef(state, id)),
    checklists: state.checklists.filter((c) => c.taskId === task.id).map((c) => renderChecklist(state, c)),
    tags: task.tags.map(
      (name) =>
        tagRecords.find((t) => t.name === name) ?? {
          name,
          tag_fg: '#000000',
          tag_bg: '#ffffff',
          creator: task.creator,
        },
    ),
    parent: task.parent,
    top_level_parent: task.parent === null ? null : root.id,
    priority: renderPriority(task.priority),
    due_date: ms(task.dueDate),
    start_date: ms(task.startDate),
    points: task.points,
    time_estimate: task.timeEstimate,
    time_spent: timeSpent,
    custom_fields: fieldsOfList(state, list).map((field) => ({
      ...renderField(field),
      ...(Object.hasOwn(task.customFields, field.id)
        ? { value: renderFieldValue(state, field, task.customFields[field.id]) }
        : {}),
    })),
    dependencies: state.dependencies
      .filter((d) => d.taskId === task.id || d.dependsOn === task.id)
      .map((d) => ({
        task_id: d.taskId,
        depends_on: d.dependsOn,
        type: d.taskId === task.id ? 1 : 0,
        date_created: ms(d.date),
        userid: String(d.userId),
        workspace_id: state.team.id,
        chain_id: null,
      })),
    linked_tasks: state.links
      .filter((l) => l.taskId === task.id || l.linksTo === task.id)
      .map((l) => ({
        task_id: l.taskId === task.id ? l.taskId : l.linksTo,
        link_id: l.taskId === task.id ? l.linksTo : l.taskId,
        date_created: ms(l.date),
        userid: String(l.userId),
        workspace_id: state.team.id,
      })),
    // Tasks in Multiple Lists: the lists the task was added to besides its home list.
    locations: (state.taskLocations ?? [])
      .filter((l) => l.taskId === task.id)
      .map((l) => ({ id: l.listId, name: state.lists.find((x) => x.id === l.listId)?.name ?? null })),
    team_id: state.team.id,
    url: `${APP_ORIGIN}/t/${task.id}`,
    sharing: {
      public: false,
      public_share_expires_on: null,
      public_fields: [],
      token: null,
      seo_optimized: false,
    },
    permission_level: 'create',
    list: { id: list.id, name: list.name, access: true },
    project: folderRef,
    folder: folderRef,
    space: { id: list.spaceId },
    attachments: state.attachments.filter((a) => a.taskId === task.id).map((a) => renderAttachment(a, state)),
  };
  if (options.includeSubtasks) {
    rendered['subtasks'] = state.tasks
      .filter((t) => t.parent === task.id && !t.deleted)
      .map((t) => renderTask(state, t));
  }
  return rendered;
}

export function renderChecklist(state: ClickUpState, checklist: ClickUpState['checklists'][number]) {
  const resolved = checklist.items.filter((i) => i.resolved).length;
  return {
    id: checklist.id,
    task_id: checklist.taskId,
    name: checklist.name,
    date_created: ms(checklist.dateCreated),
    orderindex: checklist.orderindex,
    creator: state.me,
    resolved,
    unresolved: checklist.items.length - resolved,
    items: checklist.items.map((item) => ({
      id: item.id,
      name: item.name,
      orderindex: item.orderindex,
      assignee: userRef(state, item.assignee),
      group_assignee: null,
      resolved: item.resolved,
      parent: item.parent,
      date_created: ms(item.dateCreated),
      children: [],
    })),
  };
}

export function renderAttachment(attachment: ClickUpState['attachments'][number], state?: ClickUpState) {
  const url = state
    ? attachmentUrl(state, attachment.id, attachment.title)
    : `https://t9015.p.clickup-attachments.com/t9015/${attachment.id}/${encodeURIComponent(attachment.title)}`;
  return {
    id: attachment.id,
    version: '0',
    date: attachment.date,
    title: attachment.title,
    extension: attachment.extension,
    mimetype: attachment.mimetype,
    size: attachment.size,
    thumbnail_small: null,
    thumbnail_large: null,
    url,
    url_w_query: `${url}?view=open`,
    url_w_host: url,
  };
}
