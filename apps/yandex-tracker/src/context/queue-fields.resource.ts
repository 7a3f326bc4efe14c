import { defineResourceTemplateMetadata, type ResourceContext } from '@toolsmith/core';
import { toQueueField, type ApiField } from '../api/dto/queue-dto.ts';
import type { TrackerDeps } from '../deps.ts';
import { QueueResourceTemplate } from './queue-resource-template.ts';

export class QueueFieldsResource extends QueueResourceTemplate {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'tracker://queues/{queue}/fields',
    name: 'queue_fields',
    title: 'Fields of a queue',
    description:
      "The fields an issue of a queue can have (global and the queue's local ones), each with its type, whether it is required, and the `setAs` key for `customFields`.",
    toolset: 'issues',
  });

  protected readonly listTitle = 'Fields of';

  protected async readQueue(queue: string, ctx: ResourceContext<TrackerDeps>) {
    const fields = await ctx.deps.client.get<ApiField[]>(`/v3/queues/${encodeURIComponent(queue)}/fields`, {
      signal: ctx.signal,
    });
    return { queue, items: fields.map(toQueueField) };
  }
}
