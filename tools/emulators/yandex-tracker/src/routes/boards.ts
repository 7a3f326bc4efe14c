/**
 * Agile boards and sprints (research §3.8 "Boards and sprints"): `GET /boards` (the whole list),
 * `GET /boards/{id}`, `GET /boards/{id}/columns` (statuses as references), `GET /boards/{id}/sprints`
 * and `GET /sprints/{id}`, with the API's 404s. Writes as the API reference documents them:
 * `POST /boards` (201), `PATCH /boards/{id}` and the column writes (`POST /boards/{id}/columns`, 201;
 * `PATCH|DELETE /boards/{id}/columns/{columnId}`) carry `If-Match: "<board version>"`;
 * `DELETE /boards/{id}` (204, its sprints go with it); `POST /sprints {name, board: {id}, startDate,
 * endDate}` (201, draft); `PATCH /sprints/{id}`, `POST /sprints/{id}/_start` (draft → in_progress)
 * and `_archive` carry `If-Match: "<sprint version>"`; `DELETE /sprints/{id}` (204). A stale
 * If-Match is 412 Precondition Failed, a missing one 428 Precondition Required.
 */
import { requireCalendarDate } from '../dates.ts';
import { API_ORIGIN, queueRef, statusRef, userRef } from '../render.ts';
import { created, objectBody, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { notFound, TrackerHttpError, unprocessable } from '../tracker-error.ts';
import {
  trackerDate,
  type BoardColumnRecord,
  type BoardRecord,
  type SprintRecord,
  type TrackerState,
} from '../tracker-state.ts';
import { requireQueue } from './queues.ts';

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

/** `If-Match: "<version>"` of a write: missing → 428, stale → 412 (the API reference's codes). */
function requireIfMatch(ctx: RouteContext, current: number, what: string): void {
  const header = ctx.request.headers['if-match'];
  if (header === undefined || header === '') {
    throw new TrackerHttpError(428, `Требуется заголовок If-Match с версией: ${what}.`);
  }
  if (Number(header.replace(/"/g, '')) !== current) {
    throw new TrackerHttpError(412, `${what}: версия устарела (текущая ${current}). Precondition Failed.`);
  }
}

/** Refuses body fields a write does not take (the API's 422 naming them). */
function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw unprocessable(
      `Поле «${unknown[0]}» нельзя изменить или оно не существует. Допустимые поля: ${allowed.join(', ')}.`,
      Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
    );
  }
}

function requiredName(body: Record<string, unknown>): string {
  const name = body['name'];
  if (typeof name !== 'string' || name.trim() === '') {
    throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
  }
  return name.trim();
}

/** A queue given as a key, an id or `{key | id}`. */
function queueKeyOf(state: TrackerState, value: unknown): string {
  const raw =
    typeof value === 'object' && value !== null
      ? ((value as Record<string, unknown>)['key'] ?? (value as Record<string, unknown>)['id'])
      : value;
  return requireQueue(state, String(raw)).key;
}

/** Column statuses: a non-empty list of status keys the organisation has. */
function columnStatuses(state: TrackerState, value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw unprocessable('Поле statuses обязательно: список ключей статусов.', {
      statuses: 'Обязательное поле',
    });
  }
  return value.map((v) => {
    const key = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)['key'] : v;
    if (!state.statuses.some((s) => s.key === key)) {
      throw unprocessable(`Статус «${String(key)}» не существует.`, { statuses: 'Статус не найден' });
    }
    return String(key);
  });
}

function sprintDates(sprint: Pick<SprintRecord, 'startDate' | 'endDate'>): void {
  if (sprint.endDate < sprint.startDate) {
    throw unprocessable('Дата окончания спринта раньше даты начала.', {
      endDate: 'Дата окончания раньше даты начала',
    });
  }
}

/** Takes the sprints off every issue that had them. */
function dropSprints(state: TrackerState, ids: readonly number[]): void {
  for (const issue of state.issues) issue.sprint = issue.sprint.filter((id) => !ids.includes(id));
}

function boardWrites(): TrackerRoute[] {
  return [
    route('POST', '/boards', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'defaultQueue', 'query', 'boardType', 'useRanking', 'orderBy', 'orderAsc']);
      const board: BoardRecord = {
        id: Math.max(0, ...state.boards.map((b) => b.id)) + 1,
        version: 1,
        name: requiredName(body),
        columns: [],
        createdBy: ctx.me,
        createdAt: trackerDate(new Date(ctx.now)),
      };
      if (body['defaultQueue'] !== undefined) board.queue = queueKeyOf(state, body['defaultQueue']);
      if (typeof body['query'] === 'string') board.query = body['query'];
      state.boards.push(board);
      return created(renderBoard(ctx, board));
    }),
    route('PATCH', '/boards/:id', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      requireIfMatch(ctx, board.version, 'Доска');
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'defaultQueue', 'query', 'useRanking', 'orderBy', 'orderAsc']);
      const name = body['name'] === undefined ? board.name : requiredName(body);
      const queue =
        body['defaultQueue'] === undefined ? board.queue : queueKeyOf(ctx.state, body['defaultQueue']);
      board.name = name;
      if (queue !== undefined) board.queue = queue;
      if (typeof body['query'] === 'string') board.query = body['query'];
      board.version += 1;
      return renderBoard(ctx, board);
    }),
    route('DELETE', '/boards/:id', (ctx) => {
      const { state } = ctx;
      const board = requireBoard(state, ctx.params['id']!);
      state.boards.splice(state.boards.indexOf(board), 1);
      const gone = state.sprints.filter((s) => s.board === board.id).map((s) => s.id);
      state.sprints = state.sprints.filter((s) => s.board !== board.id);
      dropSprints(state, gone);
      return undefined;
    }),
    route('POST', '/boards/:id/columns', (ctx) => {
      const { state } = ctx;
      const board = requireBoard(state, ctx.params['id']!);
      requireIfMatch(ctx, board.version, 'Доска');
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'statuses']);
      const column: BoardColumnRecord = {
        id: Math.max(0, ...state.boards.flatMap((b) => b.columns.map((c) => c.id))) + 1,
        name: requiredName(body),
        statuses: columnStatuses(state, body['statuses']),
      };
      board.columns.push(column);
      board.version += 1;
      return created(renderColumn(ctx, board, column));
    }),
    route('PATCH', '/boards/:id/columns/:columnId', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      const column = requireColumn(board, ctx.params['columnId']!);
      requireIfMatch(ctx, board.version, 'Доска');
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'statuses']);
      const name = body['name'] === undefined ? column.name : requiredName(body);
      const statuses =
        body['statuses'] === undefined ? column.statuses : columnStatuses(ctx.state, body['statuses']);
      Object.assign(column, { name, statuses });
      board.version += 1;
      return renderColumn(ctx, board, column);
    }),
    route('DELETE', '/boards/:id/columns/:columnId', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      const column = requireColumn(board, ctx.params['columnId']!);
      requireIfMatch(ctx, board.version, 'Доска');
      board.columns.splice(board.columns.indexOf(column), 1);
      board.version += 1;
      return undefined;
    }),
  ];
}

function sprintWrites(): TrackerRoute[] {
  /** `_start` and `_archive`: the statuses each starts from and the one it leaves. */
  const lifecycle = (action: string, from: readonly SprintRecord['status'][], to: SprintRecord['status']) =>
    route('POST', `/sprints/:id/${action}`, (ctx) => {
      const sprint = requireSprint(ctx.state, ctx.params['id']!);
      requireIfMatch(ctx, sprint.version, 'Спринт');
      if (!from.includes(sprint.status)) {
        throw unprocessable(
          `Спринт в статусе ${sprint.status}: действие ${action} возможно из статусов ${from.join(', ')}.`,
          { status: sprint.status },
        );
      }
      sprint.status = to;
      sprint.version += 1;
      return renderSprint(ctx, sprint);
    });
  return [
    route('POST', '/sprints', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'board', 'startDate', 'endDate']);
      const name = requiredName(body);
      const boardValue = body['board'];
      const boardId =
        typeof boardValue === 'object' && boardValue !== null
          ? (boardValue as Record<string, unknown>)['id']
          : boardValue;
      if (boardId === undefined)
        throw unprocessable('Поле board обязательно.', { board: 'Обязательное поле' });
      const board = requireBoard(state, String(boardId));
      const startDate = requireCalendarDate(body['startDate'] ?? null, 'startDate');
      const endDate = requireCalendarDate(body['endDate'] ?? null, 'endDate');
      if (startDate === null)
        throw unprocessable('Поле startDate обязательно.', { startDate: 'Обязательное поле' });
      if (endDate === null)
        throw unprocessable('Поле endDate обязательно.', { endDate: 'Обязательное поле' });
      const sprint: SprintRecord = {
        id: Math.max(0, ...state.sprints.map((s) => s.id)) + 1,
        version: 1,
        name,
        board: board.id,
        status: 'draft',
        startDate,
        endDate,
        createdBy: ctx.me,
        createdAt: trackerDate(new Date(ctx.now)),
      };
      sprintDates(sprint);
      state.sprints.push(sprint);
      return created(renderSprint(ctx, sprint));
    }),
    route('PATCH', '/sprints/:id', (ctx) => {
      const sprint = requireSprint(ctx.state, ctx.params['id']!);
      requireIfMatch(ctx, sprint.version, 'Спринт');
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'startDate', 'endDate']);
      const draft = { ...sprint };
      if (body['name'] !== undefined) draft.name = requiredName(body);
      for (const field of ['startDate', 'endDate'] as const) {
        if (body[field] === undefined) continue;
        const date = requireCalendarDate(body[field], field);
        if (date === null)
          throw unprocessable(`Поле ${field} обязательно.`, { [field]: 'Обязательное поле' });
        draft[field] = date;
      }
      sprintDates(draft);
      Object.assign(sprint, draft, { version: sprint.version + 1 });
      return renderSprint(ctx, sprint);
    }),
    route('DELETE', '/sprints/:id', (ctx) => {
      const sprint = requireSprint(ctx.state, ctx.params['id']!);
      ctx.state.sprints.splice(ctx.state.sprints.indexOf(sprint), 1);
      dropSprints(ctx.state, [sprint.id]);
      return undefined;
    }),
    lifecycle('_start', ['draft'], 'in_progress'),
    lifecycle('_archive', ['draft', 'in_progress', 'released'], 'archived'),
  ];
}

function requireColumn(board: BoardRecord, id: string): BoardColumnRecord {
  const column = board.columns.find((c) => String(c.id) === id);
  if (!column) throw notFound('Колонка не существует.');
  return column;
}

export function boardsRoutes(): TrackerRoute[] {
  return [
    ...boardWrites(),
    ...sprintWrites(),
    route('GET', '/boards', (ctx) => ctx.state.boards.map((b) => renderBoard(ctx, b))),
    route('GET', '/boards/:id', (ctx) => renderBoard(ctx, requireBoard(ctx.state, ctx.params['id']!))),
    route('GET', '/boards/:id/columns', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      return board.columns.map((c) => renderColumn(ctx, board, c));
    }),
    route('GET', '/boards/:id/columns/:columnId', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      return renderColumn(ctx, board, requireColumn(board, ctx.params['columnId']!));
    }),
    route('GET', '/boards/:id/sprints', (ctx) => {
      const board = requireBoard(ctx.state, ctx.params['id']!);
      return ctx.state.sprints.filter((s) => s.board === board.id).map((s) => renderSprint(ctx, s));
    }),
    route('GET', '/sprints/:id', (ctx) => renderSprint(ctx, requireSprint(ctx.state, ctx.params['id']!))),
  ];
}
