/**
 * The one result shape of every batch tool: `{ total, successful: [...], failed: [{ <id>, error }] }`.
 * Items run concurrently (the HTTP client caps requests in flight; `concurrency` caps items, for items
 * of several requests each); one failure never hides the others.
 */
import pLimit from 'p-limit';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import { ValidationError } from '../errors/validation-error.ts';
import { withProjectionRoot } from './projection-root.ts';

export interface BatchResult<T> {
  total: number;
  successful: T[];
  failed: Array<Record<string, unknown> & { error: string }>;
}

/** The text a failed item reports: a ToolsmithError's recovery text, else the message. */
export function errorText(error: unknown): string {
  if (ToolsmithError.isInstance(error)) return error.toToolText();
  return error instanceof Error ? error.message : String(error);
}

export interface BatchOptions<I> {
  /** The param that holds the items (named in the refusal). */
  field: string;
  /** Names an item in `failed`. */
  idOf: (item: I) => unknown;
  /** The key of that name in `failed`. @default 'id' */
  idField?: string;
  /** Most items per call; more are refused before anything is sent. */
  max: number;
  /** Where the limit is configured, for the refusal, e.g. `YANDEX_TRACKER_MAX_BATCH`. */
  maxSetting?: string;
  /** A cancelled call throws instead of reporting every item as failed; items not started are not. */
  signal?: AbortSignal;
  /** Most items running at once. Default: all (the HTTP client still caps requests in flight). */
  concurrency?: number;
  /** Called as each item settles, with how many have and the total: for progress. Its failures are ignored. */
  onSettled?: (settled: number, total: number) => void | Promise<void>;
}

/** Runs `run` for every item and reports each outcome. */
export async function runBatch<I, R>(
  items: readonly I[],
  run: (item: I, index: number) => Promise<R>,
  options: BatchOptions<I>,
): Promise<BatchResult<R>> {
  const { max } = options;
  if (items.length > max) {
    throw new ValidationError({
      issues: [
        {
          field: options.field,
          message: `has ${items.length} items; this server takes at most ${max} per call${options.maxSetting ? ` (${options.maxSetting})` : ''}. Split the list into calls of ${max} or fewer.`,
        },
      ],
    });
  }
  let done = 0;
  const runOne = async (item: I, index: number): Promise<R> => {
    options.signal?.throwIfAborted();
    try {
      return await run(item, index);
    } finally {
      done += 1;
      await Promise.resolve()
        .then(() => options.onSettled?.(done, items.length))
        .catch(() => undefined);
    }
  };
  const limit = options.concurrency === undefined ? undefined : pLimit(options.concurrency);
  const settled = await Promise.allSettled(
    items.map((item, index) => (limit ? limit(() => runOne(item, index)) : runOne(item, index))),
  );
  const result = withProjectionRoot<BatchResult<R>>(
    { total: items.length, successful: [], failed: [] },
    'successful',
  );
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') result.successful.push(outcome.value);
    else {
      if (options.signal?.aborted) throw outcome.reason;
      result.failed.push({
        [options.idField ?? 'id']: options.idOf(items[index]!),
        error: errorText(outcome.reason),
      });
    }
  });
  return result;
}
