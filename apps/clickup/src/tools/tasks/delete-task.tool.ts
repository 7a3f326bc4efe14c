import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';

const DeleteTaskParams = lazySchema(() => z.object({ task_id: taskIdParam(), team_id: teamIdParam() }));

export class DeleteTaskTool extends ClickUpTool<typeof DeleteTaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_task', TOOL_PREFIX),
    description: 'Delete a task and its subtasks (they go to the trash in ClickUp).',
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteTaskParams;

  async execute({ task_id }: ParamsOf<typeof DeleteTaskParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, '', ctx.signal);
    await ctx.deps.client.delete(path, { query, signal: ctx.signal });
    ctx.deps.references.tasks.forget(task_id);
    return { deleted: task_id };
  }
}
