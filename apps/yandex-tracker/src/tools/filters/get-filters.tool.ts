import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { toFilter, type ApiFilter } from './filter-view.ts';

const GetFiltersParams = lazySchema(() =>
  z.object({
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('id, query'),
  }),
);

export class GetFiltersTool extends TrackerTool<typeof GetFiltersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_filters', TOOL_PREFIX),
    description: 'Your saved issue filters.',
    category: 'filters',
    toolset: 'filters',
    tags: ['filter', 'filters', 'saved search', 'query', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetFiltersParams;

  async execute(params: ParamsOf<typeof GetFiltersParams>, ctx: TrackerCtx) {
    const all = await ctx.deps.client.get<ApiFilter[]>('/v3/filters', { signal: ctx.signal });
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(all) ? all : [], chooseView(params, toFilter)),
    );
  }
}
