/**
 * A ClickUp task as the API returns it (the fields tools read), and its compact view: what a model
 * needs to act on a task in few tokens. Sections a caller asks for (`include`) are added to it.
 */
export interface ApiUser {
  id: number;
  username?: string | null;
  email?: string | null;
  initials?: string | null;
}

export interface ApiCustomField {
  id: string;
  name: string;
  type: string;
  type_config?: {
    options?: { id: string; name?: string; label?: string; orderindex?: number; color?: string | null }[];
  } & Record<string, unknown>;
  value?: unknown;
  required?: boolean;
}

export interface ApiChecklist {
  id: string;
  name: string;
  items?: {
    id: string;
    name: string;
    resolved: boolean;
    assignee?: ApiUser | null;
    parent?: string | null;
  }[];
}

export interface ApiTask {
  id: string;
  custom_id?: string | null;
  name: string;
  text_content?: string | null;
  description?: string | null;
  markdown_description?: string | null;
  status?: { status: string; type?: string; color?: string } | null;
  date_created?: string | null;
  date_updated?: string | null;
  date_closed?: string | null;
  date_done?: string | null;
  archived?: boolean;
  creator?: ApiUser | null;
  assignees?: ApiUser[];
  watchers?: ApiUser[];
  checklists?: ApiChecklist[];
  tags?: { name: string }[];
  parent?: string | null;
  priority?: { id?: string; priority: string } | null;
  due_date?: string | null;
  start_date?: string | null;
  time_estimate?: number | string | null;
  time_spent?: number | string | null;
  custom_fields?: ApiCustomField[];
  list?: { id: string; name?: string } | null;
  folder?: { id: string; name?: string; hidden?: boolean } | null;
  space?: { id: string } | null;
  url?: string;
  subtasks?: ApiTask[];
  dependencies?: unknown[];
  linked_tasks?: unknown[];
}

/** Epoch-ms strings (ClickUp's dates) as ISO 8601; undefined stays undefined. */
export function isoDate(ms: string | number | null | undefined): string | undefined {
  if (ms === null || ms === undefined || ms === '') return undefined;
  const n = Number(ms);
  return Number.isFinite(n) ? new Date(n).toISOString() : undefined;
}

export const userLabel = (u: ApiUser) => u.username ?? u.email ?? String(u.id);

export interface TaskView {
  id: string;
  customId?: string;
  name: string;
  status?: string;
  priority?: string;
  assignees?: { id: number; name: string }[];
  due?: string;
  list?: { id: string; name?: string };
  parent?: string;
  tags?: string[];
  url?: string;
}

/** The compact view: ids, name, status, who, when, where. */
export function toTaskView(task: ApiTask): TaskView {
  return {
    id: task.id,
    ...(task.custom_id ? { customId: task.custom_id } : {}),
    name: task.name,
    ...(task.status?.status ? { status: task.status.status } : {}),
    ...(task.priority?.priority ? { priority: task.priority.priority } : {}),
    ...(task.assignees?.length
      ? { assignees: task.assignees.map((u) => ({ id: u.id, name: userLabel(u) })) }
      : {}),
    ...(isoDate(task.due_date) ? { due: isoDate(task.due_date)! } : {}),
    ...(task.list ? { list: { id: task.list.id, ...(task.list.name ? { name: task.list.name } : {}) } } : {}),
    ...(task.parent ? { parent: task.parent } : {}),
    ...(task.tags?.length ? { tags: task.tags.map((t) => t.name) } : {}),
    ...(task.url ? { url: task.url } : {}),
  };
}

/** A custom field's value in words: drop-down and label options by name, dates as ISO. */
export function readableFieldValue(field: ApiCustomField): unknown {
  const value = field.value;
  if (value === undefined || value === null || value === '') return undefined;
  const options = field.type_config?.options ?? [];
  const optionName = (v: unknown) => {
    const option = options.find((o) => o.id === v || o.orderindex === Number(v));
    return option ? (option.name ?? option.label ?? option.id) : v;
  };
  switch (field.type) {
    case 'drop_down':
      return optionName(value);
    case 'labels':
      return Array.isArray(value) ? value.map(optionName) : value;
    case 'date':
      return isoDate(value as string);
    case 'users':
      return Array.isArray(value) ? (value as ApiUser[]).map(userLabel) : value;
    case 'tasks':
      return Array.isArray(value)
        ? (value as { id: string; name?: string }[]).map((t) => t.name ?? t.id)
        : value;
    default:
      return value;
  }
}
