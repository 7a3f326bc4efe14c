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
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { taskForEntry, timeEntriesPath } from './time-params.ts';

export const StartTimerParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam().optional(),
    description: z.string().max(10_000).optional().describe('What you are doing'),
    billable: z.boolean().optional(),
    team_id: teamIdParam(),
  }),
);

export class StartTimerTool extends ClickUpTool<typeof StartTimerParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('start_timer', TOOL_PREFIX),
    description:
      'Start your timer, optionally on a task. A timer already running is stopped and saved first.',
    category: 'time',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = StartTimerParams;

  protected override outcomeCheck(params: ParamsOf<typeof StartTimerParams>): OutcomeCheck {
    return {
      done: 'the timer was started',
      tool: buildToolName('get_running_timer', TOOL_PREFIX),
      lookFor: `a timer started just now${params.task_id !== undefined ? ` on ${params.task_id}` : ''}`,
      then: 'start it again only if it is not running',
    };
  }

  async execute(params: ParamsOf<typeof StartTimerParams>, ctx: ClickUpCtx) {
    const task = await taskForEntry(ctx, params.task_id);
    const { data } = await ctx.deps.client.post<{ data: ApiTimeEntry }>(
      await timeEntriesPath(ctx, '/start'),
      {
        query: task.query,
        json: {
          ...(task.id !== undefined ? { tid: task.id } : {}),
          ...(params.description !== undefined ? { description: params.description } : {}),
          ...(params.billable !== undefined ? { billable: params.billable } : {}),
        },
        signal: ctx.signal,
      },
    );
    return toTimeEntryView(data);
  }
}
