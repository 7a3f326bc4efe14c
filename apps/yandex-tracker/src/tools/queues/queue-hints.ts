/** Recovery hints shared by the queue, component and project tools. */
import { isMissingQueue, knownQueues, withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';

/** When the API says a queue does not exist, names the queues that do (else returns the error as is). */
export async function withQueueHint(ctx: TrackerCtx, error: unknown): Promise<unknown> {
  if (!isMissingQueue(error)) return error;
  const queues = await knownQueues(ctx);
  return withHint(
    error,
    queues ? `Valid queues: ${queues.join(', ')}.` : 'List the queues with tracker_get_queues.',
  );
}

/** The hint for a 422 on a queue's lead, default type or priority. */
export const QUEUE_VALUES_HINT =
  'Check `lead` (a login or uid, see tracker_find_users), `defaultType` (an issue type key such as "task", see tracker_get_issue_types) and `defaultPriority` (a priority key such as "normal", see tracker_get_priorities).';
