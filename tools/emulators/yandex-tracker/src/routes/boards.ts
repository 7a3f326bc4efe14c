/**
 * Agile boards and sprints (research §3.8 "Boards and sprints"): `GET /boards` (the whole list),
 * `GET /boards/{id}`, `GET /boards/{id}/columns` (statuses as references), `GET /boards/{id}/sprints`
 * and `GET /sprints/{id}`, with the API's 404s.
 */
import { API_ORIGIN, queueRef, statusRef, userRef } from '../render.ts';
import { route, type RouteContext, type TrackerRoute } from '../router.ts';
import { notFound } from '../tracker-error.ts';
import type { BoardColumnRecord, BoardRecord, SprintRecord, TrackerState } from '../tracker-state.ts';

function requireBoard(state: TrackerState, id: string): BoardRecord {
  const board = /^\d+$/.test(id) ? state.boards.find((b) => b.id === Number(id)) : undefined;
  if (!board) throw notFound('Доска не существует.');
  return board;
}

function requireSprint(state: TrackerState, id: string): SprintRecord {
  const sprint = /^\d+$/.test(id) ? state.sprints.find((s) => s.id === Number(id)) : undefined;
  if (!sprint) throw notFound('Спринт не существует.');
  return sprint;
}

function renderBoard(ctx: RouteContext, board: BoardRecord) {
  const base = `${API_ORIGIN}/${ctx.version}/boards/${board.id}`;
  return {
    self: base,
    id: board.id,
    version: board.version,
    name: board.name,
    columns: board.columns.map((c) => ({
      self: `${base}/columns/${c.id}`,
      id: String(c.id),
      display: c.name,
    })),
    ...(board.query !== undefined ? { query: board.query } : {}),
    orderBy: 'updated',
    orderAsc: false,
    useRanking: false,
    ...(board.queue !== undefined ? { defaultQueue: queueRef(ctx.state, board.queue) } : {}),
  };
}

function renderColumn(ctx: RouteContext, board: BoardRecord, column: BoardColumnRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/boards/${board.id}/columns/${column.id}`,
    id: column.id,
    name: column.name,
    statuses: column.statuses.map((key) => statusRef(ctx.state, key)).filter((s) => s !== undefined),
  };
}

function renderSprint(ctx: RouteContext, sprint: SprintRecord) {
  const board = ctx.state.boards.find((b) => b.id === sprint.board);
  return {
    self: `${API_ORIGIN}/${ctx.version}/sprints/${sprint.id}`,
    id: sprint.id,
    version: sprint.version,
    name: sprint.name,
    board: {
      self: `${API_ORIGIN}/${ctx.version}/boards/${sprint.board}`,
      id: String(sprint.board),
      display: board?.name ?? String(sprint.board),
    },
    status: sprint.status,
    archived: sprint.status === 'archived',
    createdBy: userRef(ctx.state, sprint.createdBy),
    createdAt: sprint.createdAt,
    startDate: sprint.startDate,
    endDate: sprint.endDate,
    startDateTime: `${sprint.startDate}T07:00:00.000+0000`,
    endDateTime: `${sprint.endDate}T07:00:00.000+0000`,
  };
}

export function boardsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/boards', (ctx) => ctx.state.boards.map((b) => renderBoard(ctx, b))),
    route('GET', '/boards/:id', (ctx) => renderBoard(ctx, requireBoard(ctx.state, ctx.params['id']!))),
    route('GET', '/boards/:id/columns', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      return board.columns.map((c) => renderColumn(ctx, board, c));
    }),
    route('GET', '/boards/:id/columns/:columnId', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      const column = board.columns.find((c) => String(c.id) === ctx.params['columnId']);
      if (!column) throw notFound('Колонка не существует.');
      return renderColumn(ctx, board, column);
    }),
    route('GET', '/boards/:id/sprints', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      return ctx.state.sprints.filter((s) => s.board === board.id).map((s) => renderSprint(ctx, s));
    }),
    route('GET', '/sprints/:id', (ctx) => renderSprint(ctx, requireSprint(ctx.state, ctx.params['id']!))),
  ];
}
