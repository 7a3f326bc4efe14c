/** A checklist and its items, compact: ids to act on, names, done, who, nesting. */
import { userLabel, type ApiUser } from './task-view.ts';

export interface ApiChecklistItem {
  id: string;
  name: string;
  resolved: boolean;
  assignee?: ApiUser | null;
  parent?: string | null;
}

export interface ApiChecklistFull {
  id: string;
  name: string;
  task_id?: string;
  items?: ApiChecklistItem[];
}

export interface ChecklistItemView {
  id: string;
  name: string;
  done: boolean;
  assignee?: string;
  parent?: string;
}

export interface ChecklistView {
  id: string;
  name: string;
  taskId?: string;
  items: ChecklistItemView[];
}

export function toChecklistItemView(item: ApiChecklistItem): ChecklistItemView {
  return {
    id: item.id,
    name: item.name,
    done: item.resolved,
    ...(item.assignee ? { assignee: userLabel(item.assignee) } : {}),
    ...(item.parent ? { parent: item.parent } : {}),
  };
}

export function toChecklistView(checklist: ApiChecklistFull): ChecklistView {
  return {
    id: checklist.id,
    name: checklist.name,
    ...(checklist.task_id ? { taskId: checklist.task_id } : {}),
    items: (checklist.items ?? []).map(toChecklistItemView),
  };
}
