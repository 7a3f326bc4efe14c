/**
 * The queue keys a client may see: the allow-list when the server has one, else the first 100
 * queues of the organisation. Lists and completions of the resources come from here.
 */
import { ResourceParamsError, type ResourceContext } from '@toolsmith/core';
import type { ApiQueue } from '../api/dto/queue-dto.ts';
import type { TrackerDeps } from '../deps.ts';

export async function visibleQueues(ctx: ResourceContext<TrackerDeps>): Promise<ApiQueue[]> {
  const page = await ctx.deps.client.page<ApiQueue>(
    'GET',
    '/v3/queues',
    { page: 1, perPage: 100 },
    { signal: ctx.signal },
  );
  const allowed = ctx.deps.config.queues;
  return allowed ? page.items.filter((q) => allowed.includes(q.key)) : page.items;
}

/** Queue keys starting with `prefix` (case-insensitive), for completion. */
export async function completeQueueKey(ctx: ResourceContext<TrackerDeps>, prefix: string): Promise<string[]> {
  const wanted = prefix.toUpperCase();
  return (await visibleQueues(ctx)).map((q) => q.key).filter((key) => key.startsWith(wanted));
}

/** Refuses a queue outside the server's allow-list, as the tools do, before anything is sent. */
export function assertQueueAllowed(ctx: ResourceContext<TrackerDeps>, queue: string): void {
  const allowed = ctx.deps.config.queues;
  if (allowed && !allowed.includes(queue)) {
    throw new ResourceParamsError(
      `Queue ${queue} is outside this server's allowed queues (${allowed.join(', ')}). Read one of those, or ask the administrator to add it to YANDEX_TRACKER_QUEUES.`,
    );
  }
}
