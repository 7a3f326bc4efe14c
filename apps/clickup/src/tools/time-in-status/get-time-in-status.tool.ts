import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickAppOff } from '../shared/clickapp-off.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import {
  TOTAL_TIME_IN_STATUS,
  toTimeInStatusView,
  type ApiTimeInStatus,
  type TimeInStatusView,
} from './time-in-status-view.ts';

export const GetTimeInStatusParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), team_id: teamIdParam() }),
);

export class GetTimeInStatusTool extends ClickUpTool<typeof GetTimeInStatusParams, TimeInStatusView> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_time_in_status', TOOL_PREFIX),
    description:
      'How long one task has been in its status and in each earlier one (minutes, since when). Needs the "Total time in Status" ClickApp.',
    category: 'time_in_status',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTimeInStatusParams;

  protected override async translateError(
    error: unknown,
    params: ParamsOf<typeof GetTimeInStatusParams>,
    ctx: ClickUpCtx,
  ): Promise<unknown> {
    return clickAppOff(await super.translateError(error, params, ctx), TOTAL_TIME_IN_STATUS);
  }

  async execute({ task_id }: ParamsOf<typeof GetTimeInStatusParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, '/time_in_status', ctx.signal);
    const answer = await ctx.deps.client.get<ApiTimeInStatus>(path, { query, signal: ctx.signal });
    return toTimeInStatusView(task_id, answer);
  }
}
