/**
 * A queue's macros, triggers and auto-actions (the API reference's "Macros" and queue sections):
 * - `GET /queues/{key}/macros|triggers|autoactions` (the whole list) and `…/{id}` (404 when it is not
 *   the queue's);
 * - `POST /queues/{key}/macros {name, body?, issueUpdate?}` → 201;
 *   `POST /queues/{key}/triggers {name, actions, conditions?, active?}` and
 *   `POST /queues/{key}/autoactions {name, filter | query, actions, active?, enableNotifications?,
 *   intervalMillis?, calendar?}` → 200 with the new object, as the reference's examples answer.
 * Writes are a queue administrator's: a caller without the queue's `grant` right (its lead has it) is
 * refused 403. A missing name or actions, an unknown action type, a status or field the
 * organisation does not have, a body key the API does not take: 422 (400 for the body's shape),
 * naming the field.
 */
import { API_ORIGIN, statusRef } from '../render.ts';
import { created, objectBody, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../tracker-error.ts';
import { trackerDate, type QueueRecord, type TrackerState } from '../tracker-state.ts';
import {
  AUTOACTION_ACTIONS,
  TRIGGER_ACTIONS,
  type AutoactionRecord,
  type MacroRecord,
  type TriggerRecord,
} from '../automation-state.ts';
import { parseQuery } from './issue-query.ts';
import { requireQueue } from './queues.ts';

type Kind = 'macros' | 'triggers' | 'autoactions';

const KINDS: Record<Kind, { one: string }> = {
  macros: { one: 'Макрос' },
  triggers: { one: 'Триггер' },
  autoactions: { one: 'Автодействие' },
};

/** Fields an issue update may set (a macro's `issueUpdate`, an `Update` action). */
function settableFields(state: TrackerState, queue: QueueRecord): Set<string> {
  return new Set([
    ...state.globalFields.filter((f) => !f.readonly && f.id !== 'status').map((f) => f.id),
    ...queue.localFields.map((f) => f.key),
    'followers',
    'components',
    'type',
    'resolution',
  ]);
}

function queueRef(ctx: RouteContext, queue: QueueRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/queues/${queue.key}`,
    id: String(queue.id),
    key: queue.key,
    display: queue.name,
  };
}

function requireAdmin(ctx: RouteContext, queue: QueueRecord): void {
  const grant = queue.permissions.grant;
  if (queue.lead !== ctx.me && !grant.users.includes(ctx.me)) {
    throw forbidden(`Недостаточно прав для настройки очереди ${queue.key}. Обратитесь к владельцу очереди.`);
  }
}

function requireName(body: Record<string, unknown>): string {
  const name = body['name'];
  if (typeof name !== 'string' || name.trim() === '')
    throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
  return name.trim();
}

function refuseUnknownKeys(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw unprocessable(`Поле «${unknown[0]}» не существует. Допустимые поля: ${allowed.join(', ')}.`, {
      [unknown[0]!]: 'Неизвестное поле',
    });
  }
}

/** Checks an issue update's field ids against the queue's fields. */
function checkIssueUpdate(
  state: TrackerState,
  queue: QueueRecord,
  field: string,
  update: unknown,
): Record<string, unknown> {
  if (typeof update !== 'object' || update === null || Array.isArray(update)) {
    throw badRequest(`Параметр ${field} должен быть объектом.`, { [field]: 'Ожидается объект' });
  }
  const settable = settableFields(state, queue);
  const keys: Record<string, readonly { key: string }[]> = {
    resolution: state.resolutions,
    priority: state.priorities,
    type: state.issueTypes,
  };
  for (const [id, value] of Object.entries(update)) {
    const valid = keys[id];
    const key =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)['key'] : value;
    if (valid && value !== null && !valid.some((v) => v.key === key)) {
      throw unprocessable(`Значение ${JSON.stringify(value)} поля ${id} не существует.`, {
        [`${field}.${id}`]: 'Некорректное значение',
      });
    }
  }
  for (const id of Object.keys(update)) {
    if (id === 'status')
      throw unprocessable('Поля [status] только для чтения.', {
        [`${field}.status`]: 'Поле только для чтения',
      });
    if (!settable.has(id))
      throw unprocessable(`Неизвестное поле «${id}».`, { [`${field}.${id}`]: 'Неизвестное поле' });
  }
  return update as Record<string, unknown>;
}

/** The actions of a trigger or auto-action: a non-empty list of objects of a type the kind takes. */
function checkActions(
  state: TrackerState,
  queue: QueueRecord,
  value: unknown,
  types: readonly string[],
): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw unprocessable('Поле actions обязательно: укажите хотя бы одно действие.', {
      actions: 'Обязательное поле',
    });
  }
  return value.map((action, i) => {
    if (typeof action !== 'object' || action === null || Array.isArray(action)) {
      throw badRequest('Действие должно быть объектом.', { [`actions.${i}`]: 'Ожидается объект' });
    }
    const a = action as Record<string, unknown>;
    if (typeof a['type'] !== 'string' || !types.includes(a['type'])) {
      throw unprocessable(
        `Неизвестный тип действия ${JSON.stringify(a['type'])}. Допустимые: ${types.join(', ')}.`,
        {
          [`actions.${i}.type`]: 'Неизвестный тип действия',
        },
      );
    }
    if (a['type'] === 'Transition') {
      const status = a['status'];
      const key =
        typeof status === 'object' && status !== null ? (status as Record<string, unknown>)['key'] : status;
      if (typeof key !== 'string' || !state.statuses.some((s) => s.key === key)) {
        throw unprocessable(`Статус ${JSON.stringify(key)} не существует.`, {
          [`actions.${i}.status`]: 'Статус не найден',
        });
      }
      return { ...a, status: key };
    }
    if (a['type'] === 'Update') {
      const { type, ...fields } = a;
      checkIssueUpdate(state, queue, `actions.${i}`, fields);
      return { type, ...fields };
    }
    return a;
  });
}

function renderAction(state: TrackerState, action: Record<string, unknown>, i: number) {
  const rendered: Record<string, unknown> = { ...action, id: i + 1 };
  if (typeof action['status'] === 'string') rendered['status'] = statusRef(state, action['status']);
  return rendered;
}

function renderMacro(ctx: RouteContext, macro: MacroRecord) {
  const queue = requireQueue(ctx.state, macro.queue);
  const fieldRef = (id: string) => {
    const global = ctx.state.globalFields.find((f) => f.id === id);
    return { self: `${API_ORIGIN}/${ctx.version}/fields/${id}`, id, display: global?.name ?? id };
  };
  return {
    self: `${API_ORIGIN}/${ctx.version}/queues/${queue.key}/macros/${macro.id}`,
    id: macro.id,
    queue: queueRef(ctx, queue),
    name: macro.name,
    ...(macro.body !== undefined ? { body: macro.body } : {}),
    fieldChanges: Object.entries(macro.issueUpdate).map(([id, change]) =>
      typeof change === 'object' && change !== null && !Array.isArray(change)
        ? { field: fieldRef(id), update: change }
        : { field: fieldRef(id), value: change },
    ),
  };
}

function renderTrigger(ctx: RouteContext, trigger: TriggerRecord) {
  const queue = requireQueue(ctx.state, trigger.queue);
  return {
    id: trigger.id,
    self: `${API_ORIGIN}/${ctx.version}/queues/${queue.key}/triggers/${trigger.id}`,
    queue: queueRef(ctx, queue),
    name: trigger.name,
    order: trigger.order,
    actions: trigger.actions.map((a, i) => renderAction(ctx.state, a, i)),
    conditions: trigger.conditions,
    version: trigger.version,
    active: trigger.active,
  };
}

function renderAutoaction(ctx: RouteContext, autoaction: AutoactionRecord) {
  const queue = requireQueue(ctx.state, autoaction.queue);
  return {
    id: autoaction.id,
    self: `${API_ORIGIN}/${ctx.version}/queues/${queue.key}/autoactions/${autoaction.id}`,
    queue: queueRef(ctx, queue),
    name: autoaction.name,
    version: autoaction.version,
    active: autoaction.active,
    created: autoaction.created,
    updated: autoaction.updated,
    ...(autoaction.filter !== undefined ? { filter: autoaction.filter } : {}),
    ...(autoaction.query !== undefined ? { query: autoaction.query } : {}),
    actions: autoaction.actions.map((a, i) => renderAction(ctx.state, a, i)),
    enableNotifications: autoaction.enableNotifications,
    totalIssuesProcessed: 0,
    intervalMillis: autoaction.intervalMillis,
  };
}

const RENDER = {
  macros: renderMacro,
  triggers: renderTrigger,
  autoactions: renderAutoaction,
} as const;

function listOf(state: TrackerState, kind: Kind): Array<MacroRecord | TriggerRecord | AutoactionRecord> {
  return state.automation[kind];
}

function nextIdOf(state: TrackerState, kind: Kind): number {
  return Math.max(0, ...listOf(state, kind).map((x) => x.id)) + 1;
}

export function automationRoutes(): TrackerRoute[] {
  const reads = (Object.keys(KINDS) as Kind[]).flatMap((kind) => [
    route('GET', `/queues/:key/${kind}`, (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      return listOf(ctx.state, kind)
        .filter((x) => x.queue === queue.key)
        .map((x) => (RENDER[kind] as (c: RouteContext, x: unknown) => unknown)(ctx, x));
    }),
    route('GET', `/queues/:key/${kind}/:id`, (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      const id = ctx.params['id']!;
      const found = listOf(ctx.state, kind).find((x) => x.queue === queue.key && String(x.id) === id);
      if (!found) throw notFound(`${KINDS[kind].one} ${id} не найден.`);
      return (RENDER[kind] as (c: RouteContext, x: unknown) => unknown)(ctx, found);
    }),
  ]);
  return [
    ...reads,
    route('POST', '/queues/:key/macros', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      requireAdmin(ctx, queue);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['name', 'body', 'issueUpdate']);
      const name = requireName(body);
      if (body['body'] !== undefined && typeof body['body'] !== 'string') {
        throw unprocessable('Поле body должно быть строкой.', { body: 'Ожидается строка' });
      }
      const macro: MacroRecord = {
        id: nextIdOf(ctx.state, 'macros'),
        queue: queue.key,
        name,
        ...(typeof body['body'] === 'string' ? { body: body['body'] } : {}),
        issueUpdate:
          body['issueUpdate'] === undefined
            ? {}
            : checkIssueUpdate(ctx.state, queue, 'issueUpdate', body['issueUpdate']),
      };
      ctx.state.automation.macros.push(macro);
      return created(renderMacro(ctx, macro));
    }),
    route('POST', '/queues/:key/triggers', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      requireAdmin(ctx, queue);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['name', 'actions', 'conditions', 'active']);
      const name = requireName(body);
      const actions = checkActions(ctx.state, queue, body['actions'], TRIGGER_ACTIONS);
      const conditions = body['conditions'] ?? [];
      if (
        !Array.isArray(conditions) ||
        conditions.some(
          (c) =>
            typeof c !== 'object' || c === null || typeof (c as Record<string, unknown>)['type'] !== 'string',
        )
      ) {
        throw unprocessable('Каждое условие должно быть объектом с полем type.', {
          conditions: 'Некорректное условие',
        });
      }
      (conditions as Record<string, unknown>[]).forEach((c, i) => {
        const word = c['word'];
        if (
          /^Comment(String|Fully)/.test(String(c['type'])) &&
          (typeof word !== 'string' || word.trim() === '')
        ) {
          throw unprocessable('Условие по тексту комментария требует word.', {
            [`conditions.${i}.word`]: 'Обязательное поле',
          });
        }
      });
      const mine = ctx.state.automation.triggers.filter((t) => t.queue === queue.key);
      const trigger: TriggerRecord = {
        id: nextIdOf(ctx.state, 'triggers'),
        queue: queue.key,
        name,
        order: `0.${String(mine.length + 1).padStart(4, '0')}`,
        version: 1,
        active: body['active'] === undefined ? true : body['active'] === true,
        actions,
        conditions: conditions as Record<string, unknown>[],
      };
      ctx.state.automation.triggers.push(trigger);
      return renderTrigger(ctx, trigger);
    }),
    route('POST', '/queues/:key/autoactions', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      requireAdmin(ctx, queue);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, [
        'name',
        'filter',
        'query',
        'actions',
        'active',
        'enableNotifications',
        'intervalMillis',
        'calendar',
      ]);
      const name = requireName(body);
      if (body['filter'] === undefined && body['query'] === undefined) {
        throw unprocessable('Укажите filter или query.', { filter: 'Обязательное поле' });
      }
      if (body['query'] !== undefined) {
        if (typeof body['query'] !== 'string' || body['query'].trim() === '') {
          throw unprocessable('Поле query должно быть непустой строкой.', { query: 'Некорректное значение' });
        }
        parseQuery(ctx.state, ctx.me, body['query']);
      }
      if (
        body['filter'] !== undefined &&
        (typeof body['filter'] !== 'object' || body['filter'] === null || Array.isArray(body['filter']))
      ) {
        throw badRequest('Параметр filter должен быть объектом.', { filter: 'Ожидается объект' });
      }
      const interval = body['intervalMillis'] ?? 3_600_000;
      if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 60_000) {
        throw unprocessable('Поле intervalMillis: не меньше 60000 мс.', {
          intervalMillis: 'Некорректное значение',
        });
      }
      const at = trackerDate(new Date(ctx.now));
      const autoaction: AutoactionRecord = {
        id: nextIdOf(ctx.state, 'autoactions'),
        queue: queue.key,
        name,
        version: 1,
        active: body['active'] === undefined ? true : body['active'] === true,
        created: at,
        updated: at,
        ...(body['filter'] !== undefined ? { filter: body['filter'] as Record<string, unknown> } : {}),
        ...(typeof body['query'] === 'string' ? { query: body['query'] } : {}),
        actions: checkActions(ctx.state, queue, body['actions'], AUTOACTION_ACTIONS),
        enableNotifications: body['enableNotifications'] === true,
        intervalMillis: interval,
      };
      ctx.state.automation.autoactions.push(autoaction);
      return renderAutoaction(ctx, autoaction);
    }),
  ];
}
