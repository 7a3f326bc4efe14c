/**
 * A resource template with one `{queue}` variable: listed once per visible queue, the queue key
 * completed, and a queue outside the allow-list refused before anything is sent.
 */
import { BaseResourceTemplate, type ResourceBody, type ResourceContext } from '@toolsmith/core';
import { z } from 'zod';
import type { TrackerDeps } from '../deps.ts';
import { assertQueueAllowed, completeQueueKey, visibleQueues } from './queue-keys.ts';

// Resources are read, not called: no reference data is consulted, so the key is format-checked.
const QueueParams = z.object({
  queue: z
    .string()
    .refine((value) => /^[A-Z][A-Z0-9]*$/.test(value), 'Use the queue key in upper case, e.g. "DEMO".')
    .describe('Queue key, e.g. DEMO.'),
});

export abstract class QueueResourceTemplate extends BaseResourceTemplate<TrackerDeps, typeof QueueParams> {
  /** `Fields of`, `Workflow of`: the title of a listed resource is this and the queue key. */
  protected abstract readonly listTitle: string;

  override getParamsSchema() {
    return QueueParams;
  }

  read({ queue }: z.infer<typeof QueueParams>, ctx: ResourceContext<TrackerDeps>) {
    assertQueueAllowed(ctx, queue);
    return this.readQueue(queue, ctx);
  }

  protected abstract readQueue(queue: string, ctx: ResourceContext<TrackerDeps>): Promise<ResourceBody>;

  override async list(ctx: ResourceContext<TrackerDeps>) {
    return (await visibleQueues(ctx)).map((q) => ({
      params: { queue: q.key },
      title: `${this.listTitle} ${q.key}`,
    }));
  }

  override complete(_variable: string, value: string, ctx: ResourceContext<TrackerDeps>) {
    return completeQueueKey(ctx, value);
  }
}
