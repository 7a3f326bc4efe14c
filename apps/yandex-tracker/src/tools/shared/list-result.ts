/** Tracker's list tools share core's list shape and paging (`@toolsmith/core`, list/). */
import type { TrackerCtx } from '../tracker-context.ts';

export { chooseView, listAfter, listLocal, listPages, type ListResult } from '@toolsmith/core';

/**
 * Says, first in the answer, that a list answered its first page only when there are more and the
 * caller chose neither a page size nor a cursor (a read must say what it assumed, issue 21 §4).
 */
export function firstPageOnly<R extends { nextCursor?: string | undefined }>(
  ctx: TrackerCtx,
  params: { perPage: number; cursor?: string | undefined },
  result: R,
): R {
  if (
    result.nextCursor !== undefined &&
    params.cursor === undefined &&
    ctx.call?.args['perPage'] === undefined
  )
    ctx.call?.assume(
      `the first page only (${params.perPage} items); pass \`cursor\` (the answer's nextCursor) for the next page, or a larger \`perPage\``,
    );
  return result;
}
