/**
 * Saved issue filters (research §3.8 "Filters"; the API reference's filters section): `GET /filters`
 * (the caller's own, answered whole), `GET /filters/{id}`, `POST /filters {name, query | filter}`
 * (201), `PATCH /filters/{id}` (only the fields given; a query replaces a filter object and the other
 * way round), `DELETE /filters/{id}` (204). A query or filter object is checked as a search would
 * check it (400 on YQL or a field the search does not know), so a saved filter always runs; only the
 * owner may change or delete it (403). `POST /issues/_search {filterId}` runs it (routes/issues.ts).
 */
import { API_ORIGIN, userRef } from '../render.ts';
import { created, objectBody, route, type RouteContext, type TrackerRoute } from '../router.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../tracker-error.ts';
import { trackerDate, type FilterRecord } from '../tracker-state.ts';
import { filterPredicate, parseQuery } from './issue-query.ts';

const FIELDS = ['name', 'query', 'filter'];

function renderFilter(ctx: RouteContext, filter: FilterRecord) {
  return {
    self: `${API_ORIGIN}/${ctx.version}/filters/${filter.id}`,
    id: filter.id,
    version: filter.version,
    name: filter.name,
    owner: userRef(ctx.state, filter.owner),
    ...(filter.query !== undefined ? { query: filter.query } : {}),
    ...(filter.filter !== undefined ? { filter: filter.filter } : {}),
    createdAt: filter.createdAt,
  };
}

function requireFilter(ctx: RouteContext, id: string): FilterRecord {
  const filter = /^\d+$/.test(id) ? ctx.state.filters.find((f) => f.id === Number(id)) : undefined;
  if (!filter) throw notFound(`Фильтр ${id} не найден.`);
  return filter;
}

/** The name, query and filter of a write: the query and filter object checked as a search checks them. */
function parseBody(ctx: RouteContext, body: Record<string, unknown>, creating: boolean) {
  const unknown = Object.keys(body).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) {
    throw unprocessable(
      `Поле «${unknown[0]}» не существует. Допустимые поля: ${FIELDS.join(', ')}.`,
      Object.fromEntries(unknown.map((k) => [k, 'Неизвестное поле'])),
    );
  }
  const name = body['name'];
  if ((creating || name !== undefined) && (typeof name !== 'string' || name.trim() === '')) {
    throw unprocessable('Поле name обязательно.', { name: 'Обязательное поле' });
  }
  if (body['query'] !== undefined && body['filter'] !== undefined) {
    throw badRequest('Укажите либо query, либо filter.', { query: 'Только одно из query и filter' });
  }
  const query = body['query'];
  if (query !== undefined) {
    if (typeof query !== 'string' || query.trim() === '') {
      throw unprocessable('Поле query должно быть непустой строкой.', { query: 'Некорректное значение' });
    }
    parseQuery(ctx.state, ctx.me, query);
  }
  const filter = body['filter'];
  if (filter !== undefined) {
    if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
      throw badRequest('Параметр filter должен быть объектом.', { filter: 'Ожидается объект' });
    }
    filterPredicate(ctx.state, ctx.me, filter as Record<string, unknown>);
  }
  return {
    ...(typeof name === 'string' ? { name: name.trim() } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    ...(filter !== undefined ? { filter: filter as Record<string, unknown> } : {}),
  };
}

function requireOwn(ctx: RouteContext, filter: FilterRecord): void {
  if (filter.owner !== ctx.me) throw forbidden('Изменять и удалять фильтр может только его владелец.');
}

export function filtersRoutes(): TrackerRoute[] {
  return [
    route('GET', '/filters', (ctx) =>
      ctx.state.filters.filter((f) => f.owner === ctx.me).map((f) => renderFilter(ctx, f)),
    ),
    route('GET', '/filters/:id', (ctx) => renderFilter(ctx, requireFilter(ctx, ctx.params['id']!))),
    route('POST', '/filters', (ctx) => {
      const { state } = ctx;
      const parsed = parseBody(ctx, objectBody(ctx.request), true);
      if (parsed.query === undefined && parsed.filter === undefined) {
        throw unprocessable('Укажите query или filter.', { query: 'Обязательное поле' });
      }
      const filter: FilterRecord = {
        id: Math.max(0, ...state.filters.map((f) => f.id)) + 1,
        version: 1,
        name: parsed.name!,
        owner: ctx.me,
        createdAt: trackerDate(new Date(ctx.now)),
        ...(parsed.query !== undefined ? { query: parsed.query } : {}),
        ...(parsed.filter !== undefined ? { filter: parsed.filter } : {}),
      };
      state.filters.push(filter);
      return created(renderFilter(ctx, filter));
    }),
    route('PATCH', '/filters/:id', (ctx) => {
      const filter = requireFilter(ctx, ctx.params['id']!);
      requireOwn(ctx, filter);
      const parsed = parseBody(ctx, objectBody(ctx.request), false);
      if (parsed.name !== undefined) filter.name = parsed.name;
      if (parsed.query !== undefined) {
        filter.query = parsed.query;
        delete filter.filter;
      }
      if (parsed.filter !== undefined) {
        filter.filter = parsed.filter;
        delete filter.query;
      }
      filter.version += 1;
      return renderFilter(ctx, filter);
    }),
    route('DELETE', '/filters/:id', (ctx) => {
      const filter = requireFilter(ctx, ctx.params['id']!);
      requireOwn(ctx, filter);
      ctx.state.filters.splice(ctx.state.filters.indexOf(filter), 1);
      return undefined;
    }),
  ];
}
