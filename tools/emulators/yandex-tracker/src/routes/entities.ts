/**
 * The Entity API (research §3.8 "Entity API", §3.4 "Entity search envelope"; the API reference's
 * entities section): projects, portfolios and goals under `/entities/{type}`.
 * - `POST /entities/{type}/_search?perPage&page&fields` `{input, filter, orderBy, orderAsc, rootOnly}`
 *   → `{hits, pages, values}` (the envelope observed live, not a bare array);
 * - `GET /entities/{type}/{id}?fields` (the id, or the shortId), `POST /entities/{type}` `{fields}` →
 *   201, `PATCH /entities/{type}/{id}?version&fields` `{fields, comment, links}` (a stale `version`:
 *   409 "не удалось сохранить изменения"), `DELETE …?withBoard` → 204;
 * - `GET|POST /entities/{type}/{id}/comments` (201), `GET|POST|DELETE /entities/{type}/{id}/links`
 *   (`{relationship, entity}` or a list of them; `DELETE ?right=<id>`).
 * An entity's content comes back in `fields` only for the names asked for in `?fields=` (comma list or
 * repeated); a name the API does not know is a 422 for the whole request (FractalizeR, live); a body
 * field it does not know, a bad date, user, queue or status is a 422 naming the field.
 */
import { API_ORIGIN, findUser, userRef } from '../render.ts';
import {
  created,
  objectBody,
  queryString,
  respond,
  route,
  type RouteContext,
  type TrackerRoute,
} from '../router.ts';
import { badRequest, conflict, notFound, unprocessable } from '../tracker-error.ts';
import { trackerDate, type TrackerState } from '../tracker-state.ts';
import {
  ENTITY_RELATIONSHIPS,
  ENTITY_STATUSES,
  ENTITY_TYPES,
  entityIdFor,
  type EntityCommentRecord,
  type EntityRecord,
  type KeyResultRecord,
  type EntityType,
} from '../entities-state.ts';

/** Names `?fields=` takes (the reference's table, plus goals' key results). */
const READABLE = [
  'summary',
  'description',
  'author',
  'lead',
  'teamUsers',
  'clients',
  'followers',
  'start',
  'end',
  'checklistItems',
  'keyResultItems',
  'tags',
  'parentEntity',
  'teamAccess',
  'quarter',
  'entityStatus',
  'issueQueues',
];

/** Names a create or update may set in `fields`. */
const WRITABLE = [
  'summary',
  'description',
  'lead',
  'teamUsers',
  'clients',
  'followers',
  'start',
  'end',
  'tags',
  'parentEntity',
  'teamAccess',
  'entityStatus',
  'queues',
  'keyResultItems',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INVERSE: Record<string, (typeof ENTITY_RELATIONSHIPS)[number]> = {
  relates: 'relates',
  'depends on': 'is dependent by',
  'is dependent by': 'depends on',
};

function entityType(ctx: RouteContext): EntityType {
  const type = ctx.params['type']!;
  if (!(ENTITY_TYPES as readonly string[]).includes(type)) {
    throw notFound(`Тип сущности «${type}» не существует. Допустимые типы: ${ENTITY_TYPES.join(', ')}.`);
  }
  return type as EntityType;
}

function findEntity(state: TrackerState, type: EntityType, id: string): EntityRecord | undefined {
  return state.entities.records.find(
    (e) => e.type === type && (e.id === id || (/^\d+$/.test(id) && e.shortId === Number(id))),
  );
}

function requireEntity(ctx: RouteContext): EntityRecord {
  const type = entityType(ctx);
  const entity = findEntity(ctx.state, type, ctx.params['id']!);
  if (!entity) throw notFound(`Сущность ${ctx.params['id']} типа ${type} не найдена.`);
  return entity;
}

/** The names asked for in `?fields=` (comma list, or the parameter repeated); 422 on an unknown one. */
function askedFields(ctx: RouteContext): string[] {
  const raw = ctx.request.query['fields'];
  const names = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !READABLE.includes(n) && n !== 'id');
  if (unknown.length > 0) {
    throw unprocessable(`Неизвестные поля: ${unknown.join(', ')}.`, {
      fields: `Неизвестное поле: ${unknown[0]}`,
    });
  }
  return names;
}

function entityRef(ctx: RouteContext, entity: EntityRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/entities/${entity.type}/${entity.id}`,
    id: entity.id,
    display: entity.summary,
  };
}

function fieldValue(ctx: RouteContext, entity: EntityRecord, name: string): unknown {
  const { state } = ctx;
  const users = (logins: string[]) => logins.map((l) => userRef(state, l));
  switch (name) {
    case 'summary':
      return entity.summary;
    case 'description':
      return entity.description ?? null;
    case 'author':
      return userRef(state, entity.author);
    case 'lead':
      return userRef(state, entity.lead) ?? null;
    case 'teamUsers':
      return users(entity.teamUsers);
    case 'clients':
      return users(entity.clients);
    case 'followers':
      return users(entity.followers);
    case 'start':
      return entity.type === 'goal' ? null : (entity.start ?? null);
    case 'end':
      return entity.end ?? null;
    case 'tags':
      return entity.tags;
    case 'parentEntity': {
      const parent = entity.parentEntity
        ? state.entities.records.find((e) => e.id === entity.parentEntity)
        : undefined;
      return parent ? { primary: entityRef(ctx, parent), secondary: [] } : null;
    }
    case 'teamAccess':
      return entity.teamAccess ?? null;
    case 'entityStatus':
      return entity.entityStatus;
    case 'issueQueues':
      return entity.type === 'project'
        ? entity.queues.map((key) => {
            const queue = state.queues.find((q) => q.key === key);
            return {
              self: `${API_ORIGIN}/v2/queues/${key}`,
              id: String(queue?.id ?? key),
              key,
              display: queue?.name ?? key,
            };
          })
        : null;
    case 'quarter':
      return [];
    case 'checklistItems':
      return [];
    case 'keyResultItems':
      return entity.type === 'goal'
        ? (entity.keyResults ?? []).map((k) => ({
            id: k.id,
            text: k.text,
            type: k.type,
            ...(k.assignee ? { assignee: userRef(state, k.assignee) } : {}),
            ...(k.deadline
              ? {
                  deadline: {
                    date: `${k.deadline}T00:00:00.000+0000`,
                    deadlineType: 'date',
                    isExceeded: Date.parse(k.deadline) < ctx.now,
                  },
                }
              : {}),
            ...(k.progress ? { progress: k.progress } : {}),
            achieved: k.achieved,
          }))
        : null;
    case 'id':
      return entity.id;
    default:
      return null;
  }
}

function renderEntity(ctx: RouteContext, entity: EntityRecord, fields: string[]) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/entities/${entity.type}/${entity.id}`,
    id: entity.id,
    version: entity.version,
    shortId: entity.shortId,
    entityType: entity.type,
    createdBy: userRef(ctx.state, entity.createdBy),
    createdAt: entity.createdAt,
    updatedAt: entity.updatedAt,
    ...(fields.length > 0
      ? { fields: Object.fromEntries(fields.map((f) => [f, fieldValue(ctx, entity, f)])) }
      : {}),
  };
}

/** A user given as login, uid or `{id}`/`{login}`: its login, or a 422 naming the field. */
function userOf(state: TrackerState, field: string, value: unknown): string {
  const raw =
    typeof value === 'object' && value !== null
      ? ((value as Record<string, unknown>)['id'] ?? (value as Record<string, unknown>)['login'])
      : value;
  const user = typeof raw === 'string' || typeof raw === 'number' ? findUser(state, raw) : undefined;
  if (!user)
    throw unprocessable(`Пользователь ${JSON.stringify(value)} не найден.`, {
      [field]: 'Пользователь не найден',
    });
  return user.login;
}

/** A list of users as a plain list (replaces) or `{add, remove, set}`. */
function usersOf(state: TrackerState, field: string, value: unknown, current: string[]): string[] {
  if (Array.isArray(value)) return value.map((v) => userOf(state, field, v));
  if (typeof value === 'object' && value !== null) {
    const change = value as Record<string, unknown>;
    const list = (v: unknown) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v]).map((u) => userOf(state, field, u));
    if (change['set'] !== undefined) return list(change['set']);
    const remove = new Set(list(change['remove']));
    return [...new Set([...current.filter((l) => !remove.has(l)), ...list(change['add'])])];
  }
  return [userOf(state, field, value)];
}

/** Applies `fields` of a create or update to a draft, refusing what the API refuses (422 by field). */
function applyFields(ctx: RouteContext, draft: EntityRecord, fields: Record<string, unknown>): void {
  const { state } = ctx;
  for (const [name, value] of Object.entries(fields)) {
    if (!WRITABLE.includes(name)) {
      throw unprocessable(`Поле «${name}» нельзя изменить или оно не существует.`, {
        [name]: 'Неизвестное поле',
      });
    }
    switch (name) {
      case 'summary':
        if (typeof value !== 'string' || value.trim() === '') {
          throw unprocessable('Поле summary обязательно.', { summary: 'Обязательное поле' });
        }
        draft.summary = value.trim();
        break;
      case 'description':
        if (value === null) delete draft.description;
        else draft.description = String(value);
        break;
      case 'lead':
        if (value === null) delete draft.lead;
        else draft.lead = userOf(state, 'lead', value);
        break;
      case 'teamUsers':
      case 'clients':
      case 'followers':
        draft[name] = usersOf(state, name, value, draft[name]);
        break;
      case 'start':
      case 'end':
        if (value === null) delete draft[name];
        else if (typeof value !== 'string' || !DATE.test(value) || Number.isNaN(Date.parse(value))) {
          throw unprocessable(`Поле ${name} должно быть датой в формате YYYY-MM-DD.`, {
            [name]: 'Некорректная дата',
          });
        } else if (name === 'start' && draft.type === 'goal') {
          throw unprocessable('У цели нет даты начала.', { start: 'Поле недоступно для целей' });
        } else draft[name] = value;
        break;
      case 'tags':
        draft.tags = Array.isArray(value) ? value.map(String) : [];
        break;
      case 'teamAccess':
        if (typeof value !== 'boolean')
          throw unprocessable('Поле teamAccess должно быть true или false.', {
            teamAccess: 'Ожидается логическое значение',
          });
        draft.teamAccess = value;
        break;
      case 'entityStatus': {
        const valid = ENTITY_STATUSES[draft.type];
        if (typeof value !== 'string' || !valid.includes(value)) {
          throw unprocessable(
            `Статус ${JSON.stringify(value)} недоступен. Допустимые статусы: ${valid.join(', ')}.`,
            {
              entityStatus: 'Некорректный статус',
            },
          );
        }
        draft.entityStatus = value;
        break;
      }
      case 'queues': {
        const keys = (Array.isArray(value) ? value : [value]).map((v) =>
          typeof v === 'object' && v !== null
            ? String((v as Record<string, unknown>)['key'] ?? (v as Record<string, unknown>)['id'])
            : String(v),
        );
        for (const key of keys) {
          if (!state.queues.some((q) => q.key === key)) {
            throw unprocessable(`Очередь «${key}» не существует.`, { queues: 'Очередь не найдена' });
          }
        }
        draft.queues = keys;
        break;
      }
      case 'keyResultItems':
        draft.keyResults = keyResultsOf(ctx, draft, value);
        break;
      case 'parentEntity': {
        if (value === null) {
          delete draft.parentEntity;
          break;
        }
        const id =
          typeof value === 'object' && value !== null
            ? String((value as Record<string, unknown>)['primary'] ?? '')
            : String(value);
        const parentType: EntityType = draft.type === 'goal' ? 'goal' : 'portfolio';
        const parent = findEntity(state, parentType, id);
        if (!parent || parent.id === draft.id) {
          throw unprocessable(`Родительская сущность ${id} не найдена (ожидается ${parentType}).`, {
            parentEntity: 'Сущность не найдена',
          });
        }
        draft.parentEntity = parent.id;
        break;
      }
    }
  }
}

/** A goal's key results: a list (replaces), or `{add: [items], remove: [ids]}`; each item checked. */
function keyResultsOf(ctx: RouteContext, draft: EntityRecord, value: unknown): KeyResultRecord[] {
  if (draft.type !== 'goal') {
    throw unprocessable('Ключевые результаты есть только у целей.', { keyResultItems: 'Поле недоступно' });
  }
  const current = draft.keyResults ?? [];
  let items: unknown[];
  let kept: KeyResultRecord[];
  if (Array.isArray(value)) {
    items = value;
    kept = [];
  } else if (typeof value === 'object' && value !== null) {
    const change = value as Record<string, unknown>;
    const unknownOp = Object.keys(change).find((k) => !['add', 'remove'].includes(k));
    if (unknownOp)
      throw badRequest(`Неизвестная операция «${unknownOp}».`, { keyResultItems: 'Допустимы add, remove' });
    const remove =
      change['remove'] === undefined
        ? []
        : (Array.isArray(change['remove']) ? change['remove'] : [change['remove']]).map(String);
    const missing = remove.find((id) => !current.some((k) => k.id === id));
    if (missing)
      throw unprocessable(`Ключевой результат ${missing} не найден.`, {
        'keyResultItems.remove': 'Не найден',
      });
    kept = current.filter((k) => !remove.includes(k.id));
    items = change['add'] === undefined ? [] : Array.isArray(change['add']) ? change['add'] : [change['add']];
  } else {
    throw badRequest('Поле keyResultItems: список или {add, remove}.', {
      keyResultItems: 'Ожидается список',
    });
  }
  let n = Math.max(
    0,
    ...ctx.state.entities.records.flatMap((e) =>
      (e.keyResults ?? []).map((k) => parseInt(k.id.slice(4), 16)),
    ),
  );
  const made = items.map((item, i): KeyResultRecord => {
    const field = `keyResultItems.${i}`;
    if (typeof item !== 'object' || item === null)
      throw badRequest('Ключевой результат должен быть объектом.', { [field]: 'Ожидается объект' });
    const k = item as Record<string, unknown>;
    if (typeof k['text'] !== 'string' || k['text'].trim() === '')
      throw unprocessable('Поле text обязательно.', { [`${field}.text`]: 'Обязательное поле' });
    const type = k['type'] ?? 'binary';
    if (type !== 'binary' && type !== 'value') {
      throw unprocessable(`Тип ${JSON.stringify(type)} не существует. Допустимые: binary, value.`, {
        [`${field}.type`]: 'Некорректный тип',
      });
    }
    const progress = k['progress'];
    if (type === 'value') {
      const p = progress as Record<string, unknown> | undefined;
      if (!p || !['start', 'end', 'current'].every((x) => typeof p[x] === 'number')) {
        throw unprocessable('Для типа value укажите progress {start, end, current}.', {
          [`${field}.progress`]: 'Обязательное поле',
        });
      }
    }
    const deadline = k['deadline'];
    const date =
      typeof deadline === 'object' && deadline !== null
        ? (deadline as Record<string, unknown>)['date']
        : deadline;
    if (date !== undefined && (typeof date !== 'string' || !DATE.test(date.slice(0, 10)))) {
      throw unprocessable('Срок: дата YYYY-MM-DD.', { [`${field}.deadline`]: 'Некорректная дата' });
    }
    n += 1;
    return {
      id: `6562${n.toString(16).padStart(20, '0')}`,
      text: k['text'].trim(),
      type,
      ...(k['assignee'] !== undefined
        ? { assignee: userOf(ctx.state, `${field}.assignee`, k['assignee']) }
        : {}),
      ...(typeof date === 'string' ? { deadline: date.slice(0, 10) } : {}),
      ...(type === 'value' ? { progress: progress as KeyResultRecord['progress'] & object } : {}),
      achieved: k['achieved'] === true,
    };
  });
  return [...kept, ...made];
}

function fieldsOfBody(body: Record<string, unknown>): Record<string, unknown> {
  const fields = body['fields'];
  if (fields === undefined) return {};
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    throw badRequest('Параметр fields должен быть объектом.', { fields: 'Ожидается объект' });
  }
  return fields as Record<string, unknown>;
}

function refuseUnknownKeys(body: Record<string, unknown>, allowed: string[]): void {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw badRequest(`Неизвестный параметр «${unknown[0]}». Допустимые: ${allowed.join(', ')}.`, {
      [unknown[0]!]: 'Неизвестный параметр',
    });
  }
}

function addComment(
  ctx: RouteContext,
  entity: EntityRecord,
  text: unknown,
  summonees: unknown,
): EntityCommentRecord {
  const { state } = ctx;
  if (typeof text !== 'string' || text.trim() === '') {
    throw unprocessable('Поле text обязательно.', { text: 'Обязательное поле' });
  }
  const id = Math.max(0, ...state.entities.comments.map((c) => c.id)) + 1;
  const at = trackerDate(new Date(ctx.now));
  const comment: EntityCommentRecord = {
    id,
    longId: `6561${id.toString(16).padStart(20, '0')}`,
    entity: entity.id,
    text,
    createdBy: ctx.me,
    createdAt: at,
    updatedAt: at,
    summonees: summonees === undefined ? [] : usersOf(state, 'summonees', summonees, []),
    version: 1,
  };
  state.entities.comments.push(comment);
  return comment;
}

function renderComment(ctx: RouteContext, entity: EntityRecord, comment: EntityCommentRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/entities/${entity.type}/${entity.id}/comments/${comment.id}`,
    id: comment.id,
    longId: comment.longId,
    text: comment.text,
    createdBy: userRef(ctx.state, comment.createdBy),
    updatedBy: userRef(ctx.state, comment.createdBy),
    createdAt: comment.createdAt,
    updatedAt: comment.updatedAt,
    summonees: comment.summonees.map((l) => userRef(ctx.state, l)),
    version: comment.version,
    type: 'standard',
    transport: 'internal',
  };
}

/** Links `entity` to each `{relationship, entity}`; the whole list is checked before any is made. */
function addLinks(ctx: RouteContext, entity: EntityRecord, value: unknown): void {
  const { state } = ctx;
  const items = Array.isArray(value) ? value : [value];
  const links = items.map((item) => {
    if (typeof item !== 'object' || item === null) {
      throw badRequest('Ожидается объект {relationship, entity}.', { links: 'Ожидается объект' });
    }
    const { relationship, entity: target } = item as Record<string, unknown>;
    if (
      typeof relationship !== 'string' ||
      !(ENTITY_RELATIONSHIPS as readonly string[]).includes(relationship)
    ) {
      throw unprocessable(
        `Тип связи ${JSON.stringify(relationship)} не существует. Допустимые: ${ENTITY_RELATIONSHIPS.join(', ')}.`,
        { relationship: 'Некорректный тип связи' },
      );
    }
    const other = state.entities.records.find((e) => e.id === String(target));
    if (!other)
      throw unprocessable(`Сущность ${String(target)} не найдена.`, { entity: 'Сущность не найдена' });
    if (other.id === entity.id)
      throw unprocessable('Сущность нельзя связать с самой собой.', { entity: 'Та же сущность' });
    if (linkBetween(state, entity.id, other.id)) {
      throw unprocessable(`Связь с ${other.id} уже существует.`, { entity: 'Связь уже существует' });
    }
    return {
      from: entity.id,
      to: other.id,
      relationship: relationship as (typeof ENTITY_RELATIONSHIPS)[number],
    };
  });
  state.entities.links.push(...links);
}

function linkBetween(state: TrackerState, a: string, b: string) {
  return state.entities.links.find((l) => (l.from === a && l.to === b) || (l.from === b && l.to === a));
}

function searchValue(ctx: RouteContext, entity: EntityRecord, field: string): string[] {
  const value = fieldValue(ctx, entity, field);
  const flat = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  return flat.flatMap((v) => {
    if (typeof v !== 'object' || v === null) return [String(v)];
    const ref = v as Record<string, unknown>;
    if (field === 'parentEntity') return [String((ref['primary'] as Record<string, unknown>)['id'])];
    const user = ref['id'] !== undefined ? findUser(ctx.state, String(ref['id'])) : undefined;
    return [String(ref['key'] ?? ref['id']), ...(user ? [user.login] : [])];
  });
}

function matches(ctx: RouteContext, entity: EntityRecord, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([field, wanted]) => {
    const have = searchValue(ctx, entity, field);
    if (wanted === 'notEmpty()') return have.length > 0;
    if (wanted === 'empty()') return have.length === 0;
    const list = (Array.isArray(wanted) ? wanted : [wanted]).map(String);
    return list.some((w) => have.includes(w));
  });
}

export function entitiesRoutes(): TrackerRoute[] {
  return [
    route('POST', '/entities/:type/_search', (ctx) => {
      const type = entityType(ctx);
      const fields = askedFields(ctx);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['input', 'filter', 'orderBy', 'orderAsc', 'rootOnly']);
      const filter = body['filter'] ?? {};
      if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
        throw badRequest('Параметр filter должен быть объектом.', { filter: 'Ожидается объект' });
      }
      for (const key of Object.keys(filter)) {
        if (!READABLE.includes(key)) {
          throw unprocessable(`Неизвестное поле фильтра: ${key}.`, { [`filter.${key}`]: 'Неизвестное поле' });
        }
      }
      const orderBy = body['orderBy'];
      if (orderBy !== undefined && (typeof orderBy !== 'string' || !READABLE.includes(orderBy))) {
        throw unprocessable(`Неизвестное поле сортировки: ${String(orderBy)}.`, {
          orderBy: 'Неизвестное поле',
        });
      }
      const input = typeof body['input'] === 'string' ? body['input'].toLowerCase() : '';
      let found = ctx.state.entities.records.filter(
        (e) =>
          e.type === type &&
          (input === '' || e.summary.toLowerCase().includes(input)) &&
          (body['rootOnly'] !== true || e.parentEntity === undefined) &&
          matches(ctx, e, filter as Record<string, unknown>),
      );
      if (typeof orderBy === 'string') {
        const key = (e: EntityRecord) => searchValue(ctx, e, orderBy).join(',');
        found = [...found].sort(
          (a, b) => key(a).localeCompare(key(b)) * (body['orderAsc'] === false ? -1 : 1),
        );
      }
      const perPage = Math.min(Number(queryString(ctx.request, 'perPage') ?? 50), 1000);
      const page = Number(queryString(ctx.request, 'page') ?? 1);
      if (!Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(page) || page < 1) {
        throw badRequest('Параметры page и perPage должны быть положительными целыми числами.', {
          perPage: 'invalid',
        });
      }
      return {
        hits: found.length,
        pages: Math.max(1, Math.ceil(found.length / perPage)),
        values: found.slice((page - 1) * perPage, page * perPage).map((e) => renderEntity(ctx, e, fields)),
        ...(typeof orderBy === 'string' ? { orderBy } : {}),
      };
    }),
    route('GET', '/entities/:type/:id/comments', (ctx) => {
      const entity = requireEntity(ctx);
      return ctx.state.entities.comments
        .filter((c) => c.entity === entity.id)
        .map((c) => renderComment(ctx, entity, c));
    }),
    route('POST', '/entities/:type/:id/comments', (ctx) => {
      const entity = requireEntity(ctx);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['text', 'summonees', 'maillistSummonees', 'attachmentIds']);
      return created(renderComment(ctx, entity, addComment(ctx, entity, body['text'], body['summonees'])));
    }),
    route('GET', '/entities/:type/:id/links', (ctx) => {
      const entity = requireEntity(ctx);
      const fields = askedFields(ctx);
      return ctx.state.entities.links.flatMap((link) => {
        const outward = link.from === entity.id;
        if (!outward && link.to !== entity.id) return [];
        const other = ctx.state.entities.records.find((e) => e.id === (outward ? link.to : link.from));
        if (!other) return [];
        return [
          {
            type: outward ? link.relationship : INVERSE[link.relationship],
            linkFieldValues: {
              id: other.id,
              ...Object.fromEntries(fields.map((f) => [f, fieldValue(ctx, other, f)])),
            },
          },
        ];
      });
    }),
    route('POST', '/entities/:type/:id/links', (ctx) => {
      const entity = requireEntity(ctx);
      const body = ctx.request.body;
      if (body === undefined || body === '' || typeof body !== 'object' || body === null) {
        throw badRequest('Тело запроса должно быть JSON-объектом или списком.');
      }
      addLinks(ctx, entity, body);
      entity.updatedAt = trackerDate(new Date(ctx.now));
      return respond({ status: 200 });
    }),
    route('DELETE', '/entities/:type/:id/links', (ctx) => {
      const entity = requireEntity(ctx);
      const right = queryString(ctx.request, 'right');
      if (right === undefined || right === '') {
        throw badRequest('Параметр right обязателен.', { right: 'Обязательный параметр' });
      }
      const link = linkBetween(ctx.state, entity.id, right);
      if (!link) throw notFound(`Связь с сущностью ${right} не найдена.`);
      ctx.state.entities.links.splice(ctx.state.entities.links.indexOf(link), 1);
      return respond({ status: 200 });
    }),
    route('GET', '/entities/:type/:id', (ctx) => renderEntity(ctx, requireEntity(ctx), askedFields(ctx))),
    route('POST', '/entities/:type', (ctx) => {
      const { state } = ctx;
      const type = entityType(ctx);
      const asked = askedFields(ctx);
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['fields']);
      const fields = fieldsOfBody(body);
      if (typeof fields['summary'] !== 'string' || fields['summary'].trim() === '') {
        throw unprocessable('Поле summary обязательно.', { summary: 'Обязательное поле' });
      }
      if (type === 'project' && fields['queues'] === undefined && fields['teamAccess'] === undefined) {
        throw unprocessable('Для проекта укажите queues или teamAccess.', { queues: 'Обязательное поле' });
      }
      const n = Math.max(0, ...state.entities.records.map((e) => parseInt(e.id.slice(4), 16))) + 1;
      const shortIds = state.entities.records
        .filter((e) => (type === 'goal') === (e.type === 'goal'))
        .map((e) => e.shortId);
      const at = trackerDate(new Date(ctx.now));
      const draft: EntityRecord = {
        id: entityIdFor(n),
        shortId: Math.max(0, ...shortIds) + 1,
        type,
        version: 1,
        createdBy: ctx.me,
        createdAt: at,
        updatedAt: at,
        summary: '',
        author: ctx.me,
        teamUsers: [],
        clients: [],
        followers: [],
        tags: [],
        entityStatus: 'draft',
        queues: [],
      };
      applyFields(ctx, draft, fields);
      state.entities.records.push(draft);
      return created(renderEntity(ctx, draft, asked));
    }),
    route('PATCH', '/entities/:type/:id', (ctx) => {
      const entity = requireEntity(ctx);
      const asked = askedFields(ctx);
      const version = queryString(ctx.request, 'version');
      if (version !== undefined && Number(version) !== entity.version) {
        throw conflict(
          `Сущность: не удалось сохранить изменения, попробуйте ещё раз (текущая версия ${entity.version}).`,
        );
      }
      const body = objectBody(ctx.request);
      refuseUnknownKeys(body, ['fields', 'comment', 'links']);
      const draft: EntityRecord = structuredClone(entity);
      applyFields(ctx, draft, fieldsOfBody(body));
      const comments = ctx.state.entities.comments.length;
      const links = ctx.state.entities.links.length;
      try {
        if (body['comment'] !== undefined) addComment(ctx, entity, body['comment'], undefined);
        if (body['links'] !== undefined) addLinks(ctx, entity, body['links']);
      } catch (error) {
        ctx.state.entities.comments.length = comments;
        ctx.state.entities.links.length = links;
        throw error;
      }
      Object.assign(entity, draft, {
        version: entity.version + 1,
        updatedAt: trackerDate(new Date(ctx.now)),
      });
      return renderEntity(ctx, entity, asked);
    }),
    route('DELETE', '/entities/:type/:id', (ctx) => {
      const entity = requireEntity(ctx);
      const { entities } = ctx.state;
      entities.records.splice(entities.records.indexOf(entity), 1);
      entities.comments = entities.comments.filter((c) => c.entity !== entity.id);
      entities.links = entities.links.filter((l) => l.from !== entity.id && l.to !== entity.id);
      for (const child of entities.records) if (child.parentEntity === entity.id) delete child.parentEntity;
      return undefined;
    }),
  ];
}
