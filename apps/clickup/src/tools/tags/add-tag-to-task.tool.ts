import { ApiError, buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { taskIdParam, teamIdParam } from '../shared/params.ts';
import { spaceTagsOfTask, tagNameParam, tagPath, unknownTag } from './tag-params.ts';

export const AddTagToTaskParams = lazySchema(() =>
  z.object({ task_id: taskIdParam(), tag: tagNameParam(), team_id: teamIdParam() }),
);

export class AddTagToTaskTool extends ClickUpTool<typeof AddTagToTaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_tag_to_task', TOOL_PREFIX),
    description:
      "Put a tag on a task. The tag must exist in the task's Space (clickup_get_space_tags; create one with clickup_create_space_tag).",
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddTagToTaskParams;

  async execute({ task_id, tag }: ParamsOf<typeof AddTagToTaskParams>, ctx: ClickUpCtx) {
    const { path, query } = await ctx.deps.client.task(task_id, tagPath(tag), ctx.signal);
    try {
      await ctx.deps.client.post(path, { query, signal: ctx.signal });
      ctx.deps.references.tasks.forget(task_id);
      ctx.deps.references.invalidate('tag', `carried:${task_id}`);
    } catch (error) {
      // A tag the Space lacks (404, or 400 on some plans): name the Space's tags instead.
      if (!ApiError.isInstance(error) || (error.status !== 404 && error.status !== 400)) throw error;
      const { spaceId, tags } = await spaceTagsOfTask(ctx, task_id);
      if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) throw error;
      throw unknownTag(
        tag,
        `The task's Space (${spaceId})`,
        tags,
        'Use one of them, or create the tag first with clickup_create_space_tag. Nothing was changed.',
      );
    }
    return { taskId: task_id, added: tag };
  }
}
