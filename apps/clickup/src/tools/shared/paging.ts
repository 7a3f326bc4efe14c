/**
 * Paging params of the list tools: core's list results (`{ items, total?, nextCursor? }`) take a
 * cursor bound to the request and a page size.
 */
import {
  cursorParam as coreCursorParam,
  fieldsParam,
  perPageParam as corePerPageParam,
} from '@toolsmith/core';

// Core's paging parameters, with ClickUp's descriptions and the bounds shown in the definition.
export const cursorParam = coreCursorParam({
  description: 'nextCursor of the previous page',
  bounds: 'schema',
});

export const perPageParam = (max = 100, fallback = 50) =>
  corePerPageParam({
    max,
    fallback,
    description: (largest) => `Items per page (1–${largest})`,
    bounds: 'schema',
  });

/** Page size of lists the API returns whole and tools page locally (spaces, folders, lists). */
export const LOCAL_PAGE = 100;

/** `fields`: the raw API item projected to these paths instead of the compact view. */
export const itemFieldsParam = (example: string[]) =>
  fieldsParam({ description: `Raw API paths per item, e.g. ${JSON.stringify(example)}` });

/**
 * A first page with more behind it is an assumption the caller may not have made: said in the
 * answer (`assumed: the first page only …`) with how to get the rest.
 */
export function sayFirstPage<T extends { nextCursor?: string }>(
  ctx: { call?: { assume(text: string): void } | undefined },
  cursor: string | undefined,
  result: T,
): T {
  if (cursor === undefined && result.nextCursor !== undefined)
    ctx.call?.assume('the first page only (pass nextCursor for the next)');
  return result;
}
