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

const GetQueueLocalFieldsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    fields: fieldsOf('schema.type'),
  }),
);

export class GetQueueLocalFieldsTool extends TrackerTool<typeof GetQueueLocalFieldsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queue_local_fields', TOOL_PREFIX),
    description: "The queue's own fields; set them in `customFields` under `setAs`.",
    category: 'queues',
    toolset: 'queues',
    tags: ['queue', 'local fields', 'custom fields', 'schema'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueueLocalFieldsParams;

  async execute(params: ParamsOf<typeof GetQueueLocalFieldsParams>, ctx: TrackerCtx) {
    let fields: ApiField[];
    try {
      fields = await ctx.deps.client.get<ApiField[]>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/localFields`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    return withProjectionRoot(
      {
        queue: params.queueId,
        total: fields.length,
        items: fields.map(chooseView(params, (f: ApiField) => toQueueField({ ...f, type: 'local' }))),
      },
      'items',
    );
  }
}
