/**
 * Views (research §2.8): `GET /team|space|folder|list/{id}/view`, `POST /list/{id}/view`,
 * `GET/DELETE /view/{view_id}`, and `GET /view/{view_id}/task` — the view's tasks, 100 a page with
 * `last_page`, filtered like the list endpoint. `parent.type`: 7 workspace, 4 Space, 5 folder, 6 list.
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { ViewRecord } from '../clickup-state.ts';
import { findFolder, findList, findSpace, ms, renderTask } from '../render.ts';
import { readTeam } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';
import { filterTasks, sortAndPage } from '../task-query.ts';

const VIEW_TYPES = ['list', 'board', 'calendar', 'gantt'] as const;

export function viewRoutes(): ClickUpRoute[] {
  const render = (v: ViewRecord) => ({
    id: v.id,
    name: v.name,
    type: v.type,
    parent: v.parent,
    grouping: { field: 'status', dir: 1, collapsed: [], ignore: false },
    sorting: { fields: [] },
    filters: { op: 'AND', fields: [], search: '', show_closed: false },
    columns: { fields: [] },
    team_sidebar: { assignees: [], assigned_comments: false, unassigned_tasks: false },
    settings: { show_task_locations: false, show_subtasks: 3, me_comments: true, me_subtasks: true },
    date_created: ms(v.dateCreated),
    creator: v.creator,
    visibility: 'public',
    protected: false,
  });
  const viewsOf = (ctx: RouteContext, id: string, type: ViewRecord['parent']['type']) => {
    const views = ctx.state.views.filter((v) => v.parent.id === id && v.parent.type === type);
    const first = (t: ViewRecord['type']) => {
      const view = views.find((v) => v.type === t);
      return view ? render(view) : null;
    };
    return {
      views: views.map(render),
      required_views: {
        list: first('list'),
        board: first('board'),
        calendar: first('calendar'),
        gantt: first('gantt'),
      },
    };
  };
  const findView = (ctx: RouteContext) => {
    const view = ctx.state.views.find((v) => v.id === ctx.params['view_id']);
    if (!view) throw notFound('View');
    return view;
  };
  return [
    v2('GET', '/team/:team_id/view', (ctx) => {
      if (!readTeam(ctx)) return viewsOf(ctx, ctx.params['team_id']!, 7);
      return viewsOf(ctx, ctx.state.team.id, 7);
    }),
    v2('GET', '/space/:space_id/view', (ctx) =>
      viewsOf(ctx, findSpace(ctx.state, ctx.params['space_id']!).id, 4),
    ),
    v2('GET', '/folder/:folder_id/view', (ctx) =>
      viewsOf(ctx, findFolder(ctx.state, ctx.params['folder_id']!).id, 5),
    ),
    v2('GET', '/list/:list_id/view', (ctx) =>
      viewsOf(ctx, findList(ctx.state, ctx.params['list_id']!).id, 6),
    ),
    v2('POST', '/list/:list_id/view', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('View name invalid');
      const type = VIEW_TYPES.find((t) => t === body['type']);
      if (!type) throw badRequest(`View type must be one of ${VIEW_TYPES.join(', ')}`);
      const n = ctx.state.views.filter((v) => v.parent.id === list.id).length + 1;
      const view: ViewRecord = {
        id: `6-${list.id}-${n}`,
        name: body['name'],
        type,
        parent: { id: list.id, type: 6 },
        creator: ctx.me,
        dateCreated: ctx.now,
      };
      ctx.state.views.push(view);
      return { view: render(view) };
    }),
    v2('GET', '/view/:view_id', (ctx) => ({ view: render(findView(ctx)) })),
    v2('DELETE', '/view/:view_id', (ctx) => {
      const view = findView(ctx);
      ctx.state.views = ctx.state.views.filter((v) => v !== view);
      return {};
    }),
    v2('GET', '/view/:view_id/task', (ctx) => {
      const view = findView(ctx);
      const { id, type } = view.parent;
      const candidates = ctx.state.tasks.filter((t) => {
        const list = ctx.state.lists.find((l) => l.id === t.listId);
        if (!list) return false;
        return type === 6
          ? list.id === id
          : type === 5
            ? list.folderId === id
            : type === 4
              ? list.spaceId === id
              : true;
      });
      const { tasks, last_page } = sortAndPage(ctx.request, filterTasks(ctx.state, ctx.request, candidates));
      return { tasks: tasks.map((t) => renderTask(ctx.state, t)), last_page };
    }),
  ];
}
