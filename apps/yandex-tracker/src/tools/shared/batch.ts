/**
 * Tracker's batch tools: core's batch shape (`{ total, successful, failed }`) with the server's
 * limit (YANDEX_TRACKER_MAX_BATCH) and failed items named by `issueId` unless told otherwise.
 */
import { runBatch as runCoreBatch, type BatchResult, type ToolContext } from '@toolsmith/core';
import type { TrackerDeps } from '../../deps.ts';

/** Runs `run` for every item; refuses more items than YANDEX_TRACKER_MAX_BATCH before sending anything. */
export function runBatch<I, R>(
  ctx: ToolContext<TrackerDeps>,
  items: readonly I[],
  run: (item: I, index: number) => Promise<R>,
  options: { field: string; idOf: (item: I) => unknown; idField?: string },
): Promise<BatchResult<R>> {
  return runCoreBatch(items, run, {
    ...options,
    idField: options.idField ?? 'issueId',
    max: ctx.deps.config.maxBatch,
    maxSetting: 'YANDEX_TRACKER_MAX_BATCH',
    signal: ctx.signal,
  });
}
