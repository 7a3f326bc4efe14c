import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView, type ApiTimeEntry, type TimeEntryView } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { timeEntriesPath } from './time-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetRunningTimerParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class GetRunningTimerTool extends ClickUpTool<typeof GetRunningTimerParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_running_timer', TOOL_PREFIX),
    description: 'Your running timer (task, start, minutes so far), or { running: false }.',
    category: 'time',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetRunningTimerParams;

  async execute(
    _params: ParamsOf<typeof GetRunningTimerParams>,
    ctx: ClickUpCtx,
  ): Promise<TimeEntryView | { running: false }> {
    const { data } = await ctx.deps.client.get<{ data: ApiTimeEntry | null }>(
      await timeEntriesPath(ctx, '/current'),
      { signal: ctx.signal },
    );
    return data ? toTimeEntryView(data) : { running: false };
  }
}
