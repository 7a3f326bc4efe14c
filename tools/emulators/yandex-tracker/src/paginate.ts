/**
 * The API's pagination styles (research §3.4):
 * - page: `perPage` (default 50) + `page` (1-based) → `X-Total-Count`, `X-Total-Pages`, `Link rel="next"` while more;
 * - cursor: `perPage` + `id` (the last id seen) → `Link rel="next"` ALWAYS, even when the next page is
 *   empty (the real API's habit that makes naive clients loop forever).
 */
import type { FakeRequest, FakeResponse } from '@toolsmith/testing';
import { badRequest } from './tracker-error.ts';

function intParam(request: FakeRequest, name: string, fallback: number, max: number): number {
  const raw = request.query[name];
  if (raw === undefined) return fallback;
  const value = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!Number.isInteger(value) || value < 1) {
    throw badRequest(`Параметр ${name} должен быть положительным целым числом.`, { [name]: 'invalid' });
  }
  return Math.min(value, max);
}

/**
 * The deepest result the searches serve by page (research §3.4: `_search` pages up to 10 000
 * results, scroll beyond; worklog search `page*perPage ≤ 10000`).
 */
export const SEARCH_WINDOW = 10_000;

/**
 * A page of `items`. With `window`, a page reaching past that many results is a 400 (assumed
 * status: the research gives the limit, not the answer; 400 is the API's "invalid parameter").
 */
export function pageResponse<T>(
  request: FakeRequest,
  items: readonly T[],
  render: (item: T) => unknown = (x) => x,
  window?: number,
): FakeResponse {
  const perPage = intParam(request, 'perPage', 50, 1000);
  const page = intParam(request, 'page', 1, Number.MAX_SAFE_INTEGER);
  if (window !== undefined && page * perPage > window) {
    throw badRequest(
      `Постраничная выдача ограничена первыми ${window} результатами (page × perPage = ${page * perPage}). Paging is limited to the first ${window} results; use scroll or narrow the search.`,
      { page: `page × perPage ≤ ${window}` },
    );
  }
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const headers: Record<string, string> = {
    'x-total-count': String(items.length),
    'x-total-pages': String(totalPages),
  };
  if (page < totalPages)
    headers['link'] = `<${request.path}?page=${page + 1}&perPage=${perPage}>; rel="next"`;
  return { headers, json: slice.map(render) };
}

export function cursorResponse<T>(
  request: FakeRequest,
  items: readonly T[],
  idOf: (item: T) => string,
  render: (item: T) => unknown = (x) => x,
): FakeResponse {
  const perPage = intParam(request, 'perPage', 50, 1000);
  const after = request.query['id'];
  let start = 0;
  if (after !== undefined) {
    const index = items.findIndex((item) => idOf(item) === String(after));
    // The item the cursor names may have been deleted since: continue after where it stood.
    start = index !== -1 ? index + 1 : firstAfter(items.map(idOf), String(after));
  }
  const slice = items.slice(start, start + perPage);
  const last = slice.at(-1);
  const nextId = last ? idOf(last) : String(after ?? '');
  return {
    headers: { link: `<${request.path}?id=${encodeURIComponent(nextId)}&perPage=${perPage}>; rel="next"` },
    json: slice.map(render),
  };
}

/** Index of the first id ordered after `after` (ids grow: numbers, or hex strings of equal length). */
function firstAfter(ids: readonly string[], after: string): number {
  const numeric = /^\d+$/.test(after);
  const index = ids.findIndex((id) =>
    numeric && /^\d+$/.test(id)
      ? Number(id) > Number(after)
      : id.length > after.length || (id.length === after.length && id > after),
  );
  return index === -1 ? ids.length : index;
}
