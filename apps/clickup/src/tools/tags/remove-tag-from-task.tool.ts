import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { placeOf } from '../shared/relationships.ts';
import { carriedTagParam, tagPath, unknownTag } from './tag-params.ts';

export const RemoveTagFromTaskParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), tag: carriedTagParam(), team_id: teamIdParam() }),
);

export class RemoveTagFromTaskTool extends ClickUpTool<typeof RemoveTagFromTaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_tag_from_task', TOOL_PREFIX),
    description: 'Take a tag off a task (the tag stays in the Space).',
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveTagFromTaskParams;

  /**
   * ClickUp answers 200 for a tag the task does not carry: the tag was checked against the task's
   * tags (ref scope `carried:`), and is again here should those have been unreadable.
   */
  protected override async beforeExecute(params: ParamsOf<typeof RemoveTagFromTaskParams>, ctx: ClickUpCtx) {
    const task = await placeOf(ctx, params.task_id, 'task_id');
    if (!task.tags.includes(params.tag)) {
      throw unknownTag(params.tag, `Task ${params.task_id}`, [...task.tags], 'Nothing was changed.');
    }
    await super.beforeExecute(params, ctx);
  }

  async execute({ task_id, tag }: ParamsOf<typeof RemoveTagFromTaskParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, tagPath(tag), ctx.signal);
    await ctx.deps.client.delete(path, { query, signal: ctx.signal });
    ctx.deps.references.tasks.forget(task_id);
    ctx.deps.references.invalidate('tag', `carried:${task_id}`);
    return { taskId: task_id, removed: tag };
  }
}
