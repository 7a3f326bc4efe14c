import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView, type ApiTimeEntry } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { timeEntriesPath } from './time-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const StopTimerParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class StopTimerTool extends ClickUpTool<typeof StopTimerParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('stop_timer', TOOL_PREFIX),
    description: 'Stop your running timer; returns the saved entry.',
    category: 'time',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = StopTimerParams;

  protected override outcomeCheck(): OutcomeCheck {
    return {
      done: 'the timer was stopped',
      tool: buildToolName('get_running_timer', TOOL_PREFIX),
      lookFor:
        'whether a timer still runs (none: it was stopped and saved; clickup_get_time_entries shows the entry)',
      then: 'stop it again only if it still runs',
    };
  }

  async execute(_params: ParamsOf<typeof StopTimerParams>, ctx: ClickUpCtx) {
    const { data } = await hintOnNotFound(
      ctx.deps.client.post<{ data: ApiTimeEntry }>(await timeEntriesPath(ctx, '/stop'), {
        signal: ctx.signal,
      }),
      'No timer of yours is running (clickup_get_running_timer shows it). To log past work use clickup_create_time_entry.',
    );
    return toTimeEntryView(data);
  }
}
