import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import { fieldsOf } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { filterIdParam, filterPath, toFilter, withFilterHint, type ApiFilter } from './filter-view.ts';

const GetFilterParams = lazySchema(() =>
  z.object({
    filterId: filterIdParam(),
    fields: fieldsOf('name, owner.display'),
  }),
);

export class GetFilterTool extends TrackerTool<typeof GetFilterParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_filter', TOOL_PREFIX),
    description: 'Read a saved filter (any owner).',
    category: 'filters',
    toolset: 'filters',
    tags: ['filter', 'saved search', 'query', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetFilterParams;

  async execute(params: ParamsOf<typeof GetFilterParams>, ctx: TrackerCtx) {
    try {
      const filter = await ctx.deps.client.get<ApiFilter>(filterPath(params.filterId), {
        signal: ctx.signal,
      });
      return chooseView(params, toFilter)(filter);
    } catch (error) {
      throw withFilterHint(error);
    }
  }
}
