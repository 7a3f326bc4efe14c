import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { otherTaskParam, taskPair, relationWrite } from './relation-params.ts';

export const RemoveTaskLinkParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), other_task_id: otherTaskParam(), team_id: teamIdParam() }),
);

export class RemoveTaskLinkTool extends ClickUpTool<typeof RemoveTaskLinkParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_task_link', TOOL_PREFIX),
    description: 'Remove the link between two tasks (either direction).',
    category: 'relations',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveTaskLinkParams;

  async execute({ task_id, other_task_id }: ParamsOf<typeof RemoveTaskLinkParams>, ctx: ClickUpCtx) {
    const { taskId, otherId } = await taskPair(ctx, task_id, other_task_id);
    const { path, query } = await ctx.deps.client.task(
      taskId,
      `/link/${encodeURIComponent(otherId)}`,
      ctx.signal,
    );
    await relationWrite(ctx.deps.client.delete(path, { query, signal: ctx.signal }));
    return { taskId, unlinkedFrom: otherId };
  }
}
