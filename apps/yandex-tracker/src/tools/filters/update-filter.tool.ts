import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { entityName } from '../boards/board-writes.ts';
import { filterParam, yqlParam } from '../issues/find-issues.tool.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import {
  assertOneSelector,
  filterIdParam,
  filterPath,
  toFilter,
  withFilterHint,
  type ApiFilter,
} from './filter-view.ts';

const UpdateFilterParams = lazySchema(() =>
  z.object({
    filterId: filterIdParam(),
    name: entityName('New name.').optional(),
    query: yqlParam().describe('New YQL.'),
    filter: filterParam(),
  }),
);

type Params = ParamsOf<typeof UpdateFilterParams>;

export class UpdateFilterTool extends TrackerTool<typeof UpdateFilterParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_filter', TOOL_PREFIX),
    description: 'Rename your filter or replace its query or filter.',
    category: 'filters',
    toolset: 'filters',
    tags: ['filter', 'saved search', 'update', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateFilterParams;

  async execute(params: Params, ctx: TrackerCtx) {
    assertOneSelector(this.name, params, false);
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.query !== undefined ? { query: params.query } : {}),
      ...(params.filter !== undefined ? { filter: params.filter } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: '', message: 'says nothing to change. Pass `name`, `query` or `filter`.' }],
      });
    }
    try {
      const filter = await ctx.deps.client.patch<ApiFilter>(filterPath(params.filterId), {
        json: body,
        signal: ctx.signal,
      });
      return toFilter(filter);
    } catch (error) {
      throw withFilterHint(error);
    }
  }
}
