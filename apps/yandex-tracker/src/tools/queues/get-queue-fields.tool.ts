import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueField, type ApiField } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { fieldsOf, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from './queue-hints.ts';

const GetQueueFieldsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    requiredOnly: z.boolean().optional().describe('Only required fields.'),
    fields: fieldsOf('schema.type'),
  }),
);

export class GetQueueFieldsTool extends TrackerTool<typeof GetQueueFieldsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queue_fields', TOOL_PREFIX),
    description:
      'Fields an issue of the queue can have, with type and `required`; set them in `customFields` under `setAs`.',
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'fields', 'custom fields', 'local fields', 'required', 'schema'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueueFieldsParams;

  async execute(params: ParamsOf<typeof GetQueueFieldsParams>, ctx: TrackerCtx) {
    let fields: ApiField[];
    try {
      fields = await ctx.deps.client.get<ApiField[]>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/fields`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    const items = params.requiredOnly ? fields.filter((f) => f.schema?.required === true) : fields;
    return withProjectionRoot(
      { queue: params.queueId, total: items.length, items: items.map(chooseView(params, toQueueField)) },
      'items',
    );
  }
}
