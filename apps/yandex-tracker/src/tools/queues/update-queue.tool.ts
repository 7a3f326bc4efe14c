import { ApiError, buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toQueueDetail, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { queueIdParam, userIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { QUEUE_VALUES_HINT, withQueueHint } from './queue-hints.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const CHANGES = ['name', 'lead', 'defaultType', 'defaultPriority', 'description'] as const;

const UpdateQueueParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    version: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'The queue `version` you read (tracker_get_queue); the change is refused if it changed since, e.g. 3.',
      ),
    name: z.string().trim().min(1).max(200).optional().describe('New queue name, e.g. "Design team".'),
    lead: userIdParam.optional().describe('New queue owner: login or uid, e.g. "bob".'),
    defaultType: z
      .string()
      .min(1)
      .optional()
      .describe('New default issue type key, e.g. "bug" (must be a type of the queue).'),
    defaultPriority: z.string().min(1).optional().describe('New default priority key, e.g. "critical".'),
    description: z.string().max(10_000).optional().describe('New description, e.g. "Design requests".'),
  }),
);

export class UpdateQueueTool extends TrackerTool<ReturnType<typeof UpdateQueueParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_queue', TOOL_PREFIX),
    title: 'Update queue',
    description:
      'Change a queue’s name, owner, default issue type, default priority or description. Only the given fields change. Pass `version` from tracker_get_queue to refuse overwriting someone else’s change.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'update', 'edit', 'settings', 'write', 'admin'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return UpdateQueueParams();
  }

  async execute(params: z.output<ReturnType<typeof UpdateQueueParams>>, ctx: TrackerCtx) {
    const body: Record<string, unknown> = {};
    for (const key of CHANGES) if (params[key] !== undefined) body[key] = params[key];
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        issues: [
          {
            field: '',
            message: `says nothing to change. Pass at least one of ${CHANGES.map((c) => `\`${c}\``).join(', ')}.`,
          },
        ],
      });
    }
    try {
      const queue = await ctx.deps.client.patch<ApiQueue>(
        `/v3/queues/${encodeURIComponent(params.queueId)}`,
        {
          json: body,
          ...(params.version !== undefined ? { query: { version: params.version } } : {}),
          signal: ctx.signal,
        },
      );
      return toQueueDetail(queue);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422) throw withHint(error, QUEUE_VALUES_HINT);
      throw await withQueueHint(ctx, error);
    }
  }
}
