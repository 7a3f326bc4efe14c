import { defineResourceTemplateMetadata, type ResourceContext } from '@toolsmith/core';
import { toReferenceItem, type ApiReferenceItem } from '../api/dto/reference-dto.ts';
import type { TrackerDeps } from '../deps.ts';
import { QueueResourceTemplate } from './queue-resource-template.ts';

interface QueueWithWorkflows {
  key: string;
  workflows?: Record<string, { key?: string; display?: string; name?: string }[]>;
}

export class QueueWorkflowResource extends QueueResourceTemplate {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'tracker://queues/{queue}/workflow',
    name: 'queue_workflow',
    title: 'Workflow of a queue',
    description:
      "A queue's workflows (which issue types follow which workflow) and the statuses issues can have. Status changes go through transitions: tracker_get_issue_transitions.",
    toolset: 'issues',
  });

  protected readonly listTitle = 'Workflow of';

  protected async readQueue(queue: string, ctx: ResourceContext<TrackerDeps>) {
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
}
