import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toQueueDetail, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, filled, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from './queue-hints.ts';

export const QUEUE_EXPANDS = [
  'all',
  'projects',
  'components',
  'versions',
  'types',
  'team',
  'workflows',
  'fields',
  'issueTypesConfig',
] as const;

const GetQueueParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    expand: z
      .array(z.enum(QUEUE_EXPANDS))
      .refine(filled, 'Must have at least 1 item.')
      .optional()
      .describe('Extra data, e.g. issueTypesConfig (resolutions per type), components; all for everything.'),
    fields: fieldsOf('key, name'),
  }),
);

export class GetQueueTool extends TrackerTool<typeof GetQueueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queue', TOOL_PREFIX),
    description: 'Read a queue.',
    category: 'queues',
    toolset: 'queues',
    priority: 'high',
    tags: ['queue', 'read', 'details', 'issue types', 'resolutions', 'workflow'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueueParams;

  async execute(params: ParamsOf<typeof GetQueueParams>, ctx: TrackerCtx) {
    try {
      const queue = await ctx.deps.client.get<ApiQueue>(`/v3/queues/${encodeURIComponent(params.queueId)}`, {
        ...(params.expand ? { query: { expand: params.expand.join(',') } } : {}),
        signal: ctx.signal,
      });
      return chooseView(params, toQueueDetail)(queue);
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}
