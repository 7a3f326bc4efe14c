import { buildToolName, defineToolMetadata, lazySchema, ref, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { addCustomIdFlags } from '../shared/custom-id-flags.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';

const RemoveCustomFieldValueParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    // A field of the task's list, by id or name (ref scope: the task's list).
    field_id: ref('custom_field').describe('Field id or name (clickup_list_custom_fields)'),
    team_id: teamIdParam(),
  }),
);

export class RemoveCustomFieldValueTool extends ClickUpTool<typeof RemoveCustomFieldValueParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_custom_field_value', TOOL_PREFIX),
    description: 'Clear one custom field of a task (any type).',
    category: 'custom_fields',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });
  static override readonly KNOWLEDGE = { toolId: 'clickup', command: 'remove_custom_field_value' };

  static override readonly PARAMS = RemoveCustomFieldValueParams;

  protected override async beforeExecute(
    params: ParamsOf<typeof RemoveCustomFieldValueParams>,
    ctx: ClickUpCtx,
  ) {
    await addCustomIdFlags(params, ctx);
    await super.beforeExecute(params, ctx);
  }

  async execute({ task_id, field_id }: ParamsOf<typeof RemoveCustomFieldValueParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(
      task_id,
      `/field/${encodeURIComponent(field_id)}`,
      ctx.signal,
    );
    await ctx.deps.client.delete(path, { query, signal: ctx.signal });
    return { task_id, cleared: field_id };
  }
}
