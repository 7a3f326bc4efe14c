import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { otherTaskParam, taskPair, relationWrite } from './relation-params.ts';

export const AddTaskLinkParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), other_task_id: otherTaskParam(), team_id: teamIdParam() }),
);

export class AddTaskLinkTool extends ClickUpTool<typeof AddTaskLinkParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_task_link', TOOL_PREFIX),
    description: 'Link two tasks (a plain "related" link, no order; for order use clickup_add_dependency).',
    category: 'relations',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddTaskLinkParams;

  async execute({ task_id, other_task_id }: ParamsOf<typeof AddTaskLinkParams>, ctx: ClickUpCtx) {
    const { taskId, otherId } = await taskPair(ctx, task_id, other_task_id);
    const { path, query } = await ctx.deps.client.task(
      taskId,
      `/link/${encodeURIComponent(otherId)}`,
      ctx.signal,
    );
    await relationWrite(ctx.deps.client.post(path, { query, signal: ctx.signal }));
    return { taskId, linkedTo: otherId };
  }
}
