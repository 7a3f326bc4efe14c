/**
 * Goals as the API returns them (`GET /team/{id}/goal`, `GET /goal/{id}`, wrapped in `{goal}`), and
 * their compact views: progress, due date and owners; a goal's key results when read alone.
 */
import { isoDate, userLabel, type ApiUser } from './task-view.ts';

export interface ApiKeyResult {
  id: string;
  name: string;
  type?: string;
  unit?: string | null;
  steps_start?: number | string | null;
  steps_end?: number | string | null;
  steps_current?: number | string | null;
  percent_completed?: number | null;
}

export interface ApiGoal {
  id: string;
  pretty_id?: string;
  name: string;
  description?: string | null;
  due_date?: string | null;
  start_date?: string | null;
  percent_completed?: number | null;
  owners?: ApiUser[];
  key_results?: ApiKeyResult[];
  pretty_url?: string;
}

export interface GoalView {
  id: string;
  name: string;
  due?: string;
  percent?: number;
  owners?: string[];
}

export const toGoalView = (g: ApiGoal): GoalView => ({
  id: g.id,
  name: g.name,
  ...(isoDate(g.due_date) ? { due: isoDate(g.due_date)! } : {}),
  ...(typeof g.percent_completed === 'number' ? { percent: g.percent_completed } : {}),
  ...(g.owners?.length ? { owners: g.owners.map(userLabel) } : {}),
});

export interface GoalDetail extends GoalView {
  description?: string;
  start?: string;
  url?: string;
  keyResults: { id: string; name: string; type?: string; current?: number; target?: number; unit?: string }[];
}

const num = (v: number | string | null | undefined) =>
  v === null || v === undefined || v === '' ? undefined : Number(v);

export const toGoalDetail = (g: ApiGoal): GoalDetail => ({
  ...toGoalView(g),
  ...(g.description ? { description: g.description } : {}),
  ...(isoDate(g.start_date) ? { start: isoDate(g.start_date)! } : {}),
  ...(g.pretty_url ? { url: g.pretty_url } : {}),
  keyResults: (g.key_results ?? []).map((k) => {
    const current = num(k.steps_current);
    const target = num(k.steps_end);
    return {
      id: k.id,
      name: k.name,
      ...(k.type ? { type: k.type } : {}),
      ...(current !== undefined ? { current } : {}),
      ...(target !== undefined ? { target } : {}),
      ...(k.unit ? { unit: k.unit } : {}),
    };
  }),
});
