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

const CreateFieldParams = lazySchema(() =>
  z.object({
    fieldId: newFieldIdParam('Id, e.g. releaseNotes.'),
    name: fieldNameParam('Display name.'),
    type: fieldTypeParam(),
    categoryId: categoryParam(),
    readonly: z.boolean().optional().describe('Read-only in issues.'),
  }),
);

type Params = ParamsOf<typeof CreateFieldParams>;

export class CreateFieldTool extends TrackerTool<typeof CreateFieldParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_field', TOOL_PREFIX),
    description: 'Create a global issue field, in every queue.',
    category: 'fields',
    toolset: 'fields',
    tags: ['field', 'custom field', 'create', 'schema', 'admin', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateFieldParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the field was created',
      tool: buildToolName('get_global_fields', TOOL_PREFIX),
      lookFor: `a field with id ${JSON.stringify(params.fieldId)}`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    params.categoryId = await resolveCategory(this.name, params.categoryId, ctx);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const field = await ctx.deps.client.post<ApiField>('/v3/fields', {
      json: {
        id: params.fieldId,
        name: localizedName(params.name),
        type: FIELD_TYPES[params.type],
        category: params.categoryId,
        ...(params.readonly !== undefined ? { readonly: params.readonly } : {}),
      },
      signal: ctx.signal,
    });
    ctx.deps.references.invalidate('field');
    return toQueueField(field);
  }
}
