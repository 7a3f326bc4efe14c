import { BaseResourceTemplate, defineResourceTemplateMetadata, type ResourceContext } from '@toolsmith/core';
import { z } from 'zod';
import { toQueueField, type ApiField } from '../api/dto/queue-dto.ts';
import { queueIdParam } from '../tools/shared/params.ts';
import type { TrackerDeps } from '../tools/deps.ts';
import { assertQueueAllowed, completeQueueKey, visibleQueues } from './queue-keys.ts';

const QueueParams = z.object({ queue: queueIdParam });

export class QueueFieldsResource extends BaseResourceTemplate<TrackerDeps, typeof QueueParams> {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'tracker://queues/{queue}/fields',
    name: 'queue_fields',
    title: 'Fields of a queue',
    description:
      "The fields an issue of a queue can have (global and the queue's local ones), each with its type, whether it is required, and the `setAs` key for `customFields`.",
    toolset: 'issues',
  });

  getParamsSchema() {
    return QueueParams;
  }

  async read({ queue }: z.infer<typeof QueueParams>, ctx: ResourceContext<TrackerDeps>) {
    assertQueueAllowed(ctx, queue);
    const fields = await ctx.deps.client.get<ApiField[]>(`/v3/queues/${encodeURIComponent(queue)}/fields`, {
      signal: ctx.signal,
    });
    return { queue, items: fields.map(toQueueField) };
  }

  override async list(ctx: ResourceContext<TrackerDeps>) {
    return (await visibleQueues(ctx)).map((q) => ({ params: { queue: q.key }, title: `Fields of ${q.key}` }));
  }

  override complete(_variable: string, value: string, ctx: ResourceContext<TrackerDeps>) {
    return completeQueueKey(ctx, value);
  }
}
