/**
 * ClickUp views (list, board, calendar, gantt, …) as the API returns them, and their compact view:
 * the id to read its tasks with, the name people call it by, the type.
 */
export interface ApiView {
  id: string;
  name: string;
  type: string;
  parent?: { id: string; type: number };
}

export interface ViewView {
  id: string;
  name: string;
  type: string;
}

export const toViewView = (v: ApiView): ViewView => ({ id: v.id, name: v.name, type: v.type });
