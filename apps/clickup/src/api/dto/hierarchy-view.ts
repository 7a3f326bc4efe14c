/**
 * Spaces, folders and lists as the API returns them (the fields tools read), and their compact
 * views: ids and names first; a list's statuses, since every status a task takes must be one of them.
 */
import { isoDate } from './task-view.ts';

export interface ApiStatus {
  id?: string;
  status: string;
  type?: string;
  orderindex?: number;
  color?: string;
}

export interface ApiSpace {
  id: string;
  name: string;
  private?: boolean;
  archived?: boolean;
  multiple_assignees?: boolean;
  statuses?: ApiStatus[];
  features?: Record<string, { enabled?: boolean } | undefined>;
}

export interface ApiList {
  id: string;
  name: string;
  content?: string | null;
  task_count?: number | string | null;
  archived?: boolean;
  due_date?: string | null;
  priority?: { priority?: string } | null;
  folder?: { id: string; name?: string; hidden?: boolean } | null;
  space?: { id: string; name?: string } | null;
  statuses?: ApiStatus[];
}

export interface ApiFolder {
  id: string;
  name: string;
  hidden?: boolean;
  archived?: boolean;
  task_count?: number | string | null;
  space?: { id: string; name?: string } | null;
  lists?: ApiList[];
}

export interface StatusView {
  status: string;
  /** open (the first), custom, done or closed. */
  type?: string;
}

export const toStatusView = (s: ApiStatus): StatusView => ({
  status: s.status,
  ...(s.type ? { type: s.type } : {}),
});

const count = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? undefined : Number(value);

export interface SpaceView {
  id: string;
  name: string;
  private?: true;
  archived?: true;
}

export const toSpaceView = (s: ApiSpace): SpaceView => ({
  id: s.id,
  name: s.name,
  ...(s.private ? { private: true as const } : {}),
  ...(s.archived ? { archived: true as const } : {}),
});

export interface SpaceDetail extends SpaceView {
  multipleAssignees?: boolean;
  /** Statuses new lists start with. */
  statuses: StatusView[];
  /** ClickApps switched on (tags, time_tracking, custom_fields, …). */
  features: string[];
}

export const toSpaceDetail = (s: ApiSpace): SpaceDetail => ({
  ...toSpaceView(s),
  ...(s.multiple_assignees !== undefined ? { multipleAssignees: s.multiple_assignees } : {}),
  statuses: (s.statuses ?? []).map(toStatusView),
  features: Object.entries(s.features ?? {})
    .filter(([, f]) => f?.enabled)
    .map(([name]) => name),
});

export interface ListSummary {
  id: string;
  name: string;
  tasks?: number;
  archived?: true;
}

export const toListSummary = (l: ApiList): ListSummary => {
  const tasks = count(l.task_count);
  return {
    id: l.id,
    name: l.name,
    ...(tasks !== undefined ? { tasks } : {}),
    ...(l.archived ? { archived: true as const } : {}),
  };
};

export interface ListDetail extends ListSummary {
  /** Absent for a folderless list. */
  folder?: { id: string; name?: string };
  space?: { id: string; name?: string };
  content?: string;
  due?: string;
  priority?: string;
  statuses: StatusView[];
}

export const toListDetail = (l: ApiList): ListDetail => ({
  ...toListSummary(l),
  ...(l.folder && !l.folder.hidden
    ? { folder: { id: l.folder.id, ...(l.folder.name ? { name: l.folder.name } : {}) } }
    : {}),
  ...(l.space ? { space: { id: l.space.id, ...(l.space.name ? { name: l.space.name } : {}) } } : {}),
  ...(l.content ? { content: l.content } : {}),
  ...(isoDate(l.due_date) ? { due: isoDate(l.due_date)! } : {}),
  ...(l.priority?.priority ? { priority: l.priority.priority } : {}),
  statuses: (l.statuses ?? []).map(toStatusView),
});

export interface FolderView {
  id: string;
  name: string;
  archived?: true;
  lists: { id: string; name: string }[];
}

export const toFolderView = (f: ApiFolder): FolderView => ({
  id: f.id,
  name: f.name,
  ...(f.archived ? { archived: true as const } : {}),
  lists: (f.lists ?? []).map((l) => ({ id: l.id, name: l.name })),
});

export interface FolderDetail {
  id: string;
  name: string;
  archived?: true;
  space?: { id: string; name?: string };
  tasks?: number;
  lists: ListSummary[];
}

export const toFolderDetail = (f: ApiFolder): FolderDetail => {
  const tasks = count(f.task_count);
  return {
    id: f.id,
    name: f.name,
    ...(f.archived ? { archived: true as const } : {}),
    ...(f.space ? { space: { id: f.space.id, ...(f.space.name ? { name: f.space.name } : {}) } } : {}),
    ...(tasks !== undefined ? { tasks } : {}),
    lists: (f.lists ?? []).map(toListSummary),
  };
};
