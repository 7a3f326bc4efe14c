/**
 * Dashboards: `POST /dashboards/_search?perPage&page` (a page of dashboards, `X-Total-Count`;
 * a plain `GET /dashboards` is a 405, as observed), `GET /dashboards/{id}` (the dashboard with its
 * widgets embedded; 404 when there is none). Widgets are read only here (no widget route answers).
 */
import { API_ORIGIN, statusRef, userRef } from '../render.ts';
import { pageResponse } from '../paginate.ts';
import { objectBody, respond, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { badRequest, notFound, TrackerHttpError } from '../tracker-error.ts';
import type { DashboardRecord, WidgetRecord } from '../dashboards-state.ts';

function renderWidget(ctx: RouteContext, dashboard: DashboardRecord, widget: WidgetRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/dashboards/${dashboard.id}/widgets/${widget.id}`,
    id: widget.id,
    type: widget.type,
    description: widget.description,
    ...(widget.query !== undefined ? { query: widget.query } : {}),
    ...(widget.fromStatuses ? { fromStatuses: widget.fromStatuses.map((s) => statusRef(ctx.state, s)) } : {}),
    ...(widget.toStatuses ? { toStatuses: widget.toStatuses.map((s) => statusRef(ctx.state, s)) } : {}),
  };
}

function renderDashboard(ctx: RouteContext, dashboard: DashboardRecord, withWidgets: boolean) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/dashboards/${dashboard.id}`,
    id: dashboard.id,
    version: dashboard.version,
    name: dashboard.name,
    layout: dashboard.layout,
    owner: userRef(ctx.state, dashboard.owner),
    createdAt: dashboard.createdAt,
    ...(withWidgets ? { widgets: dashboard.widgets.map((w) => renderWidget(ctx, dashboard, w)) } : {}),
  };
}

export function dashboardsRoutes(): TrackerRoute[] {
  return [
    route('POST', '/dashboards/_search', (ctx) => {
      const body = objectBody(ctx.request);
      const unknown = Object.keys(body)[0];
      if (unknown !== undefined) {
        throw badRequest(`Неизвестный параметр «${unknown}».`, { [unknown]: 'Неизвестный параметр' });
      }
      return respond(pageResponse(ctx.request, ctx.state.dashboards, (d) => renderDashboard(ctx, d, false)));
    }),
    route('GET', '/dashboards', () => {
      throw new TrackerHttpError(405, 'Method Not Allowed: используйте POST /dashboards/_search.');
    }),
    route('GET', '/dashboards/:id', (ctx) => {
      const id = ctx.params['id']!;
      const dashboard = /^\d+$/.test(id) ? ctx.state.dashboards.find((d) => d.id === Number(id)) : undefined;
      if (!dashboard) throw notFound(`Дашборд ${id} не найден.`);
      return renderDashboard(ctx, dashboard, true);
    }),
  ];
}
