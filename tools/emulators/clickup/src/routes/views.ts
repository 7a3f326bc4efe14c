/**
 * Views (research §2.8): `GET/POST /team|space|folder|list/{id}/view`, `GET/PUT/DELETE /view/{view_id}`,
 * and `GET /view/{view_id}/task` — the view's tasks, 100 a page with `last_page`, filtered like the
 * list endpoint. `parent.type`: 7 workspace, 4 Space, 5 folder, 6 list. A create takes a name and a
 * type; the update replaces the view, so it needs name, type and parent too ([doc: Update View]: all
 * three required). grouping, divide, sorting, filters, columns, team_sidebar and settings are kept
 * as sent and rendered back (the API's defaults when never sent).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { ViewRecord } from '../clickup-state.ts';
import { findFolder, findList, findSpace, ms, renderTask } from '../render.ts';
import { nextCounter } from '../ids.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';
import { filterTasks, sortAndPage } from '../task-query.ts';

const VIEW_TYPES = ['list', 'board', 'calendar', 'gantt'] as const;
/** The parts of a view the API keeps as sent. */
const CONFIG_KEYS = [
  'grouping',
  'divide',
  'sorting',
  'filters',
  'columns',
  'team_sidebar',
  'settings',
] as const;
const DEFAULT_CONFIG: Record<(typeof CONFIG_KEYS)[number], unknown> = {
  grouping: { field: 'status', dir: 1, collapsed: [], ignore: false },
  divide: { field: null, dir: null, collapsed: [] },
  sorting: { fields: [] },
  filters: { op: 'AND', fields: [], search: '', show_closed: false },
  columns: { fields: [] },
  team_sidebar: { assignees: [], assigned_comments: false, unassigned_tasks: false },
  settings: { show_task_locations: false, show_subtasks: 3, me_comments: true, me_subtasks: true },
};

export function viewRoutes(): ClickUpRoute[] {
  const render = (v: ViewRecord) => ({
    id: v.id,
    name: v.name,
    type: v.type,
    parent: v.parent,
    ...DEFAULT_CONFIG,
    ...v.config,
    date_created: ms(v.dateCreated),
    creator: v.creator,
    visibility: 'public',
    protected: false,
  });
  /** The name, type and config parts of a create or update body, checked. */
  const readBody = (body: Record<string, unknown>) => {
    if (typeof body['name'] !== 'string' || body['name'].trim() === '') throw badRequest('View name invalid');
    const type = VIEW_TYPES.find((t) => t === body['type']);
    if (!type) throw badRequest(`View type must be one of ${VIEW_TYPES.join(', ')}`);
    const config: Record<string, unknown> = {};
    for (const key of CONFIG_KEYS) {
      const part = body[key];
      if (part === undefined) continue;
      if (part === null || typeof part !== 'object' || Array.isArray(part))
        throw badRequest(`${key} must be an object`);
      config[key] = part;
    }
    return { name: body['name'], type, config };
  };
  /** A parent `{id, type}` that names a place of the workspace. */
  const placeOf = (ctx: RouteContext, id: string, type: number): ViewRecord['parent'] => {
    if (type === 7 && id === ctx.state.team.id) return { id, type };
    if (type === 4) return { id: findSpace(ctx.state, id).id, type };
    if (type === 5) return { id: findFolder(ctx.state, id).id, type };
    if (type === 6) return { id: findList(ctx.state, id).id, type };
    throw badRequest('View parent invalid: type 7 (workspace), 4 (space), 5 (folder) or 6 (list)');
  };
  const create = (ctx: RouteContext, parent: ViewRecord['parent']) => {
    const { name, type, config } = readBody(objectBody(ctx.request));
    const n = nextCounter(ctx.state, `view:${parent.type}-${parent.id}`, 100);
    const view: ViewRecord = {
      id: `${parent.type}-${parent.id}-${n}`,
      name,
      type,
      parent,
      creator: ctx.me,
      dateCreated: ctx.now,
      config,
    };
    ctx.state.views.push(view);
    return { view: render(view) };
  };
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
    v2('POST', '/team/:team_id/view', (ctx) => {
      requireTeam(ctx);
      return create(ctx, { id: ctx.state.team.id, type: 7 });
    }),
    v2('POST', '/space/:space_id/view', (ctx) =>
      create(ctx, { id: findSpace(ctx.state, ctx.params['space_id']!).id, type: 4 }),
    ),
    v2('POST', '/folder/:folder_id/view', (ctx) =>
      create(ctx, { id: findFolder(ctx.state, ctx.params['folder_id']!).id, type: 5 }),
    ),
    v2('POST', '/list/:list_id/view', (ctx) =>
      create(ctx, { id: findList(ctx.state, ctx.params['list_id']!).id, type: 6 }),
    ),
    v2('PUT', '/view/:view_id', (ctx) => {
      const view = findView(ctx);
      const body = objectBody(ctx.request);
      const { name, type, config } = readBody(body);
      const parent = body['parent'] as { id?: unknown; type?: unknown } | undefined;
      if (
        typeof parent !== 'object' ||
        parent === null ||
        parent.id === undefined ||
        parent.type === undefined
      )
        throw badRequest('View parent required: {id, type}');
      view.parent = placeOf(ctx, String(parent.id), Number(parent.type));
      view.name = name;
      view.type = type;
      view.config = { ...view.config, ...config };
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
