import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  parseMoment,
  ref,
  resolveMoment,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { readableFieldValue, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickUpDate } from '../shared/clickup-dates.ts';
import { addCustomIdFlags } from '../shared/custom-id-flags.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { placeOf } from '../shared/relationships.ts';

export const SetCustomFieldValueParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    // A field of the task's list, by id or name (ref scope: the task's list).
    field_id: ref('custom_field').describe('Field id or name'),
    value: z.unknown().describe('The value; drop-down/labels by option name, dates as ISO or ms'),
    labels: z
      .enum(['merge', 'replace'])
      .default('merge')
      .describe('labels fields: add to the current labels (merge) or set exactly these (replace)'),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof SetCustomFieldValueParams>;

/** Per-call state: a date field's "show the time" option. */
const DATE_TIME = Symbol('date field time');

export class SetCustomFieldValueTool extends ClickUpTool<typeof SetCustomFieldValueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('set_custom_field_value', TOOL_PREFIX),
    description:
      'Set one custom field of a task: the field by name or id, drop-down and labels options by name.',
    category: 'custom_fields',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'set_custom_field_value' };

  static override readonly PARAMS = SetCustomFieldValueParams;

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    await this.dateValue(params, ctx);
    await addCustomIdFlags(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  /**
   * A date field given a date or date-time as text ("2026-02-01", "2026-02-01T09:00", "next Friday"):
   * read like every other date of this server — your time zone when no offset is given, a date alone
   * stored as ClickUp stores one — sent as milliseconds, with "show the time" when a time was given.
   */
  private async dateValue(params: Params, ctx: ClickUpCtx): Promise<void> {
    if (typeof params.value !== 'string' || /^\d+$/.test(params.value.trim())) return;
    const place = await placeOf(ctx, params.task_id, 'task_id');
    const field = (await ctx.deps.references.fieldsOf(place.listId, ctx.signal)).find(
      (f) => f.id === params.field_id,
    );
    if (field?.type !== 'date') return;
    const refuse = (message: string) =>
      new ValidationError({ toolName: ctx.toolName, issues: [{ field: 'value', message }] });
    const pending = parseMoment(params.value);
    if (typeof pending === 'string') throw refuse(pending);
    const zone = (await ctx.deps.references.zone(ctx)) ?? 'UTC';
    const resolved = await resolveMoment(pending, {
      zone,
      zoneSource: ctx.deps.references.zoneSource,
      precision: 'datetime',
    });
    if (typeof resolved === 'string') throw refuse(resolved);
    const date = clickUpDate(resolved.moment);
    ctx.call?.convert(
      'value',
      params.value,
      date.ms,
      `${resolved.moment.iso}${date.time ? '' : ', a date without a time'}${resolved.note ? `; ${resolved.note}` : ''}`,
    );
    params.value = date.ms;
    ctx.call?.state.set(DATE_TIME, date.time);
  }

  async execute({ task_id, field_id, value, labels }: Params, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    const task = await client.task(task_id, '', ctx.signal);
    let sent = value;
    let merged: string[] | undefined;
    if (labels === 'merge' && Array.isArray(value)) {
      // ClickUp replaces a labels field's whole set: keep the labels the task already has.
      const current = await client.get<ApiTask>(task.path, { query: task.query, signal: ctx.signal });
      const field = current.custom_fields?.find((f) => f.id === field_id);
      if (field?.type === 'labels' && Array.isArray(field.value)) {
        const existing = (field.value as unknown[]).map((v) =>
          typeof v === 'object' && v !== null ? String((v as { id: string }).id) : String(v),
        );
        const given = new Set((value as unknown[]).map(String));
        merged = existing.filter((id) => !given.has(id));
        sent = [...merged, ...(value as unknown[])];
      }
    }
    const time = ctx.call?.state.get(DATE_TIME) as boolean | undefined;
    const field = await client.task(task_id, `/field/${encodeURIComponent(field_id)}`, ctx.signal);
    await client.post(field.path, {
      query: field.query,
      json: { value: sent, ...(time !== undefined ? { value_options: { time } } : {}) },
      signal: ctx.signal,
    });
    const after = await client.get<ApiTask>(task.path, { query: task.query, signal: ctx.signal });
    const now = after.custom_fields?.find((f) => f.id === field_id);
    return {
      task_id,
      field: now ? { id: now.id, name: now.name, value: readableFieldValue(now) } : { id: field_id },
      ...(merged?.length
        ? {
            note: `Kept the ${merged.length} label(s) the task already had (labels: "replace" to drop them).`,
          }
        : {}),
    };
  }
}
