import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  emptyMeans,
  lazySchema,
  ref,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueDetail, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { atMost, nameParam, queueIdParam, userIdParam, versionParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { QUEUE_VALUES_HINT, withQueueHint } from './queue-hints.ts';

const CHANGES = ['name', 'lead', 'defaultType', 'defaultPriority', 'description'] as const;

const UpdateQueueParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    version: versionParam,
    name: nameParam('Name.'),
    lead: userIdParam.optional().describe('Owner: login or uid.'),
    defaultType: ref('issuetype').optional().describe('Issue type key of the queue.'),
    defaultPriority: ref('priority').optional().describe('Priority key.'),
    description: emptyMeans(
      z.string().refine(atMost(10_000), 'Must be at most 10000 characters long.').optional(),
      'clear',
    ).describe('Description.'),
  }),
);

export class UpdateQueueTool extends TrackerTool<typeof UpdateQueueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_queue', TOOL_PREFIX),
    description: 'Change a queue; only the given fields change.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'update', 'edit', 'settings', 'write', 'admin'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateQueueParams;

  async execute(params: ParamsOf<typeof UpdateQueueParams>, ctx: TrackerCtx) {
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
      if (params.name !== undefined) ctx.deps.references.invalidate('queue');
      return toQueueDetail(queue);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422) throw withHint(error, QUEUE_VALUES_HINT);
      throw await withQueueHint(ctx, error);
    }
  }
}
