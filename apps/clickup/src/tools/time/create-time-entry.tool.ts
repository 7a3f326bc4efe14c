import { buildToolName, defineToolMetadata, ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView, type ApiTimeEntry } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool, type ClickUpCtx } from '../shared/clickup-tool.ts';
import { dateParam, taskIdParam } from '../shared/params.ts';
import { taskForEntry, timeEntriesPath } from './time-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

export const CreateTimeEntryParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam.optional(),
    start: dateParam,
    end: dateParam.optional().describe('End; or give duration_minutes'),
    duration_minutes: z.number().positive().max(100_000).optional().describe('Length; or give end'),
    description: z.string().max(10_000).optional().describe('What was done'),
    billable: z.boolean().optional(),
    assignee: z.number().int().positive().optional().describe('User id (admins only); default you'),
  }),
);

export class CreateTimeEntryTool extends ClickUpTool<ReturnType<typeof CreateTimeEntryParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_time_entry', TOOL_PREFIX),
    description: 'Log time already spent: start plus end or duration_minutes, optionally on a task.',
    category: 'time',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return CreateTimeEntryParams();
  }

  async execute(params: z.output<ReturnType<typeof CreateTimeEntryParams>>, ctx: ClickUpCtx) {
    const { start, end, duration_minutes } = params;
    if ((end === undefined) === (duration_minutes === undefined)) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'end, duration_minutes',
            message: 'Give exactly one: end (when the work stopped) or duration_minutes (how long it took).',
          },
        ],
      });
    }
    if (end !== undefined && end <= start) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'end',
            message: `(${new Date(end).toISOString()}) is not after start (${new Date(start).toISOString()}). Swap them, or give duration_minutes.`,
          },
        ],
      });
    }
    const duration = end !== undefined ? end - start : Math.round(duration_minutes! * 60_000);
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
