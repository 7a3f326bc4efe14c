/**
 * Components (research §3.8): all (`GET /components`) or a queue's (`GET /queues/{key}/components`),
 * both answered whole; one by id; create (`POST /v3/components {name, queue, …}` as the current docs
 * say, 201; 409 on a duplicate name in the queue); update (`version` → 409 when stale); delete (204).
 */
import { API_ORIGIN, queueRef, userRef, requireUserField } from '../render.ts';
import { created, objectBody, queryString, route, type TrackerRoute } from '../router.ts';
import { conflict, notFound, unprocessable } from '../tracker-error.ts';
import type { ComponentRecord, TrackerState } from '../tracker-state.ts';
import { requireQueue } from './queues.ts';

const PATCH_FIELDS = ['name', 'description', 'lead', 'assignAuto', 'archived'];

export function renderComponent(state: TrackerState, component: ComponentRecord) {
  return {
    self: `${API_ORIGIN}/v2/components/${component.id}`,
    id: component.id,
    version: component.version,
    name: component.name,
    queue: queueRef(state, component.queue),
    ...(component.description !== undefined ? { description: component.description } : {}),
    ...(component.lead ? { lead: userRef(state, component.lead) } : {}),
    assignAuto: component.assignAuto,
    archived: component.archived,
  };
}

function requireComponent(state: TrackerState, id: string): ComponentRecord {
  const component = state.components.find((c) => String(c.id) === id);
  if (!component) throw notFound(`Компонент «${id}» не существует.`);
  return component;
}

function parseLead(state: TrackerState, value: unknown): string | undefined {
  return value === null ? undefined : requireUserField(state, value, 'lead');
}

function parseBoolean(value: unknown, field: string): boolean {
  if (typeof value !== 'boolean') {
    throw unprocessable(`Поле ${field} должно быть true или false.`, { [field]: 'Ожидается boolean' });
  }
  return value;
}

function checkName(state: TrackerState, queue: string, name: string, self?: ComponentRecord) {
  if (
    state.components.some(
      (c) => c !== self && c.queue === queue && c.name.toLowerCase() === name.toLowerCase(),
    )
  ) {
    throw conflict(
      `Компонент «${name}» уже существует в очереди ${queue}. A component with this name already exists in queue ${queue}.`,
    );
  }
}

export function componentsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/components', (ctx) => ctx.state.components.map((c) => renderComponent(ctx.state, c))),
    route('GET', '/queues/:key/components', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      return ctx.state.components
        .filter((c) => c.queue === queue.key)
        .map((c) => renderComponent(ctx.state, c));
    }),
    route('GET', '/components/:id', (ctx) =>
      renderComponent(ctx.state, requireComponent(ctx.state, ctx.params['id']!)),
    ),
    route('POST', '/components', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '') {
        throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
      }
      const queueValue = body['queue'];
      const queueKey =
        typeof queueValue === 'object' && queueValue !== null
          ? String(
              (queueValue as Record<string, unknown>)['key'] ?? (queueValue as Record<string, unknown>)['id'],
            )
          : queueValue === undefined
            ? ''
            : String(queueValue);
      if (queueKey === '') throw unprocessable('Поле queue обязательно.', { queue: 'Обязательное поле' });
      const queue = requireQueue(state, queueKey);
      const name = body['name'].trim();
      checkName(state, queue.key, name);
      const component: ComponentRecord = {
        id: Math.max(0, ...state.components.map((c) => c.id)) + 1,
        version: 1,
        queue: queue.key,
        name,
        assignAuto: body['assignAuto'] === undefined ? false : parseBoolean(body['assignAuto'], 'assignAuto'),
        archived: false,
      };
      if (typeof body['description'] === 'string') component.description = body['description'];
      const lead = body['lead'] === undefined ? undefined : parseLead(state, body['lead']);
      if (lead) component.lead = lead;
      state.components.push(component);
      return created(renderComponent(state, component));
    }),
    route('PATCH', '/components/:id', (ctx) => {
      const { state } = ctx;
      const component = requireComponent(state, ctx.params['id']!);
      const version =
        queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
      if (version !== undefined && Number(version) !== component.version) {
        throw conflict('Компонент: не удалось сохранить изменения, попробуйте ещё раз');
      }
      const body = objectBody(ctx.request);
      const unknown = Object.keys(body).filter((k) => !PATCH_FIELDS.includes(k));
      if (unknown.length > 0) {
        throw unprocessable(
          `Поле «${unknown[0]}» нельзя изменить или оно не существует. Допустимые поля: ${PATCH_FIELDS.join(', ')}.`,
          Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
        );
      }
      const draft: ComponentRecord = { ...component };
      if (body['name'] !== undefined) {
        const name = String(body['name']).trim();
        if (name === '')
          throw unprocessable('Поле name не может быть пустым.', { name: 'Обязательное поле' });
        checkName(state, component.queue, name, component);
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
      if (body['assignAuto'] !== undefined) draft.assignAuto = parseBoolean(body['assignAuto'], 'assignAuto');
      if (body['archived'] !== undefined) draft.archived = parseBoolean(body['archived'], 'archived');
      Object.assign(component, draft, { version: component.version + 1 });
      if (draft.description === undefined) delete component.description;
      if (draft.lead === undefined) delete component.lead;
      return renderComponent(state, component);
    }),
    route('DELETE', '/components/:id', (ctx) => {
      const component = requireComponent(ctx.state, ctx.params['id']!);
      ctx.state.components.splice(ctx.state.components.indexOf(component), 1);
      for (const issue of ctx.state.issues) {
        if (issue.components.includes(component.id)) {
          issue.components = issue.components.filter((id) => id !== component.id);
        }
      }
      return undefined;
    }),
  ];
}
