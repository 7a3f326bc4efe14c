/**
 * Runs one bulk change end to end: starts it (`POST /v2/bulkchange/_…`, 201 with an operation), then
 * polls `GET /v2/bulkchange/{id}` every YANDEX_TRACKER_BULK_POLL_MS, reporting MCP progress on each
 * poll, until it is COMPLETE or FAILED or YANDEX_TRACKER_BULK_TIMEOUT_MS has passed. Cancelling the
 * call stops the polling (the operation itself keeps running on the server).
 */
import { ApiError, ToolsmithError } from '@toolsmith/core';
import { isFinished, type ApiBulkChange } from '../../api/dto/bulk-dto.ts';
import type { TrackerCtx } from '../tracker-context.ts';

export interface BulkRunResult {
  operationId: string;
  status: string;
  statusText?: string;
  /** Issues sent. */
  issues: number;
  /** Issues the API reports as changed (when it says). */
  changed?: number;
  done: boolean;
  hint?: string;
}

export interface BulkStart {
  /** `_update`, `_transition` or `_move`. */
  action: '_update' | '_transition' | '_move';
  body: Record<string, unknown>;
  notify?: boolean | undefined;
  issues: number;
  /** Adds a recovery hint to an error of the starting POST (the API refused the request as a whole). */
  explainStartError?: (error: unknown) => Promise<void>;
  /** What to do when the operation ended FAILED. */
  failedHint: string;
}

/** Appended to every refusal of the starting request: the API validates the request as a whole. */
export const NOTHING_CHANGED =
  'Nothing was changed: the API checks the whole request before it changes any issue.';

class BulkChangeFailedError extends ToolsmithError {
  constructor(message: string) {
    super({ code: 'bulk_change_failed', message, userFacing: true });
    this.name = 'BulkChangeFailedError';
  }
}

const statusHint = (id: string) =>
  `Check it with tracker_get_bulk_change_status {"operationId": "${id}"}; do not start the change again.`;

function percentOf(operation: ApiBulkChange): number {
  if (isFinished(operation)) return 100;
  const value = operation.executionIssuePercent ?? 0;
  return Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
}

async function report(ctx: TrackerCtx, operation: ApiBulkChange, issues: number): Promise<void> {
  const percent = percentOf(operation);
  await ctx.progress.report({
    progress: percent,
    total: 100,
    message: `Bulk change ${operation.status}: ${percent}% of ${issues} issue(s)${operation.statusText ? ` (${operation.statusText})` : ''}`,
  });
}

export async function runBulkChange(ctx: TrackerCtx, start: BulkStart): Promise<BulkRunResult> {
  const { client, config } = ctx.deps;
  const startedAt = Date.now();
  let operation: ApiBulkChange;
  try {
    // Not idempotent: a lost response must not start a second operation (the client never re-sends it).
    operation = await client.post<ApiBulkChange>(`/v2/bulkchange/${start.action}`, {
      json: start.body,
      ...(start.notify !== undefined ? { query: { notify: start.notify } } : {}),
      signal: ctx.signal,
    });
  } catch (error) {
    if (ApiError.isInstance(error) && [400, 404, 422].includes(error.status)) {
      await start.explainStartError?.(error);
      if (!error.message.includes(NOTHING_CHANGED)) error.message = `${error.message} ${NOTHING_CHANGED}`;
    }
    throw error;
  }
  const id = operation.id;
  await report(ctx, operation, start.issues);

  try {
    while (!isFinished(operation)) {
      const remaining = config.bulkTimeoutMs - (Date.now() - startedAt);
      if (remaining <= 0) {
        return {
          operationId: id,
          status: operation.status,
          ...(operation.statusText ? { statusText: operation.statusText } : {}),
          issues: start.issues,
          done: false,
          hint: `The bulk change is still running after ${Math.round(config.bulkTimeoutMs / 1000)} s (YANDEX_TRACKER_BULK_TIMEOUT_MS) and continues on the server. ${statusHint(id)}`,
        };
      }
      // node:timers/promises on the first poll, not at the server's start.
      await process
        .getBuiltinModule('node:timers/promises')
        .setTimeout(Math.min(config.bulkPollMs, remaining), undefined, { signal: ctx.signal });
      operation = await client.get<ApiBulkChange>(`/v2/bulkchange/${encodeURIComponent(id)}`, {
        signal: ctx.signal,
      });
      await report(ctx, operation, start.issues);
    }
  } catch (error) {
    // Polling failed, not the change: say where it stands instead of inviting a second start.
    if (ToolsmithError.isInstance(error) && !ctx.signal.aborted && !error.message.includes(id)) {
      error.message = `${error.message} The bulk change ${id} was started and may still be running. ${statusHint(id)}`;
    }
    throw error;
  }

  const changed = operation.totalCompletedIssues;
  if (operation.status === 'FAILED') {
    throw new BulkChangeFailedError(
      `Bulk change ${id} ended FAILED: "${operation.statusText ?? 'no reason given'}"` +
        (changed !== undefined
          ? `; ${changed} of ${operation.totalIssues ?? start.issues} issue(s) were changed.`
          : '.') +
        ` ${start.failedHint}`,
    );
  }
  return {
    operationId: id,
    status: operation.status,
    ...(operation.statusText ? { statusText: operation.statusText } : {}),
    issues: start.issues,
    ...(changed !== undefined ? { changed } : {}),
    done: true,
  };
}
