import {
  buildToolName,
  defineToolMetadata,
  duration,
  lazySchema,
  ValidationError,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView, type ApiTimeEntry } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { dateParam, memberParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { taskForEntry, timeEntriesPath } from './time-params.ts';

export const CreateTimeEntryParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam().optional(),
    start: dateParam(),
    end: dateParam().optional().describe('End; or give duration'),
    duration: duration({ min: 60_000 }).optional().describe('Length, e.g. "1h 30m"; or give end'),
    description: z.string().max(10_000).optional().describe('What was done'),
    billable: z.boolean().optional(),
    assignee: memberParam().optional().describe('Whose time (admins only); default you'),
    team_id: teamIdParam(),
  }),
);

export class CreateTimeEntryTool extends ClickUpTool<typeof CreateTimeEntryParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_time_entry', TOOL_PREFIX),
    description: 'Log time already spent: start plus end or duration, optionally on a task.',
    category: 'time',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateTimeEntryParams;

  /** Exactly one of end and duration; an end after the start. Before anything is sent. */
  protected override async beforeExecute(params: ParamsOf<typeof CreateTimeEntryParams>, ctx: ClickUpCtx) {
    const { start, end } = params;
    if ((end === undefined) === (params.duration === undefined)) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'end, duration',
            message:
              'Give exactly one: end (when the work stopped) or duration (how long it took, e.g. "1h 30m").',
          },
        ],
      });
    }
    if (end !== undefined && end.epochMs <= start.epochMs) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'end',
            message: `(${end.iso}) is not after start (${start.iso}). Swap them, or give duration.`,
          },
        ],
      });
    }
    await super.beforeExecute(params, ctx);
  }

  protected override outcomeCheck(params: ParamsOf<typeof CreateTimeEntryParams>): OutcomeCheck {
    const start = new Date(params.start.epochMs);
    const end = params.end?.epochMs ?? params.start.epochMs + (params.duration?.ms ?? 0);
    return {
      done: 'the time entry was logged',
      tool: buildToolName('get_time_entries', TOOL_PREFIX),
      args: {
        start: start.toISOString(),
        end: new Date(end + 60_000).toISOString(),
        ...(params.task_id !== undefined ? { task_id: params.task_id } : {}),
        ...(params.assignee !== undefined ? { assignee: [params.assignee] } : {}),
      },
      lookFor: `an entry starting ${start.toISOString()} lasting ${Math.round((end - start.getTime()) / 60_000)} min`,
    };
  }

  async execute(params: ParamsOf<typeof CreateTimeEntryParams>, ctx: ClickUpCtx) {
    const start = params.start.epochMs;
    const end = params.end?.epochMs;
    const duration = end !== undefined ? end - start : params.duration!.ms;
    const task = await taskForEntry(ctx, params.task_id);
    const { data } = await ctx.deps.client.post<{ data: ApiTimeEntry }>(await timeEntriesPath(ctx), {
      query: task.query,
      json: {
        start,
        duration,
        ...(end !== undefined ? { stop: end } : {}),
        ...(task.id !== undefined ? { tid: task.id } : {}),
        ...(params.description !== undefined ? { description: params.description } : {}),
        ...(params.billable !== undefined ? { billable: params.billable } : {}),
        ...(params.assignee !== undefined ? { assignee: params.assignee } : {}),
      },
      signal: ctx.signal,
    });
    return toTimeEntryView(data);
  }
}
