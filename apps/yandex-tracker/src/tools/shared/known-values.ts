/**
 * Valid values the server can look up to turn an API error into a recovery instruction
 * ("queue FOO does not exist; valid queues: DEMO, OPS"). Lookups are best effort: if one fails,
 * the original error stands.
 */
import { ApiError, NotFoundError } from '@toolsmith/core';
import type { TrackerCtx } from '../tracker-context.ts';

export async function knownQueues(ctx: TrackerCtx): Promise<string[] | undefined> {
  try {
    const queues = await ctx.deps.client.get<Array<{ key: string }>>('/v3/queues', {
      query: { perPage: 100 },
      signal: ctx.signal,
    });
    const keys = queues.map((q) => q.key);
    const allowed = ctx.deps.config.queues;
    return allowed ? keys.filter((k) => allowed.includes(k)) : keys;
  } catch {
    return undefined;
  }
}

/** Appends a sentence to an ApiError's message (keeps its class, status and request id). */
export function withHint<E>(error: E, hint: string): E {
  if (ApiError.isInstance(error)) error.message = `${error.message} ${hint}`;
  return error;
}

/** Whether the error is the API saying a queue does not exist. */
export function isMissingQueue(error: unknown): boolean {
  return NotFoundError.isInstance(error) && /очеред|queue/i.test(error.message);
}
