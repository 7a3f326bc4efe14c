import { BaseResourceTemplate, defineResourceTemplateMetadata, type ResourceContext } from '@toolsmith/core';
import { z } from 'zod';
import { toReferenceItem, type ApiReferenceItem } from '../api/dto/reference-dto.ts';
import { queueIdParam } from '../tools/shared/params.ts';
import type { TrackerDeps } from '../tools/deps.ts';
import { assertQueueAllowed, completeQueueKey, visibleQueues } from './queue-keys.ts';

const QueueParams = z.object({ queue: queueIdParam });

interface QueueWithWorkflows {
  key: string;
  workflows?: Record<string, { key?: string; display?: string; name?: string }[]>;
}

export class QueueWorkflowResource extends BaseResourceTemplate<TrackerDeps, typeof QueueParams> {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'tracker://queues/{queue}/workflow',
    name: 'queue_workflow',
    title: 'Workflow of a queue',
    description:
      "A queue's workflows (which issue types follow which workflow) and the statuses issues can have. Status changes go through transitions: tracker_get_issue_transitions.",
    toolset: 'issues',
  });

  getParamsSchema() {
    return QueueParams;
  }

  async read({ queue }: z.infer<typeof QueueParams>, ctx: ResourceContext<TrackerDeps>) {
    assertQueueAllowed(ctx, queue);
    const [found, statuses] = await Promise.all([
      ctx.deps.client.get<QueueWithWorkflows>(`/v3/queues/${encodeURIComponent(queue)}`, {
        query: { expand: 'workflows' },
        signal: ctx.signal,
      }),
      ctx.deps.client.get<ApiReferenceItem[]>('/v3/statuses', { signal: ctx.signal }),
    ]);
    const workflows = Object.entries(found.workflows ?? {}).map(([workflow, types]) => ({
      workflow,
      issueTypes: types.map((t) => t.key ?? t.display ?? t.name),
    }));
    return { queue, workflows, statuses: (Array.isArray(statuses) ? statuses : []).map(toReferenceItem) };
  }

  override async list(ctx: ResourceContext<TrackerDeps>) {
    return (await visibleQueues(ctx)).map((q) => ({
      params: { queue: q.key },
      title: `Workflow of ${q.key}`,
    }));
  }

  override complete(_variable: string, value: string, ctx: ResourceContext<TrackerDeps>) {
    return completeQueueKey(ctx, value);
  }
}
