/**
 * The one result shape of every batch tool: `{ total, successful: [...], failed: [{ <id>, error }] }`.
 * Items run concurrently (the HTTP client caps requests in flight); one failure never hides the others.
 */
import { ToolsmithError, ValidationError, type ToolContext } from '@toolsmith/core';
import type { TrackerDeps } from '../deps.ts';

export interface BatchResult<T> {
  total: number;
  successful: T[];
  failed: Array<Record<string, unknown> & { error: string }>;
}

export function errorText(error: unknown): string {
  if (ToolsmithError.isInstance(error)) return error.toToolText();
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs `run` for every item. `idOf` names the item in `failed` (under `idField`, default `issueId`).
 * Refuses more items than YANDEX_TRACKER_MAX_BATCH before sending anything.
 */
export async function runBatch<I, R>(
  ctx: ToolContext<TrackerDeps>,
  items: readonly I[],
  run: (item: I, index: number) => Promise<R>,
  options: { field: string; idOf: (item: I) => unknown; idField?: string },
): Promise<BatchResult<R>> {
  const max = ctx.deps.config.maxBatch;
  if (items.length > max) {
    throw new ValidationError({
      issues: [
        {
          field: options.field,
          message: `has ${items.length} items; this server takes at most ${max} per call (YANDEX_TRACKER_MAX_BATCH). Split the list into calls of ${max} or fewer.`,
        },
      ],
    });
  }
  const settled = await Promise.allSettled(items.map((item, index) => run(item, index)));
  const result: BatchResult<R> = { total: items.length, successful: [], failed: [] };
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') result.successful.push(outcome.value);
    else {
      if (ctx.signal?.aborted) throw outcome.reason;
      result.failed.push({
        [options.idField ?? 'issueId']: options.idOf(items[index]!),
        error: errorText(outcome.reason),
      });
    }
  });
  return result;
}
