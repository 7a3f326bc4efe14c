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
import { filled } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { categoryParam, fieldNameParam, localizedName, resolveCategory } from './field-params.ts';

const UpdateFieldParams = lazySchema(() =>
  z.object({
    fieldId: z.string().refine(filled, 'Must be at least 1 character long.').describe('Global field id.'),
    version: z.number().int().positive().describe('`version` from tracker_get_global_fields.'),
    name: fieldNameParam('New display name.').optional(),
    categoryId: categoryParam().optional(),
    readonly: z.boolean().optional().describe('Not editable in issues.'),
  }),
);

type Params = ParamsOf<typeof UpdateFieldParams>;

export class UpdateFieldTool extends TrackerTool<typeof UpdateFieldParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_field', TOOL_PREFIX),
    description: 'Rename a global field or change its category or readonly.',
    category: 'fields',
    toolset: 'fields',
    tags: ['field', 'custom field', 'update', 'rename', 'schema', 'admin', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateFieldParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    if (params.name === undefined && params.categoryId === undefined && params.readonly === undefined) {
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: '', message: 'says nothing to change. Pass `name`, `categoryId` or `readonly`.' }],
      });
    }
    if (params.categoryId !== undefined)
      params.categoryId = await resolveCategory(this.name, params.categoryId, ctx);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const field = await ctx.deps.client.patch<ApiField>(
        `/v3/fields/${encodeURIComponent(params.fieldId)}`,
        {
          query: { version: params.version },
          json: {
            ...(params.name !== undefined ? { name: localizedName(params.name) } : {}),
            ...(params.categoryId !== undefined ? { category: params.categoryId } : {}),
            ...(params.readonly !== undefined ? { readonly: params.readonly } : {}),
          },
          signal: ctx.signal,
        },
      );
      if (params.name !== undefined) ctx.deps.references.invalidate('field');
      return { ...toQueueField(field), version: field.version };
    } catch (error) {
      throw NotFoundError.isInstance(error)
        ? withHint(error, 'tracker_get_global_fields lists the global fields and their ids.')
        : error;
    }
  }
}
