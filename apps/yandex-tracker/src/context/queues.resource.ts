import { BaseResource, defineResourceMetadata, type ResourceContext } from '@toolsmith/core';
import { toQueueSummary } from '../api/dto/queue-dto.ts';
import type { TrackerDeps } from '../deps.ts';
import { visibleQueues } from './queue-keys.ts';

export class QueuesResource extends BaseResource<TrackerDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'tracker://queues',
    name: 'queues',
    title: 'Queues',
    description:
      'The queues this server may use: [{ key, name, lead, defaultType, defaultPriority }]. Their fields and workflow: tracker://queues/{queue}/fields and tracker://queues/{queue}/workflow.',
    toolset: 'issues',
  });

  async read(ctx: ResourceContext<TrackerDeps>) {
    return { items: (await visibleQueues(ctx)).map(toQueueSummary) };
  }
}
