import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { filterParam, yqlParam } from '../issues/find-issues.tool.ts';
import { entityName } from '../boards/board-writes.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { assertOneSelector, toFilter, type ApiFilter } from './filter-view.ts';

const CreateFilterParams = lazySchema(() =>
  z.object({
    name: entityName('Filter name.'),
    query: yqlParam().describe('YQL, e.g. `Queue: DEMO`.'),
    filter: filterParam(),
  }),
);

type Params = ParamsOf<typeof CreateFilterParams>;

export class CreateFilterTool extends TrackerTool<typeof CreateFilterParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_filter', TOOL_PREFIX),
    description: 'Save a filter: `query` or `filter`.',
    category: 'filters',
    toolset: 'filters',
    tags: ['filter', 'saved search', 'create', 'save', 'query', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateFilterParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the filter was saved',
      tool: buildToolName('get_filters', TOOL_PREFIX),
      lookFor: `a filter named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    assertOneSelector(this.name, params, true);
    const filter = await ctx.deps.client.post<ApiFilter>('/v3/filters', {
      json: {
        name: params.name,
        ...(params.query !== undefined ? { query: params.query } : { filter: params.filter }),
      },
      signal: ctx.signal,
    });
    return toFilter(filter);
  }
}
