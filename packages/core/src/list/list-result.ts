/**
 * The one result shape of every list tool: `{ items, total?, nextCursor? }`. `nextCursor` is present
 * only when another page exists (page style: from the totals or the API's last-page flag; cursor
 * style: when the API says there is more), and it is bound to the request's parameters.
 */
import { decodeCursor, encodeCursor, requestFingerprint } from './cursor.ts';
import { withProjectionRoot } from './projection-root.ts';

export interface ListResult<T> {
  items: T[];
  total?: number;
  nextCursor?: string;
}

/** The paging params every list tool takes (`cursor` from the previous page, page size). */
export type ListParams = { cursor?: string | undefined; perPage: number } & Record<string, unknown>;

/** A page-style list (`page` + `perPage`). */
export async function listPages<T, R>(
  tool: string,
  params: ListParams,
  fetchPage: (
    page: number,
    perPage: number,
  ) => Promise<{ items: T[]; total: number | undefined; hasMore: boolean }>,
  view: (item: T) => R,
): Promise<ListResult<R>> {
  const fingerprint = requestFingerprint(tool, params);
  const position = decodeCursor(params.cursor, fingerprint, { page: 1 });
  const page = 'page' in position ? position.page : 1;
  const result = await fetchPage(page, params.perPage);
  return withProjectionRoot<ListResult<R>>(
    {
      items: result.items.map(view),
      ...(result.total !== undefined ? { total: result.total } : {}),
      ...(result.hasMore ? { nextCursor: encodeCursor(fingerprint, { page: page + 1 }) } : {}),
    },
    'items',
  );
}

/** A cursor-style list (`id` of the last item + `perPage`). */
export async function listAfter<T, R>(
  tool: string,
  params: ListParams,
  fetchPage: (after: string | undefined, perPage: number) => Promise<{ items: T[]; hasMore: boolean }>,
  idOf: (item: T) => string,
  view: (item: T) => R,
): Promise<ListResult<R>> {
  const fingerprint = requestFingerprint(tool, params);
  const position = decodeCursor(params.cursor, fingerprint, { after: '' });
  const after = 'after' in position && position.after !== '' ? position.after : undefined;
  const result = await fetchPage(after, params.perPage);
  const last = result.items.at(-1);
  return withProjectionRoot<ListResult<R>>(
    {
      items: result.items.map(view),
      ...(result.hasMore && last ? { nextCursor: encodeCursor(fingerprint, { after: idOf(last) }) } : {}),
    },
    'items',
  );
}

/** A list the API returns whole (reference data): paged locally so answers stay small. */
export function listLocal<T, R>(
  tool: string,
  params: ListParams,
  all: T[],
  view: (item: T) => R,
): ListResult<R> {
  const fingerprint = requestFingerprint(tool, params);
  const position = decodeCursor(params.cursor, fingerprint, { page: 1 });
  const page = 'page' in position ? position.page : 1;
  const items = all.slice((page - 1) * params.perPage, page * params.perPage);
  return withProjectionRoot<ListResult<R>>(
    {
      items: items.map(view),
      total: all.length,
      ...(page * params.perPage < all.length
        ? { nextCursor: encodeCursor(fingerprint, { page: page + 1 }) }
        : {}),
    },
    'items',
  );
}

/** Compact view by default; with `fields`, the raw API object (BaseTool projects it to those paths). */
export function chooseView<T, R>(
  params: { fields?: readonly string[] | undefined },
  compact: (item: T) => R,
): (item: T) => R | T {
  return params.fields ? (item) => item : compact;
}
