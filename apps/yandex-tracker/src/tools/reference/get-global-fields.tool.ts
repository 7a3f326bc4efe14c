import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toGlobalField, type ApiGlobalField } from '../../api/dto/reference-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetGlobalFieldsParams = lazySchema(() =>
  z.object({
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('schema.type'),
  }),
);

export class GetGlobalFieldsTool extends TrackerTool<typeof GetGlobalFieldsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_global_fields', TOOL_PREFIX),
    description: 'Fields of all queues: id, name, type, readonly, required.',
    category: 'reference',
    toolset: 'reference',
    tags: ['field', 'fields', 'custom field', 'schema', 'reference', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetGlobalFieldsParams;

  async execute(params: ParamsOf<typeof GetGlobalFieldsParams>, ctx: TrackerCtx) {
    const all = await ctx.deps.client.get<ApiGlobalField[]>('/v3/fields', { signal: ctx.signal });
    return listLocal(this.name, params, Array.isArray(all) ? all : [], chooseView(params, toGlobalField));
  }
}
