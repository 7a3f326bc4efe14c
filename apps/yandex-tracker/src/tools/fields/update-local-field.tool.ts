import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  NotFoundError,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueField, type ApiField } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { filled, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { categoryParam, fieldNameParam, localizedName, resolveCategory } from './field-params.ts';

const UpdateLocalFieldParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    fieldKey: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .describe('Its key in the queue.'),
    name: fieldNameParam('New display name.').optional(),
    categoryId: categoryParam().optional(),
  }),
);

type Params = ParamsOf<typeof UpdateLocalFieldParams>;

export class UpdateLocalFieldTool extends TrackerTool<typeof UpdateLocalFieldParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_local_field', TOOL_PREFIX),
    description: "Rename a queue's local field or change its category.",
    category: 'fields',
    toolset: 'fields',
    tags: ['field', 'local field', 'custom field', 'queue', 'update', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateLocalFieldParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.name === undefined && params.categoryId === undefined) {
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: '', message: 'says nothing to change. Pass `name`, `categoryId` or both.' }],
      });
    }
    if (params.categoryId !== undefined)
      params.categoryId = await resolveCategory(this.name, params.categoryId, ctx);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const field = await ctx.deps.client.patch<ApiField>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/localFields/${encodeURIComponent(params.fieldKey)}`,
        {
          json: {
            ...(params.name !== undefined ? { name: localizedName(params.name) } : {}),
            ...(params.categoryId !== undefined ? { category: params.categoryId } : {}),
          },
          signal: ctx.signal,
        },
      );
      if (params.name !== undefined) ctx.deps.references.invalidate('field');
      return toQueueField({ ...field, type: 'local' });
    } catch (error) {
      throw NotFoundError.isInstance(error)
        ? withHint(
            error,
            `tracker_get_queue_local_fields with queueId ${params.queueId} lists its local fields (setAs is the key).`,
          )
        : error;
    }
  }
}
