/**
 * Legacy projects `/v2/projects` (research §3.8): list (page style, `expand=queues`), get, the
 * project's queues, create (201; `queues` a key string — comma-separated for several — or an array;
 * `status` ∈ DRAFT|IN_PROGRESS|LAUNCHED|POSTPONED, else 422 listing them; dates YYYY-MM-DD), update
 * (`version` → 409 when stale), delete (204). Responses carry `status` in lower case, as the API does.
 */
import { pageResponse } from '../paginate.ts';
import { renderProject, requireUserField } from '../render.ts';
import {
  created,
  objectBody,
  queryString,
  respond,
  route,
  type RouteContext,
  type TrackerRoute,
} from '../router.ts';
import { isCalendarDate } from '../dates.ts';
import { conflict, notFound, unprocessable } from '../tracker-error.ts';
import { trackerDate, type ProjectRecord, type TrackerState } from '../tracker-state.ts';
import { renderQueue } from './queues.ts';

export const PROJECT_STATUSES = ['DRAFT', 'IN_PROGRESS', 'LAUNCHED', 'POSTPONED'] as const;
const PATCH_FIELDS = ['name', 'description', 'lead', 'status', 'startDate', 'endDate', 'queues'];

function requireProject(state: TrackerState, id: string): ProjectRecord {
  const project = state.projects.find((p) => String(p.id) === id);
  if (!project) throw notFound(`Проект «${id}» не существует.`);
  return project;
}

function parseStatus(value: unknown): ProjectRecord['status'] {
  const wanted = String(value).toUpperCase();
  const status = PROJECT_STATUSES.find((s) => s === wanted);
  if (!status) {
    throw unprocessable(
      `Поле status содержит некорректное значение «${String(value)}». Допустимые значения: ${PROJECT_STATUSES.join(', ')}.`,
      { status: `Допустимые значения: ${PROJECT_STATUSES.join(', ')}` },
    );
  }
  return status;
}

function parseDate(value: unknown, field: string): string | undefined {
  if (value === null) return undefined;
  if (!isCalendarDate(value)) {
    throw unprocessable(
      `Поле ${field} должно быть датой в формате YYYY-MM-DD, получено «${String(value)}».`,
      {
        [field]: 'Ожидается YYYY-MM-DD',
      },
    );
  }
  return value;
}

function parseQueues(state: TrackerState, value: unknown): string[] {
  const keys = (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((k) => {
      if (typeof k === 'object' && k !== null) {
        const ref = k as Record<string, unknown>;
        return String(ref['key'] ?? ref['id'] ?? '');
      }
      return String(k);
    })
    .map((k) => k.trim())
    .filter((k) => k !== '');
  if (keys.length === 0) throw unprocessable('Поле queues обязательно.', { queues: 'Обязательное поле' });
  return keys.map((key) => {
    const queue = state.queues.find((q) => q.key === key || String(q.id) === key);
    if (!queue) throw notFound(`Очередь «${key}» не существует.`);
    return queue.key;
  });
}

function parseLead(state: TrackerState, value: unknown): string | undefined {
  return value === null ? undefined : requireUserField(state, value, 'lead');
}

function checkDates(project: Pick<ProjectRecord, 'startDate' | 'endDate'>) {
  if (project.startDate && project.endDate && project.startDate > project.endDate) {
    throw unprocessable(`Дата начала ${project.startDate} позже даты окончания ${project.endDate}.`, {
      endDate: 'Раньше startDate',
    });
  }
}

function checkVersion(ctx: RouteContext, current: number) {
  const version = queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
  if (version !== undefined && Number(version) !== current) {
    throw conflict('Проект: не удалось сохранить изменения, попробуйте ещё раз');
  }
}

export function projectsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/projects', (ctx) => {
      const expand = queryString(ctx.request, 'expand');
      return respond(
        pageResponse(ctx.request, ctx.state.projects, (p) => renderProject(ctx.state, p, expand)),
      );
    }),
    route('POST', '/projects', (ctx) => {
      const { state, me } = ctx;
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '') {
        throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
      }
      const name = body['name'].trim();
      const queues = parseQueues(state, body['queues']);
      if (state.projects.some((p) => p.name.toLowerCase() === name.toLowerCase())) {
        throw conflict(
          `Проект с названием «${name}» уже существует. A project named "${name}" already exists.`,
        );
      }
      const startDate =
        body['startDate'] === undefined ? undefined : parseDate(body['startDate'], 'startDate');
      const endDate = body['endDate'] === undefined ? undefined : parseDate(body['endDate'], 'endDate');
      const project: ProjectRecord = {
        id: Math.max(0, ...state.projects.map((p) => p.id)) + 1,
        version: 1,
        key: name,
        name,
        ...(typeof body['description'] === 'string' ? { description: body['description'] } : {}),
        status: body['status'] === undefined ? 'DRAFT' : parseStatus(body['status']),
        queues,
        createdBy: me,
        createdAt: trackerDate(),
      };
      const lead = body['lead'] === undefined ? undefined : parseLead(state, body['lead']);
      if (lead) project.lead = lead;
      if (startDate) project.startDate = startDate;
      if (endDate) project.endDate = endDate;
      checkDates(project);
      state.projects.push(project);
      return created(renderProject(state, project));
    }),
    route('GET', '/projects/:id', (ctx) =>
      renderProject(
        ctx.state,
        requireProject(ctx.state, ctx.params['id']!),
        queryString(ctx.request, 'expand'),
      ),
    ),
    route('GET', '/projects/:id/queues', (ctx) => {
      const project = requireProject(ctx.state, ctx.params['id']!);
      const expand = queryString(ctx.request, 'expand');
      return project.queues
        .map((key) => ctx.state.queues.find((q) => q.key === key))
        .filter((q) => q !== undefined)
        .map((q) => renderQueue(ctx.state, q, expand));
    }),
    route('PATCH', '/projects/:id', (ctx) => {
      const { state } = ctx;
      const project = requireProject(state, ctx.params['id']!);
      checkVersion(ctx, project.version);
      const body = objectBody(ctx.request);
      const unknown = Object.keys(body).filter((k) => !PATCH_FIELDS.includes(k));
      if (unknown.length > 0) {
        throw unprocessable(
          `Поле «${unknown[0]}» нельзя изменить или оно не существует. Допустимые поля: ${PATCH_FIELDS.join(', ')}.`,
          Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
        );
      }
      const draft: ProjectRecord = { ...project, queues: [...project.queues] };
      if (body['name'] !== undefined) {
        const name = String(body['name']).trim();
        if (name === '')
          throw unprocessable('Поле name не может быть пустым.', { name: 'Обязательное поле' });
        if (state.projects.some((p) => p !== project && p.name.toLowerCase() === name.toLowerCase())) {
          throw conflict(
            `Проект с названием «${name}» уже существует. A project named "${name}" already exists.`,
          );
        }
        draft.name = name;
      }
      if (body['description'] !== undefined) {
        if (body['description'] === null) delete draft.description;
        else draft.description = String(body['description']);
      }
      if (body['lead'] !== undefined) {
        const lead = parseLead(state, body['lead']);
        if (lead) draft.lead = lead;
        else delete draft.lead;
      }
      if (body['status'] !== undefined) draft.status = parseStatus(body['status']);
      for (const field of ['startDate', 'endDate'] as const) {
        if (body[field] === undefined) continue;
        const date = parseDate(body[field], field);
        if (date) draft[field] = date;
        else delete draft[field];
      }
      if (body['queues'] !== undefined) draft.queues = parseQueues(state, body['queues']);
      checkDates(draft);
      Object.assign(project, draft, { version: project.version + 1 });
      if (draft.description === undefined) delete project.description;
      if (draft.lead === undefined) delete project.lead;
      if (draft.startDate === undefined) delete project.startDate;
      if (draft.endDate === undefined) delete project.endDate;
      return renderProject(state, project);
    }),
    route('DELETE', '/projects/:id', (ctx) => {
      const project = requireProject(ctx.state, ctx.params['id']!);
      ctx.state.projects.splice(ctx.state.projects.indexOf(project), 1);
      return undefined;
    }),
  ];
}
