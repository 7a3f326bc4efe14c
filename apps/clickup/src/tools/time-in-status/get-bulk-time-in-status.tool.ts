import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { isMissing } from '../../api/not-found-hint.ts';
import { parseTaskRef } from '../../api/task-ref.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickAppOff } from '../shared/clickapp-off.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { referencesOf } from '../shared/relationships.ts';
import {
  TOTAL_TIME_IN_STATUS,
  toTimeInStatusView,
  type ApiTimeInStatus,
  type TimeInStatusView,
} from './time-in-status-view.ts';

/** ClickUp's limit per request (research §1.2: "≤100 ids"). */
export const BULK_TIME_IN_STATUS_MAX = 100;

export const GetBulkTimeInStatusParams = lazySchema(() =>
  z.object({
    task_ids: z.array(taskIdParam()).min(1).max(BULK_TIME_IN_STATUS_MAX).describe('Up to 100 tasks'),
    team_id: teamIdParam(),
  }),
);

export class GetBulkTimeInStatusTool extends ClickUpTool<
  typeof GetBulkTimeInStatusParams,
  { items: TimeInStatusView[] }
> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_bulk_time_in_status', TOOL_PREFIX),
    description:
      'Time in status of up to 100 tasks in one call: per task its current status and each earlier one (minutes, since when).',
    category: 'time_in_status',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBulkTimeInStatusParams;

  protected override async translateError(
    error: unknown,
    params: ParamsOf<typeof GetBulkTimeInStatusParams>,
    ctx: ClickUpCtx,
  ): Promise<unknown> {
    return clickAppOff(await super.translateError(error, params, ctx), TOTAL_TIME_IN_STATUS);
  }

  async execute({ task_ids }: ParamsOf<typeof GetBulkTimeInStatusParams>, ctx: ClickUpCtx) {
    const refs = [...new Set(task_ids)];
    // One request takes one kind of id: a custom id ("DEV-12") is read once for its task id.
    const ids = await Promise.all(refs.map((ref) => taskIdOf(ctx, ref, task_ids.indexOf(ref), false)));
    let answer: Record<string, ApiTimeInStatus>;
    try {
      answer = await ctx.deps.client.get<Record<string, ApiTimeInStatus>>(
        '/task/bulk_time_in_status/task_ids',
        { query: { task_ids: ids }, signal: ctx.signal },
      );
    } catch (error) {
      // ClickUp fails the whole call for one task it cannot see, without naming it: find it.
      if (isMissing(error)) {
        await Promise.all(ids.map((id, i) => taskIdOf(ctx, id, task_ids.indexOf(refs[i]!), true)));
      }
      throw error;
    }
    return { items: refs.map((ref, i) => toTimeInStatusView(ref, answer[ids[i]!])) };
  }
}

/**
 * The task id of a reference: a regular id as it is, unless `read`; a custom id (or, with `read`, any
 * id) read once. A task that does not exist is refused on `task_ids.<index>`.
 */
async function taskIdOf(ctx: ClickUpCtx, ref: string, index: number, read: boolean): Promise<string> {
  const parsed = parseTaskRef(ref, `task_ids.${index}`);
  if (!parsed.custom && !read) return parsed.id;
  try {
    const place = await referencesOf(ctx).tasks.get(ref, ctx.signal);
    return parsed.custom ? place.id : parsed.id;
  } catch (error) {
    if (!isMissing(error)) throw error;
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        { field: `task_ids.${index}`, message: `${message} Leave it out, or fix it, and call again.` },
      ],
    });
  }
}
