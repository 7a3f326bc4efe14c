import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import { fieldsOf } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { dashboardIdParam, toDashboard, withDashboardHint, type ApiDashboard } from './dashboard-view.ts';

const GetDashboardParams = lazySchema(() =>
  z.object({
    dashboardId: dashboardIdParam(),
    fields: fieldsOf('widgets.description'),
  }),
);

export class GetDashboardTool extends TrackerTool<typeof GetDashboardParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_dashboard', TOOL_PREFIX),
    description: 'Read a dashboard with its widgets.',
    category: 'dashboards',
    toolset: 'dashboards',
    tags: ['dashboard', 'widget', 'report', 'chart', 'cycle time', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetDashboardParams;

  async execute(params: ParamsOf<typeof GetDashboardParams>, ctx: TrackerCtx) {
    try {
      const dashboard = await ctx.deps.client.get<ApiDashboard>(`/v3/dashboards/${params.dashboardId}`, {
        signal: ctx.signal,
      });
      return chooseView(params, toDashboard)(dashboard);
    } catch (error) {
      throw withDashboardHint(error);
    }
  }
}
