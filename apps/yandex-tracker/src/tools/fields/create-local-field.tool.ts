import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueField, type ApiField } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  categoryParam,
  FIELD_TYPES,
  fieldNameParam,
  fieldTypeParam,
  localizedName,
  newFieldIdParam,
  resolveCategory,
} from './field-params.ts';

const CreateLocalFieldParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    fieldKey: newFieldIdParam('Key, e.g. budget.'),
    name: fieldNameParam('Display name.'),
    type: fieldTypeParam(),
    categoryId: categoryParam(),
  }),
);

type Params = ParamsOf<typeof CreateLocalFieldParams>;

export class CreateLocalFieldTool extends TrackerTool<typeof CreateLocalFieldParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_local_field', TOOL_PREFIX),
    description: 'Create a field in one queue only.',
    category: 'fields',
    toolset: 'fields',
    tags: ['field', 'local field', 'custom field', 'queue', 'create', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateLocalFieldParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: `the field was created in ${params.queueId}`,
      tool: buildToolName('get_queue_local_fields', TOOL_PREFIX),
      args: { queueId: params.queueId },
      lookFor: `a field with setAs ${JSON.stringify(params.fieldKey)}`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    params.categoryId = await resolveCategory(this.name, params.categoryId, ctx);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const field = await ctx.deps.client.post<ApiField>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/localFields`,
        {
          json: {
            id: params.fieldKey,
            name: localizedName(params.name),
            type: FIELD_TYPES[params.type],
            category: params.categoryId,
          },
          signal: ctx.signal,
        },
      );
      ctx.deps.references.invalidate('field');
      return toQueueField({ ...field, type: 'local' });
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}
