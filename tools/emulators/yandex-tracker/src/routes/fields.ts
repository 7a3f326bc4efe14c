/**
 * Field definitions (research §3.8 "Reference data": `POST /fields`, `PATCH /fields/{id}?version=`,
 * `GET /fields/categories`) and a queue's local fields edited (`PATCH /queues/{key}/localFields/{key}`;
 * their create is in queues.ts). A field is `{id, name: {en, ru}, category, type}` with the type as
 * the API names it (`ru.yandex.startrek.core.fields.StringFieldType`); an unknown category or type is
 * 422, an id in use 409, a stale `version` 409. Listed before reference.ts, whose `/fields/{id}`
 * would otherwise take `categories` for an id.
 */
import { queryString, created, objectBody, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { API_ORIGIN } from '../render.ts';
import { conflict, notFound, unprocessable } from '../tracker-error.ts';
import type { GlobalFieldRecord } from '../tracker-state.ts';
import { CATEGORY_NAMES, LOCAL_FIELD_TYPES, renderLocalField, requireQueue } from './queues.ts';
import { renderField } from './reference.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `name` as `{en, ru}` (or a string): the display name, or undefined when none is given. */
function nameOf(value: unknown): string | undefined {
  const name = isRecord(value) ? (value['en'] ?? value['ru']) : value;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

function requireCategory(value: unknown): string {
  if (typeof value !== 'string' || !(value in CATEGORY_NAMES)) {
    throw unprocessable(`Категория «${String(value)}» не существует.`, { category: 'Категория не найдена' });
  }
  return value;
}

function requireType(value: unknown): string {
  const type = LOCAL_FIELD_TYPES[String(value)];
  if (!type) {
    throw unprocessable(
      `Поле type содержит некорректное значение «${String(value)}». Допустимые значения: ${Object.keys(LOCAL_FIELD_TYPES).join(', ')}.`,
      { type: 'Некорректный тип поля' },
    );
  }
  return type;
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

/** `?version=` (or If-Match) against the current one: 409 when stale, as for other entities. */
function checkVersion(ctx: RouteContext, current: number, what: string): void {
  const version = queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
  if (version !== undefined && Number(version) !== current) {
    throw conflict(`${what}: не удалось сохранить изменения, попробуйте ещё раз`);
  }
}

export function fieldsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/fields/categories', (ctx) =>
      Object.entries(CATEGORY_NAMES).map(([id, name], index) => ({
        self: `${API_ORIGIN}/${ctx.version}/fields/categories/${id}`,
        id,
        name: { en: name, ru: name },
        version: 1,
        order: index + 1,
      })),
    ),
    route('POST', '/fields', (ctx) => {
      const { state } = ctx;
      const body = objectBody(ctx.request);
      onlyFields(body, ['id', 'name', 'category', 'type', 'readonly', 'description']);
      const id = body['id'];
      if (typeof id !== 'string' || !/^[A-Za-z][A-Za-z0-9_]*$/.test(id)) {
        throw unprocessable('Поле id обязательно: латинские буквы, цифры и «_», начиная с буквы.', {
          id: 'Некорректный идентификатор',
        });
      }
      const name = nameOf(body['name']);
      if (name === undefined)
        throw unprocessable('Поле name обязательно: {"en": "…", "ru": "…"}.', { name: 'required' });
      const type = requireType(body['type']);
      const category = requireCategory(body['category']);
      if (state.globalFields.some((f) => f.id === id)) throw conflict(`Поле «${id}» уже существует.`);
      const field: GlobalFieldRecord = {
        id,
        key: id,
        name,
        version: 1,
        schema: { type, required: false },
        readonly: body['readonly'] === true,
        category,
      };
      state.globalFields.push(field);
      return created(renderField(ctx, field));
    }),
    route('PATCH', '/fields/:id', (ctx) => {
      const field = ctx.state.globalFields.find((f) => f.id === ctx.params['id']);
      if (!field) throw notFound(`Поле «${ctx.params['id']}» не существует.`);
      checkVersion(ctx, field.version, 'Поле');
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'category', 'readonly', 'description']);
      const name = body['name'] === undefined ? field.name : nameOf(body['name']);
      if (name === undefined) throw unprocessable('Поле name не может быть пустым.', { name: 'required' });
      const category = body['category'] === undefined ? field.category : requireCategory(body['category']);
      if (body['readonly'] !== undefined && typeof body['readonly'] !== 'boolean') {
        throw unprocessable('Поле readonly должно быть true или false.', { readonly: 'Ожидается boolean' });
      }
      Object.assign(field, {
        name,
        category,
        ...(typeof body['readonly'] === 'boolean' ? { readonly: body['readonly'] } : {}),
        version: field.version + 1,
      });
      return renderField(ctx, field);
    }),
    route('PATCH', '/queues/:key/localFields/:fieldKey', (ctx) => {
      const queue = requireQueue(ctx.state, ctx.params['key']!);
      const field = queue.localFields.find((f) => f.key === ctx.params['fieldKey']);
      if (!field)
        throw notFound(`Локальное поле «${ctx.params['fieldKey']}» не существует в очереди ${queue.key}.`);
      const body = objectBody(ctx.request);
      onlyFields(body, ['name', 'category', 'description']);
      const name = body['name'] === undefined ? field.name : nameOf(body['name']);
      if (name === undefined) throw unprocessable('Поле name не может быть пустым.', { name: 'required' });
      const category = body['category'] === undefined ? field.category : requireCategory(body['category']);
      Object.assign(field, { name, category });
      return renderLocalField(ctx.state, queue, field);
    }),
  ];
}
