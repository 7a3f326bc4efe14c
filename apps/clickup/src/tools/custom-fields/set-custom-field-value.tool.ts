import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { KnowledgeTool } from '@toolsmith/executable-knowledge';
import { z } from 'zod';
import { readableFieldValue, type ApiTask } from '../../api/dto/task-view.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../shared/clickup-tool.ts';
import { addCustomIdFlags } from '../shared/custom-id-flags.ts';
import { taskIdParam } from '../shared/params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

export const SetCustomFieldValueParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam,
    field_id: z.string().min(1).describe('Field id or name'),
    value: z.unknown().describe('The value; drop-down/labels by option name, dates as ISO or ms'),
    labels: z
      .enum(['merge', 'replace'])
      .default('merge')
      .describe('labels fields: add to the current labels (merge) or set exactly these (replace)'),
  }),
);

export class SetCustomFieldValueTool extends KnowledgeTool<
  ClickUpDeps,
  ReturnType<typeof SetCustomFieldValueParams>
> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('set_custom_field_value', TOOL_PREFIX),
    description:
      'Set one custom field of a task: the field by name or id, drop-down and labels options by name.',
    category: 'custom_fields',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'set_custom_field_value' };

  getParamsSchema() {
    return SetCustomFieldValueParams();
  }

  protected override async beforeExecute(
    params: z.output<ReturnType<typeof SetCustomFieldValueParams>>,
    ctx: ClickUpCtx,
  ) {
    await addCustomIdFlags(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  async execute(
    { task_id, field_id, value, labels }: z.output<ReturnType<typeof SetCustomFieldValueParams>>,
    ctx: ClickUpCtx,
  ) {
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
    const field = await client.task(task_id, `/field/${encodeURIComponent(field_id)}`, ctx.signal);
    await client.post(field.path, { query: field.query, json: { value: sent }, signal: ctx.signal });
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
