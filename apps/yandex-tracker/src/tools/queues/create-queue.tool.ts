import { ApiError, buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { toQueueDetail, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { QUEUE_VALUES_HINT } from './queue-hints.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CreateQueueParams = lazySchema(() =>
  z.object({
    key: z
      .string()
      .regex(/^[A-Z]{2,10}$/, 'Use 2–10 Latin capital letters, e.g. "DESIGN".')
      .describe(
        'Key of the new queue: 2–10 Latin capital letters, e.g. "DESIGN". Issue keys will be DESIGN-1, …',
      ),
    name: z.string().trim().min(1).max(200).describe('Queue name, e.g. "Design".'),
    lead: userIdParam.describe('Queue owner: login or uid, e.g. "alice".'),
    defaultType: z.string().min(1).describe('Default issue type key, e.g. "task".'),
    defaultPriority: z.string().min(1).describe('Default priority key, e.g. "normal".'),
    description: z.string().max(10_000).optional().describe('Queue description, e.g. "Design requests".'),
    issueTypesConfig: z
      .array(
        z.object({
          issueType: z.string().min(1).describe('Issue type key, e.g. "task".'),
          workflow: z.string().min(1).describe('Workflow id, e.g. "developmentPresetWorkflow".'),
          resolutions: z
            .array(z.string().min(1))
            .min(1)
            .describe('Resolution keys allowed for this type, e.g. ["fixed", "wontFix"].'),
        }),
      )
      .min(1)
      .optional()
      .describe(
        'Issue types of the queue with their workflow and resolutions, e.g. [{"issueType": "task", "workflow": "developmentPresetWorkflow", "resolutions": ["fixed", "wontFix"]}]. Must include `defaultType`.',
      ),
  }),
);

export class CreateQueueTool extends TrackerTool<ReturnType<typeof CreateQueueParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_queue', TOOL_PREFIX),
    title: 'Create queue',
    description:
      'Create a queue with a unique key and name, an owner, a default issue type and priority, and optionally its issue types with workflows and resolutions. Fails with a conflict when the key or the name is taken.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'create', 'new', 'write', 'admin'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateQueueParams();
  }

  /** The queue policy applies to the key being created. */
  protected override touched(params: z.output<ReturnType<typeof CreateQueueParams>>) {
    return { issueIds: [], queues: [params.key] };
  }

  async execute(params: z.output<ReturnType<typeof CreateQueueParams>>, ctx: TrackerCtx) {
    const body = {
      key: params.key,
      name: params.name,
      lead: params.lead,
      defaultType: params.defaultType,
      defaultPriority: params.defaultPriority,
      ...(params.description !== undefined ? { description: params.description } : {}),
      ...(params.issueTypesConfig ? { issueTypesConfig: params.issueTypesConfig } : {}),
    };
    try {
      return toQueueDetail(
        await ctx.deps.client.post<ApiQueue>('/v3/queues/', { json: body, signal: ctx.signal }),
      );
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 409) {
        throw withHint(
          error,
          `Queue keys and names are unique: "${params.key}" or "${params.name}" is already used. Pick another key and name (tracker_get_queues lists the existing queues), or work in the existing queue.`,
        );
      }
      if (ApiError.isInstance(error) && error.status === 422) throw withHint(error, QUEUE_VALUES_HINT);
      throw error;
    }
  }
}
