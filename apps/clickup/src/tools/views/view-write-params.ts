/**
 * What the view writes share: the view types and groupings the API takes ([doc: Views]: list,
 * board, calendar, gantt; grouping `none`, `status`, `priority`, `assignee`, `tag`, `dueDate`), and
 * the whole body a create or update sends — the API requires grouping, divide, sorting, filters,
 * columns, team_sidebar and settings on both ([doc: Create List View; Update View]).
 */
import { z } from 'zod';
import type { ApiView } from '../../api/dto/view-view.ts';

export const VIEW_TYPES = ['list', 'board', 'calendar', 'gantt'] as const;
export const GROUP_BY = ['none', 'status', 'priority', 'assignee', 'tag', 'dueDate'] as const;

export const groupByParam = () => z.enum(GROUP_BY).optional();
export const showClosedParam = () => z.boolean().optional();

/** A view as the API answers a write, with the parts these tools change. */
export interface ApiViewBody extends ApiView {
  grouping?: { field: string; dir: number; collapsed: string[]; ignore: boolean };
  divide?: unknown;
  sorting?: unknown;
  filters?: { op: string; fields: unknown[]; search: string; show_closed: boolean };
  columns?: unknown;
  team_sidebar?: unknown;
  settings?: unknown;
}

/** A create's body: the name and type, and the API's own defaults for the parts it requires. */
export function newViewBody(name: string, type: string) {
  return {
    name,
    type,
    grouping: { field: 'status', dir: 1, collapsed: [], ignore: false },
    divide: { field: null, dir: null, collapsed: [] },
    sorting: { fields: [] },
    filters: { op: 'AND', fields: [], search: '', show_closed: false },
    columns: { fields: [] },
    team_sidebar: { assignees: [], assigned_comments: false, unassigned_tasks: false },
    settings: { show_task_locations: false, show_subtasks: 3, me_comments: true, me_subtasks: true },
  };
}

/** What a view write answers: the id, name and type, its grouping and whether it shows closed tasks. */
export const toViewWriteView = (v: ApiViewBody) => ({
  id: v.id,
  name: v.name,
  type: v.type,
  groupBy: v.grouping?.field ?? 'none',
  showClosed: v.filters?.show_closed ?? false,
});
