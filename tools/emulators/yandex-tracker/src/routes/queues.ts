/**
 * Queues (research §3.8): list (page style), get with `expand`, create (201; 409 on a key or name
 * conflict), update (`version` → 409 when stale), fields (global + local, `schema.required`), local
 * fields, permissions (GET and the documented PATCH body
 * `{create|write|read|grant: {users|groups|roles: [ids] | {add, remove}}}`: an array replaces the
 * list, `{add, remove}` edits it; anything else is a 400 naming the valid keys) and the queue's projects.
 */
import { pageResponse } from '../paginate.ts';
import {
  API_ORIGIN,
  findUser,
  namedRef,
  queueRef,
  renderProject,
  userRef,
  requireUserField,
} from '../render.ts';
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
import type { GlobalFieldRecord, LocalFieldRecord, QueueRecord, TrackerState } from '../tracker-state.ts';

export const PERMISSION_ACTIONS = ['create', 'write', 'read', 'grant'] as const;
export const PERMISSION_SUBJECTS = ['users', 'groups', 'roles'] as const;
export const QUEUE_ROLES = ['author', 'assignee', 'follower', 'access'] as const;
type Action = (typeof PERMISSION_ACTIONS)[number];
type Subject = (typeof PERMISSION_SUBJECTS)[number];

const ROLE_NAMES: Record<string, string> = {
  author: 'Author',
  assignee: 'Assignee',
  follower: 'Follower',
  access: 'With access rights',
  'queue-lead': 'Queue owner',
};
const GROUP_NAMES: Record<number, string> = { 1: 'All employees' };
export const CATEGORY_NAMES: Record<string, string> = {
  '000000000000000000000001': 'System',
  '000000000000000000000002': 'Time tracking',
  '000000000000000000000003': 'Agile',
};

/** Local field types as the API names them (`POST /queues/{key}/localFields`) → `schema.type`. */
export const LOCAL_FIELD_TYPES: Record<string, string> = {
  'ru.yandex.startrek.core.fields.DateFieldType': 'date',
  'ru.yandex.startrek.core.fields.DateTimeFieldType': 'datetime',
  'ru.yandex.startrek.core.fields.StringFieldType': 'string',
  'ru.yandex.startrek.core.fields.TextFieldType': 'text',
  'ru.yandex.startrek.core.fields.FloatFieldType': 'float',
  'ru.yandex.startrek.core.fields.IntegerFieldType': 'integer',
  'ru.yandex.startrek.core.fields.UserFieldType': 'user',
  'ru.yandex.startrek.core.fields.UriFieldType': 'uri',
};

interface IssueTypeConfig {
  issueType: string;
  workflow: string;
  resolutions: string[];
}

/** Per-queue data the shared QueueRecord does not model: issue-type settings and the permissions version. */
const issueTypesConfigs = new WeakMap<QueueRecord, IssueTypeConfig[]>();
const permissionVersions = new WeakMap<QueueRecord, number>();

function issueTypesConfigOf(state: TrackerState, queue: QueueRecord): IssueTypeConfig[] {
  let config = issueTypesConfigs.get(queue);
  if (!config) {
    config = queue.issueTypes.map((issueType) => ({
      issueType,
      workflow: 'developmentPresetWorkflow',
      resolutions: state.resolutions.map((r) => r.key),
    }));
    issueTypesConfigs.set(queue, config);
  }
  return config;
}

/** The queue by key (case-sensitive) or numeric id, or the API's 404. */
export function requireQueue(state: TrackerState, keyOrId: string): QueueRecord {
  const queue = state.queues.find((q) => q.key === keyOrId || String(q.id) === keyOrId);
  if (!queue) throw notFound(`Очередь «${keyOrId}» не существует.`);
  return queue;
}

function expandParts(expand: string | undefined): Set<string> {
  return new Set(
    (expand ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  );
}

function fieldRef(id: string, name: string) {
  return { self: `${API_ORIGIN}/v2/fields/${id}`, id, display: name };
}

/** The queue as `GET /v2/queues/{key}[?expand=…]` answers. */
export function renderQueue(state: TrackerState, queue: QueueRecord, expand?: string) {
  const parts = expandParts(expand);
  const want = (part: string, ...aliases: string[]) =>
    parts.has('all') || parts.has(part) || aliases.some((a) => parts.has(a));
  const json: Record<string, unknown> = {
    self: `${API_ORIGIN}/v2/queues/${queue.key}`,
    id: queue.id,
    key: queue.key,
    version: queue.version,
    name: queue.name,
    description: queue.description,
    lead: userRef(state, queue.lead),
    assignAuto: false,
    allowExternals: false,
    defaultType: namedRef('issuetypes', state.issueTypes, queue.defaultType),
    defaultPriority: namedRef('priorities', state.priorities, queue.defaultPriority),
    denyVoting: false,
  };
  if (want('team')) {
    const logins = [queue.lead, ...PERMISSION_ACTIONS.flatMap((a) => queue.permissions[a].users)].filter(
      (login, i, all) => all.indexOf(login) === i,
    );
    json['teamUsers'] = logins.map((login) => userRef(state, login));
  }
  if (want('types')) {
    json['issueTypes'] = queue.issueTypes.map((t) => namedRef('issuetypes', state.issueTypes, t));
  }
  if (want('versions')) json['versions'] = [];
  if (want('components')) {
    json['components'] = state.components
      .filter((c) => c.queue === queue.key)
      .map((c) => ({ self: `${API_ORIGIN}/v2/components/${c.id}`, id: String(c.id), display: c.name }));
  }
  if (want('projects')) {
    json['projects'] = state.projects
      .filter((p) => p.queues.includes(queue.key))
      .map((p) => ({ self: `${API_ORIGIN}/v2/projects/${p.id}`, id: String(p.id), display: p.name }));
  }
  const config = issueTypesConfigOf(state, queue);
  if (want('workflows')) {
    const workflows: Record<string, unknown[]> = {};
    for (const c of config) {
      (workflows[c.workflow] ??= []).push(namedRef('issuetypes', state.issueTypes, c.issueType));
    }
    json['workflows'] = workflows;
  }
  if (want('fields')) {
    json['fields'] = [
      ...state.globalFields.filter((f) => f.schema.required).map((f) => fieldRef(f.id, f.name)),
    ];
  }
  if (want('issueTypesConfig', 'issue_types_config')) {
    json['issueTypesConfig'] = config.map((c) => ({
      issueType: namedRef('issuetypes', state.issueTypes, c.issueType),
      workflow: { self: `${API_ORIGIN}/v2/workflows/${c.workflow}`, id: c.workflow, display: c.workflow },
      resolutions: c.resolutions.map((r) => namedRef('resolutions', state.resolutions, r)),
    }));
  }
  return json;
}

function category(id: string) {
  return {
    self: `${API_ORIGIN}/v2/fields/categories/${id}`,
    id,
    display: CATEGORY_NAMES[id] ?? id,
  };
}

function renderGlobalField(field: GlobalFieldRecord, order: number) {
  return {
    self: `${API_ORIGIN}/v2/fields/${field.id}`,
    id: field.id,
    name: field.name,
    key: field.key,
    version: field.version,
    schema: { ...field.schema },
    readonly: field.readonly,
    options: false,
    suggest: field.schema.type === 'user',
    queryProvider: { type: 'StringOptionalQueryProvider' },
    order,
    category: category(field.category),
  };
}

export function renderLocalField(state: TrackerState, queue: QueueRecord, field: LocalFieldRecord) {
  return {
    type: 'local',
    self: `${API_ORIGIN}/v2/queues/${queue.key}/localFields/${field.key}`,
    id: field.id,
    name: field.name,
    key: field.key,
    version: 1,
    schema: { type: field.type, required: false },
    readonly: false,
    options: false,
    suggest: false,
    queryProvider: { type: 'StringOptionalQueryProvider' },
    order: 100,
    category: category(field.category),
    queue: queueRef(state, queue.key),
  };
}

export function renderPermissions(state: TrackerState, queue: QueueRecord) {
  const base = `${API_ORIGIN}/v2/queues/${queue.key}/permissions`;
  const json: Record<string, unknown> = { self: base, version: permissionVersions.get(queue) ?? 1 };
  for (const action of PERMISSION_ACTIONS) {
    const p = queue.permissions[action];
    json[action] = {
      self: `${base}/${action}`,
      ...(p.users.length > 0 ? { users: p.users.map((login) => userRef(state, login)) } : {}),
      ...(p.groups.length > 0
        ? {
            groups: p.groups.map((id) => ({
              self: `${API_ORIGIN}/v2/groups/${id}`,
              id: String(id),
              display: GROUP_NAMES[id] ?? `Group ${id}`,
            })),
          }
        : {}),
      ...(p.roles.length > 0
        ? {
            roles: p.roles.map((role) => ({
              self: `${API_ORIGIN}/v2/roles/${role}`,
              id: role,
              display: ROLE_NAMES[role] ?? role,
            })),
          }
        : {}),
    };
  }
  return json;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One subject list of a permissions PATCH, validated; throws the API's 400/422 naming what is valid. */
function editSubjects<T>(
  current: readonly T[],
  value: unknown,
  where: string,
  parse: (id: unknown) => T,
): T[] {
  const list = (v: unknown, at: string) => {
    if (!Array.isArray(v)) {
      throw badRequest(`Параметр «${at}» должен быть массивом идентификаторов.`, { [at]: 'array expected' });
    }
    return v.map(parse);
  };
  if (Array.isArray(value)) return [...new Set(list(value, where))];
  if (isRecord(value)) {
    const unknown = Object.keys(value).filter((k) => k !== 'add' && k !== 'remove');
    if (unknown.length > 0 || Object.keys(value).length === 0) {
      throw badRequest(
        `Параметр «${where}» должен быть массивом идентификаторов (заменяет список) или объектом с ключами add, remove (изменяет список)${unknown.length > 0 ? `; неизвестные ключи: ${unknown.join(', ')}` : ''}.`,
        { [where]: 'Допустимые ключи: add, remove' },
      );
    }
    const add = value['add'] === undefined ? [] : list(value['add'], `${where}.add`);
    const remove = value['remove'] === undefined ? [] : list(value['remove'], `${where}.remove`);
    const next = [...current, ...add.filter((x) => !current.includes(x))];
    return next.filter((x) => !remove.includes(x));
  }
  throw badRequest(
    `Параметр «${where}» должен быть массивом идентификаторов (заменяет список) или объектом с ключами add, remove (изменяет список).`,
    { [where]: 'Допустимые значения: массив или {add, remove}' },
  );
}

/** Applies the documented permissions PATCH body; validates all of it before changing anything. */
function patchPermissions(state: TrackerState, queue: QueueRecord, body: Record<string, unknown>) {
  const keys = Object.keys(body);
  if (keys.length === 0) {
    throw badRequest(
      `Укажите хотя бы один из параметров: ${PERMISSION_ACTIONS.join(', ')}. Specify at least one of: ${PERMISSION_ACTIONS.join(', ')}.`,
    );
  }
  const unknownActions = keys.filter((k) => !(PERMISSION_ACTIONS as readonly string[]).includes(k));
  if (unknownActions.length > 0) {
    throw badRequest(
      `Неизвестные параметры: ${unknownActions.join(', ')}. Допустимые ключи верхнего уровня: ${PERMISSION_ACTIONS.join(', ')}. Unknown fields: ${unknownActions.join(', ')}; valid keys: ${PERMISSION_ACTIONS.join(', ')}.`,
      Object.fromEntries(unknownActions.map((k) => [k, 'Неизвестное поле'])),
    );
  }
  const next = structuredClone(queue.permissions);
  for (const action of keys as Action[]) {
    const spec = body[action];
    if (!isRecord(spec) || Object.keys(spec).length === 0) {
      throw badRequest(
        `Параметр «${action}» должен быть объектом хотя бы с одним из ключей: ${PERMISSION_SUBJECTS.join(', ')}.`,
        { [action]: `Допустимые ключи: ${PERMISSION_SUBJECTS.join(', ')}` },
      );
    }
    const unknownSubjects = Object.keys(spec).filter(
      (k) => !(PERMISSION_SUBJECTS as readonly string[]).includes(k),
    );
    if (unknownSubjects.length > 0) {
      throw badRequest(
        `Неизвестные параметры в «${action}»: ${unknownSubjects.join(', ')}. Допустимые ключи: ${PERMISSION_SUBJECTS.join(', ')}. Unknown subject kinds: ${unknownSubjects.join(', ')}; valid keys: ${PERMISSION_SUBJECTS.join(', ')}.`,
        Object.fromEntries(unknownSubjects.map((k) => [`${action}.${k}`, 'Неизвестное поле'])),
      );
    }
    for (const subject of Object.keys(spec) as Subject[]) {
      const where = `${action}.${subject}`;
      const value = spec[subject];
      if (subject === 'users') {
        next[action].users = editSubjects(next[action].users, value, where, (id) => {
          const user = typeof id === 'string' || typeof id === 'number' ? findUser(state, id) : undefined;
          if (!user) {
            throw unprocessable(`Пользователь «${String(id)}» не найден (${where}).`, {
              [where]: 'Пользователь не найден',
            });
          }
          return user.login;
        });
      } else if (subject === 'groups') {
        next[action].groups = editSubjects(next[action].groups, value, where, (id) => {
          const n = typeof id === 'number' ? id : typeof id === 'string' ? Number(id) : Number.NaN;
          if (!Number.isInteger(n) || n < 1) {
            throw badRequest(`Идентификатор группы «${String(id)}» в «${where}» должен быть числом.`, {
              [where]: 'Ожидается числовой идентификатор группы',
            });
          }
          return n;
        });
      } else {
        next[action].roles = editSubjects(next[action].roles, value, where, (id) => {
          if (typeof id !== 'string' || !(QUEUE_ROLES as readonly string[]).includes(id)) {
            throw unprocessable(
              `Неизвестная роль «${String(id)}» в «${where}». Допустимые роли: ${QUEUE_ROLES.join(', ')}.`,
              { [where]: `Допустимые значения: ${QUEUE_ROLES.join(', ')}` },
            );
          }
          return id;
        });
      }
    }
  }
  queue.permissions = next;
  permissionVersions.set(queue, (permissionVersions.get(queue) ?? 1) + 1);
}

function resolveNamedKey(
  list: readonly { id: number; key: string; display: string }[],
  value: unknown,
  field: string,
): string {
  const wanted = isRecord(value) ? (value['key'] ?? value['id']) : value;
  const item = list.find((x) => x.key === String(wanted) || String(x.id) === String(wanted));
  if (!item) {
    throw unprocessable(`Поле «${field}» содержит некорректное значение «${String(wanted)}».`, {
      [field]: 'Значение не найдено',
    });
  }
  return item.key;
}

function resolveLead(state: TrackerState, value: unknown): string {
  return requireUserField(state, value, 'lead');
}

function parseIssueTypesConfig(state: TrackerState, value: unknown): IssueTypeConfig[] {
  if (!Array.isArray(value) || value.length === 0) {
    throw unprocessable('Поле issueTypesConfig должно быть непустым массивом.', {
      issueTypesConfig: 'Ожидается массив',
    });
  }
  return value.map((item, i) => {
    if (!isRecord(item)) {
      throw unprocessable(`issueTypesConfig[${i}] должен быть объектом {issueType, workflow, resolutions}.`);
    }
    const issueType = resolveNamedKey(
      state.issueTypes,
      item['issueType'],
      `issueTypesConfig[${i}].issueType`,
    );
    if (typeof item['workflow'] !== 'string' || item['workflow'] === '') {
      throw unprocessable(`Поле issueTypesConfig[${i}].workflow обязательно.`, {
        [`issueTypesConfig[${i}].workflow`]: 'required',
      });
    }
    const resolutions = Array.isArray(item['resolutions']) ? item['resolutions'] : [];
    if (resolutions.length === 0) {
      throw unprocessable(`Поле issueTypesConfig[${i}].resolutions обязательно.`, {
        [`issueTypesConfig[${i}].resolutions`]: 'required',
      });
    }
    return {
      issueType,
      workflow: item['workflow'],
      resolutions: resolutions.map((r) =>
        resolveNamedKey(state.resolutions, r, `issueTypesConfig[${i}].resolutions`),
      ),
    };
  });
}

function checkVersion(ctx: RouteContext, current: number, what: string) {
  const version = queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
  if (version !== undefined && Number(version) !== current) {
    throw conflict(`${what}: не удалось сохранить изменения, попробуйте ещё раз`);
  }
}

const QUEUE_PATCH_FIELDS = [
  'name',
  'description',
  'lead',
  'defaultType',
  'defaultPriority',
  'issueTypesConfig',
];

export function queuesRoutes(): TrackerRoute[] {
  return [
    route('GET', '/queues', (ctx) => {
      const expand = queryString(ctx.request, 'expand');
      return respond(pageResponse(ctx.request, ctx.state.queues, (q) => renderQueue(ctx.state, q, expand)));
    }),
    route('POST', '/queues', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      const missing = ['key', 'name', 'lead', 'defaultType', 'defaultPriority'].filter(
        (f) => body[f] === undefined || body[f] === null || body[f] === '',
      );
      if (missing.length > 0) {
        throw unprocessable(
          `Не заданы обязательные поля: ${missing.join(', ')}.`,
          Object.fromEntries(missing.map((f) => [f, 'Обязательное поле'])),
        );
      }
      const key = String(body['key']);
      if (!/^[A-Z][A-Z0-9]{1,14}$/.test(key)) {
        throw unprocessable(
          `Ключ очереди «${key}» некорректен: только латинские заглавные буквы (и цифры), от 2 до 15 символов.`,
          { key: 'Некорректный ключ' },
        );
      }
      const name = String(body['name']);
      if (state.queues.some((q) => q.key === key)) {
        throw conflict(`Очередь с ключом «${key}» уже существует. A queue with key ${key} already exists.`);
      }
      if (state.queues.some((q) => q.name.toLowerCase() === name.toLowerCase())) {
        throw conflict(
          `Очередь с названием «${name}» уже существует. A queue named "${name}" already exists.`,
        );
      }
      const lead = resolveLead(state, body['lead']);
      const defaultType = resolveNamedKey(state.issueTypes, body['defaultType'], 'defaultType');
      const defaultPriority = resolveNamedKey(state.priorities, body['defaultPriority'], 'defaultPriority');
      const config =
        body['issueTypesConfig'] === undefined
          ? [
              {
                issueType: defaultType,
                workflow: 'developmentPresetWorkflow',
                resolutions: state.resolutions.map((r) => r.key),
              },
            ]
          : parseIssueTypesConfig(state, body['issueTypesConfig']);
      if (!config.some((c) => c.issueType === defaultType)) {
        throw unprocessable(
          `Тип задач по умолчанию «${defaultType}» должен быть в issueTypesConfig (${config.map((c) => c.issueType).join(', ')}).`,
          { defaultType: 'Нет в issueTypesConfig' },
        );
      }
      const template = state.queues[0];
      const queue: QueueRecord = {
        id: Math.max(0, ...state.queues.map((q) => q.id)) + 1,
        key,
        name,
        description: typeof body['description'] === 'string' ? body['description'] : '',
        lead,
        defaultType,
        defaultPriority,
        issueTypes: config.map((c) => c.issueType),
        version: 1,
        transitions: template ? template.transitions.map((t) => ({ ...t, from: [...t.from] })) : [],
        localFields: [],
        permissions: {
          create: { users: [], groups: [], roles: ['author'] },
          write: { users: [lead], groups: [], roles: ['author', 'assignee'] },
          read: { users: [], groups: [], roles: ['follower', 'access'] },
          grant: { users: [lead], groups: [], roles: [] },
        },
      };
      issueTypesConfigs.set(queue, config);
      state.queues.push(queue);
      return created(renderQueue(state, queue));
    }),
    route('GET', '/queues/:key', (ctx) =>
      renderQueue(ctx.state, requireQueue(ctx.state, ctx.params['key']!), queryString(ctx.request, 'expand')),
    ),
    route('PATCH', '/queues/:key', (ctx) => {
      const { state } = ctx;
      const queue = requireQueue(state, ctx.params['key']!);
      checkVersion(ctx, queue.version, 'Очередь');
      const body = objectBody(ctx.request);
      const unknown = Object.keys(body).filter((k) => !QUEUE_PATCH_FIELDS.includes(k));
      if (unknown.length > 0) {
        throw badRequest(
          `Поле «${unknown[0]}» нельзя изменить или оно не существует. Допустимые поля: ${QUEUE_PATCH_FIELDS.join(', ')}.`,
          Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
        );
      }
      const draft = { ...queue };
      let config = issueTypesConfigOf(state, queue);
      if (body['name'] !== undefined) {
        const name = String(body['name']);
        if (state.queues.some((q) => q !== queue && q.name.toLowerCase() === name.toLowerCase())) {
          throw conflict(
            `Очередь с названием «${name}» уже существует. A queue named "${name}" already exists.`,
          );
        }
        draft.name = name;
      }
      if (body['description'] !== undefined)
        draft.description = body['description'] === null ? '' : String(body['description']);
      if (body['lead'] !== undefined) draft.lead = resolveLead(state, body['lead']);
      if (body['defaultType'] !== undefined)
        draft.defaultType = resolveNamedKey(state.issueTypes, body['defaultType'], 'defaultType');
      if (body['defaultPriority'] !== undefined)
        draft.defaultPriority = resolveNamedKey(state.priorities, body['defaultPriority'], 'defaultPriority');
      if (body['issueTypesConfig'] !== undefined) {
        config = parseIssueTypesConfig(state, body['issueTypesConfig']);
        draft.issueTypes = config.map((c) => c.issueType);
      }
      if (!draft.issueTypes.includes(draft.defaultType)) {
        throw unprocessable(
          `Тип задач «${draft.defaultType}» не используется в очереди ${queue.key} (${draft.issueTypes.join(', ')}).`,
          { defaultType: 'Нет в очереди' },
        );
      }
      Object.assign(queue, draft, { version: queue.version + 1 });
      issueTypesConfigs.set(queue, config);
      return renderQueue(state, queue);
    }),
    route('GET', '/queues/:key/fields', (ctx) => {
      const { state } = ctx;
      const queue = requireQueue(state, ctx.params['key']!);
      return [
        ...state.globalFields.map((f, i) => renderGlobalField(f, (i + 1) * 10)),
        ...queue.localFields.map((f) => renderLocalField(state, queue, f)),
      ];
    }),
    route('GET', '/queues/:key/localFields', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      return queue.localFields.map((f) => renderLocalField(ctx.state, queue, f));
    }),
    route('POST', '/queues/:key/localFields', (ctx) => {
      const { state } = ctx;
      const queue = requireQueue(state, ctx.params['key']!);
      const body = objectBody(ctx.request);
      const key = body['id'];
      if (typeof key !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) {
        throw unprocessable('Поле id обязательно: латинские буквы, цифры и «_», начиная с буквы.', {
          id: 'Некорректный идентификатор',
        });
      }
      const rawName = body['name'];
      const name = isRecord(rawName)
        ? String(rawName['ru'] ?? rawName['en'] ?? '')
        : typeof rawName === 'string'
          ? rawName
          : '';
      if (name === '')
        throw unprocessable('Поле name обязательно: {"en": "…", "ru": "…"}.', { name: 'required' });
      const type = LOCAL_FIELD_TYPES[String(body['type'])];
      if (!type) {
        throw unprocessable(
          `Поле type содержит некорректное значение «${String(body['type'])}». Допустимые значения: ${Object.keys(LOCAL_FIELD_TYPES).join(', ')}.`,
          { type: 'Некорректный тип поля' },
        );
      }
      if (queue.localFields.some((f) => f.key === key)) {
        throw conflict(`Локальное поле «${key}» уже существует в очереди ${queue.key}.`);
      }
      const field: LocalFieldRecord = {
        id: `${queue.id.toString(16).padStart(24, '0')}--${key}`,
        key,
        name,
        type,
        category: typeof body['category'] === 'string' ? body['category'] : '000000000000000000000001',
      };
      queue.localFields.push(field);
      return created(renderLocalField(state, queue, field));
    }),
    route('GET', '/queues/:key/permissions', (ctx) =>
      renderPermissions(ctx.state, requireQueue(ctx.state, ctx.params['key']!)),
    ),
    route('PATCH', '/queues/:key/permissions', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      patchPermissions(ctx.state, queue, objectBody(ctx.request));
      return renderPermissions(ctx.state, queue);
    }),
    route('GET', '/queues/:key/projects', (ctx) => {
      const { state } = ctx;
      const queue = requireQueue(state, ctx.params['key']!);
      const expand = queryString(ctx.request, 'expand');
      return respond(
        pageResponse(
          ctx.request,
          state.projects.filter((p) => p.queues.includes(queue.key)),
          (p) => renderProject(state, p, expand),
        ),
      );
    }),
  ];
}
