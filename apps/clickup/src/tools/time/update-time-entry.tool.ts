import {
  asRef,
  buildToolName,
  custom,
  defineToolMetadata,
  duration,
  lazySchema,
  ValidationError,
  when,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTimeEntryView } from '../../api/dto/time-entry-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { readTimeEntry, type ApiTimeEntryFull } from './read-time-entry.ts';
import { taskForEntry, timeEntriesPath } from './time-params.ts';

export const UpdateTimeEntryParams = lazySchema(() =>
  z.object({
    entry_id: asRef(z.string(), 'time_entry'),
    start: when().optional().describe('Keeps the length; ISO, ms or words'),
    duration: duration({ min: 60_000 }).optional(),
    description: z.string().optional(),
    billable: z.boolean().optional(),
    task_id: custom(z.string().min(1), 'task').optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof UpdateTimeEntryParams>;

export class UpdateTimeEntryTool extends ClickUpTool<typeof UpdateTimeEntryParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_time_entry', TOOL_PREFIX),
    description: 'Change a logged time entry.',
    category: 'time_entry_writes',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateTimeEntryParams;

  /** The entry as ClickUp has it, read by the checks: start and end are sent together. */
  readonly #entry = new WeakMap<object, ApiTimeEntryFull>();

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string): never => {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    };
    if (!/^\d+$/.test(params.entry_id))
      refuse('entry_id', 'time entry ids are numbers: find them with clickup_get_time_entries.');
    const keys = ['start', 'duration', 'description', 'billable', 'task_id'] as const;
    if (keys.every((k) => params[k] === undefined))
      refuse('entry_id', `nothing to change: give ${keys.join(', ')}.`);
    const entry = await readTimeEntry(ctx, params.entry_id);
    if (Number(entry.duration ?? 0) < 0 && (params.start ?? params.duration) !== undefined)
      refuse(
        params.start !== undefined ? 'start' : 'duration',
        'the timer of this entry is running: stop it with clickup_stop_timer, then change its times.',
      );
    this.#entry.set(params, entry);
    await super.beforeExecute(params, ctx);
  }

  async execute(params: Params, ctx: ClickUpCtx) {
    const entry = this.#entry.get(params) ?? (await readTimeEntry(ctx, params.entry_id));
    const timed = params.start !== undefined || params.duration !== undefined;
    // A new start keeps the entry's length; a new duration keeps its start.
    const start = params.start?.epochMs ?? Number(entry.start);
    const end = start + (params.duration?.ms ?? Number(entry.end) - Number(entry.start));
    const task = await taskForEntry(ctx, params.task_id);
    const path = await timeEntriesPath(ctx, `/${encodeURIComponent(params.entry_id)}`);
    await ctx.deps.client.put(path, {
      query: task.query,
      json: {
        // [doc: Update a time Entry]: start only with end; tid is sent as the entry has it unless changed.
        ...(timed ? { start, end } : {}),
        tid: task.id ?? entry.task?.id,
        ...(params.description !== undefined ? { description: params.description } : {}),
        ...(params.billable !== undefined ? { billable: params.billable } : {}),
      },
      signal: ctx.signal,
    });
    return toTimeEntryView(await readTimeEntry(ctx, params.entry_id));
  }
}
