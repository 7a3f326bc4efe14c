import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import type { ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool, type ClickUpCtx } from '../shared/clickup-tool.ts';
import { taskIdParam } from '../shared/params.ts';
import { tagNameParam, tagPath, unknownTag } from './tag-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

export const RemoveTagFromTaskParams = lazySchema(() =>
  z.object({ task_id: taskIdParam, tag: tagNameParam }),
);

export class RemoveTagFromTaskTool extends ClickUpTool<ReturnType<typeof RemoveTagFromTaskParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_tag_from_task', TOOL_PREFIX),
    description: 'Take a tag off a task (the tag stays in the Space).',
    category: 'tags',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return RemoveTagFromTaskParams();
  }

  async execute({ task_id, tag }: z.output<ReturnType<typeof RemoveTagFromTaskParams>>, ctx: ClickUpCtx) {
    // ClickUp answers 200 for a tag the task does not carry: check first, so a typo is not a silent no-op.
    const { path, query } = await ctx.deps.client.task(task_id, '', ctx.signal);
    const task = await ctx.deps.client.get<ApiTask>(path, { query, signal: ctx.signal });
    const carried = (task.tags ?? []).map((t) => t.name);
    const name = carried.find((t) => t.toLowerCase() === tag.toLowerCase());
    if (name === undefined) {
      throw unknownTag(tag, `Task ${task_id}`, carried, 'Nothing was changed.');
    }
    await ctx.deps.client.delete(`${path}${tagPath(name)}`, { query, signal: ctx.signal });
    return { taskId: task_id, removed: name };
  }
}
