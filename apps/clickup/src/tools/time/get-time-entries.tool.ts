import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listLocal,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView, type ApiTimeEntry } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import {
  dateParam,
  listIdParam,
  memberParam,
  spaceIdParam,
  taskIdParam,
  teamIdParam,
} from '../shared/params.ts';
import { taskForEntry, timeEntriesPath } from './time-params.ts';
import { sayFirstPage } from '../shared/paging.ts';
import { rangeEnd } from '../shared/clickup-dates.ts';

export const GetTimeEntriesParams = lazySchema(() =>
  z.object({
    start: assumed(
      dateParam().optional().describe('From; default 30 days ago'),
      "the last 30 days, ClickUp's default (give start to look further back)",
    ),
    end: dateParam().optional().describe('Until; default now'),
    assignee: assumed(
      z
        .array(memberParam())
        .max(100)
        .optional()
        .describe('People (ids, e-mails, names); default you (others need admin rights)'),
      "your own entries (give assignee for other people's)",
    ),
    task_id: taskIdParam().optional(),
    list_id: listIdParam().optional(),
    space_id: spaceIdParam().optional(),
    limit: z.number().int().min(1).max(100).default(50).describe('Entries per page'),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
    team_id: teamIdParam(),
  }),
);

export class GetTimeEntriesTool extends ClickUpTool<typeof GetTimeEntriesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_time_entries', TOOL_PREFIX),
    description:
      'Time entries, newest first (default: yours, last 30 days), of one task, list or space if given.',
    category: 'time',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetTimeEntriesParams;

  async execute(params: ParamsOf<typeof GetTimeEntriesParams>, ctx: ClickUpCtx) {
    const { start, end, assignee, task_id, list_id, space_id } = params;
    const issues = [];
    // A date alone as the end: the end of that day.
    const endMs = end === undefined ? undefined : rangeEnd(end, 'end', ctx);
    if (start !== undefined && endMs !== undefined && endMs <= start.epochMs) {
      issues.push({ field: 'end', message: 'is not after start. Give a range that ends after it starts.' });
    }
    if ([task_id, list_id, space_id].filter((v) => v !== undefined).length > 1) {
      issues.push({
        field: 'task_id, list_id, space_id',
        message: 'narrow to one place: give at most one of them.',
      });
    }
    if (issues.length > 0) throw new ValidationError({ toolName: ctx.toolName, issues });
    const task = await taskForEntry(ctx, task_id);
    const { data } = await ctx.deps.client.get<{ data: ApiTimeEntry[] }>(await timeEntriesPath(ctx), {
      query: {
        ...task.query,
        ...(start !== undefined ? { start_date: start.epochMs } : {}),
        ...(endMs !== undefined ? { end_date: endMs } : {}),
        ...(assignee?.length ? { assignee: assignee.join(',') } : {}),
        ...(task.id !== undefined ? { task_id: task.id } : {}),
        ...(list_id !== undefined ? { list_id } : {}),
        ...(space_id !== undefined ? { space_id } : {}),
      },
      signal: ctx.signal,
    });
    const now = Date.now();
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(this.name, { ...params, perPage: params.limit }, data, (entry) =>
        toTimeEntryView(entry, now),
      ),
    );
  }
}
