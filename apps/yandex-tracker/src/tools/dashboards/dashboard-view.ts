/**
 * Dashboards (`dashboards` toolset): the API's shape (the list by `POST /v3/dashboards/_search`,
 * one by `GET /v3/dashboards/{id}` with its widgets embedded — undocumented reads, as a client
 * observed them; the reference documents only creating a dashboard and its "Cycle time" widget), the
 * compact views and the id parameter (a name becomes the id, announced).
 */
import { NotFoundError, ref } from '@toolsmith/core';
import { compact, refKey } from '../../api/dto/refs.ts';
import type { Ref } from '../../api/dto/tracker-types.ts';
import { withHint } from '../shared/known-values.ts';

export interface ApiWidget {
  id: number | string;
  type?: string;
  description?: string;
  query?: string;
  filter?: Record<string, unknown>;
  fromStatuses?: Ref[];
  toStatuses?: Ref[];
  [field: string]: unknown;
}

export interface ApiDashboard {
  self?: string;
  id: number | string;
  version?: number;
  name?: string;
  layout?: string;
  owner?: Ref;
  createdAt?: string;
  widgets?: ApiWidget[];
  [field: string]: unknown;
}

export const dashboardIdParam = () => ref('dashboard', { id: 'number' }).describe('Id or name.');

export function toDashboardSummary(dashboard: ApiDashboard) {
  return compact({
    dashboardId: Number(dashboard.id),
    name: dashboard.name,
    owner: dashboard.owner?.display,
  });
}

export function toDashboard(dashboard: ApiDashboard) {
  return compact({
    dashboardId: Number(dashboard.id),
    name: dashboard.name,
    owner: dashboard.owner?.display,
    layout: dashboard.layout,
    version: dashboard.version,
    widgets: (dashboard.widgets ?? []).map((w) =>
      compact({
        widgetId: Number(w.id),
        type: w.type,
        description: w.description,
        query: w.query,
        filter: w.filter,
        from: w.fromStatuses?.map((s) => refKey(s)!),
        to: w.toStatuses?.map((s) => refKey(s)!),
      }),
    ),
  });
}

export function withDashboardHint(error: unknown): unknown {
  return NotFoundError.isInstance(error)
    ? withHint(error, 'tracker_get_dashboards lists the dashboards and their ids.')
    : error;
}
