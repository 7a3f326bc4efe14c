import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { firstPageOnly, listPages } from '../shared/list-result.ts';
import { cursorParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { toDashboardSummary, type ApiDashboard } from './dashboard-view.ts';

const GetDashboardsParams = lazySchema(() =>
  z.object({
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
  }),
);

type Params = ParamsOf<typeof GetDashboardsParams>;

export class GetDashboardsTool extends TrackerTool<typeof GetDashboardsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_dashboards', TOOL_PREFIX),
    description: 'Dashboards you can see.',
    category: 'dashboards',
    toolset: 'dashboards',
    tags: ['dashboard', 'dashboards', 'report', 'chart', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetDashboardsParams;

  async execute(params: Params, ctx: TrackerCtx) {
    const result = await listPages(
      this.name,
      params,
      (page, perPage) =>
        ctx.deps.client.page<ApiDashboard>(
          'POST',
          '/v3/dashboards/_search',
          { page, perPage },
          { json: {}, signal: ctx.signal },
        ),
      toDashboardSummary,
    );
    return firstPageOnly(ctx, params, result);
  }
}
