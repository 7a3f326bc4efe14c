/**
 * Queue versions (research §3.8 "Queues"; the API reference's queue-version pages): a queue's
 * (`GET /queues/{key}/versions`, answered whole), one (`GET /versions/{id}`), create
 * (`POST /versions {queue, name, description?, startDate?, dueDate?}`, 201) and edit
 * (`PATCH /versions/{id}`: name, description, dates, released, archived; `version` → 409 when stale).
 * Dates are real calendar days (422), the due date not before the start (422).
 */
import { requireCalendarDate } from '../dates.ts';
import { API_ORIGIN, queueRef } from '../render.ts';
import { created, objectBody, queryString, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { conflict, notFound, unprocessable } from '../tracker-error.ts';
import type { VersionRecord } from '../tracker-state.ts';
import { requireQueue } from './queues.ts';

const CREATE_FIELDS = ['queue', 'name', 'description', 'startDate', 'dueDate'];
const PATCH_FIELDS = ['name', 'description', 'startDate', 'dueDate', 'released', 'archived'];

function renderVersion(ctx: RouteContext, v: VersionRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/versions/${v.id}`,
    id: v.id,
    version: v.version,
    queue: queueRef(ctx.state, v.queue),
    name: v.name,
    ...(v.description !== undefined ? { description: v.description } : {}),
    ...(v.startDate !== undefined ? { startDate: v.startDate } : {}),
    ...(v.dueDate !== undefined ? { dueDate: v.dueDate } : {}),
    released: v.released,
    archived: v.archived,
  };
}

function requireVersion(ctx: RouteContext, id: string): VersionRecord {
  const found = /^\d+$/.test(id) ? ctx.state.versions.find((v) => v.id === Number(id)) : undefined;
  if (!found) throw notFound(`Версия ${id} не найдена.`);
  return found;
}

function onlyFields(body: Record<string, unknown>, allowed: readonly string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw unprocessable(
      `Поле «${unknown[0]}» нельзя изменить или оно не существует. Допустимые поля: ${allowed.join(', ')}.`,
      Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
    );
  }
}

/** Applies name, description and dates from a body onto a draft (null clears description and dates). */
function applyFields(draft: VersionRecord, body: Record<string, unknown>): void {
  if (body['name'] !== undefined) {
    if (typeof body['name'] !== 'string' || body['name'].trim() === '')
      throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
    draft.name = body['name'].trim();
  }
  if (body['description'] !== undefined) {
    if (body['description'] === null || body['description'] === '') delete draft.description;
    else draft.description = String(body['description']);
  }
  for (const field of ['startDate', 'dueDate'] as const) {
    if (body[field] === undefined) continue;
    const date = requireCalendarDate(body[field], field);
    if (date === null) delete draft[field];
    else draft[field] = date;
  }
  for (const field of ['released', 'archived'] as const) {
    if (body[field] === undefined) continue;
    if (typeof body[field] !== 'boolean')
      throw unprocessable(`Поле ${field} должно быть true или false.`, { [field]: 'Ожидается boolean' });
    draft[field] = body[field];
  }
  if (draft.startDate && draft.dueDate && draft.dueDate < draft.startDate) {
    throw unprocessable('Дата выпуска версии раньше даты начала.', { dueDate: 'Раньше даты начала' });
  }
}

export function versionsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/queues/:key/versions', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      return ctx.state.versions.filter((v) => v.queue === queue.key).map((v) => renderVersion(ctx, v));
    }),
    route('GET', '/versions/:id', (ctx) => renderVersion(ctx, requireVersion(ctx, ctx.params['id']!))),
    route('POST', '/versions', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      onlyFields(body, CREATE_FIELDS);
      const queueValue = body['queue'];
      if (queueValue === undefined)
        throw unprocessable('Поле queue обязательно.', { queue: 'Обязательное поле' });
      const queue = requireQueue(
        state,
        String(
          typeof queueValue === 'object' && queueValue !== null
            ? ((queueValue as Record<string, unknown>)['key'] ??
                (queueValue as Record<string, unknown>)['id'])
            : queueValue,
        ),
      );
      if (body['name'] === undefined)
        throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
      const draft: VersionRecord = {
        id: Math.max(0, ...state.versions.map((v) => v.id)) + 1,
        version: 1,
        queue: queue.key,
        name: '',
        released: false,
        archived: false,
      };
      applyFields(draft, body);
      state.versions.push(draft);
      return created(renderVersion(ctx, draft));
    }),
    route('PATCH', '/versions/:id', (ctx) => {
      const current = requireVersion(ctx, ctx.params['id']!);
      const version =
        queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
      if (version !== undefined && Number(version) !== current.version) {
        throw conflict('Версия: не удалось сохранить изменения, попробуйте ещё раз');
      }
      const body = objectBody(ctx.request);
      onlyFields(body, PATCH_FIELDS);
      const draft = { ...current };
      applyFields(draft, body);
      Object.assign(current, draft, { version: current.version + 1 });
      if (draft.description === undefined) delete current.description;
      if (draft.startDate === undefined) delete current.startDate;
      if (draft.dueDate === undefined) delete current.dueDate;
      return renderVersion(ctx, current);
    }),
  ];
}
