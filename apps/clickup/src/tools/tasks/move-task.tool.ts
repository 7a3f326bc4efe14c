import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';

const MoveTaskParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    list_id: listIdParam().describe('The new home list'),
    team_id: teamIdParam(),
  }),
);

export class MoveTaskTool extends ClickUpTool<typeof MoveTaskParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('move_task', TOOL_PREFIX),
    description:
      'Move a task to another home list; ClickUp maps statuses and custom fields the new list lacks.',
    category: 'tasks',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = MoveTaskParams;

  async execute({ task_id, list_id }: ParamsOf<typeof MoveTaskParams>, ctx: ClickUpCtx) {
    const { client } = ctx.deps;
    // v3 takes the real id only.
    const id = await client.resolveTaskId(task_id, ctx.signal);
    const team = await client.teamId(ctx.signal);
    await client.put(
      client.v3(
        `/workspaces/${team}/tasks/${encodeURIComponent(id)}/home_list/${encodeURIComponent(list_id)}`,
      ),
      { signal: ctx.signal },
    );
    // Its list, statuses and fields are now the new list's.
    ctx.deps.references.tasks.forget(task_id);
    ctx.deps.references.changed('status', 'custom_field', 'tag');
    return toTaskView(await client.get<ApiTask>(`/task/${encodeURIComponent(id)}`, { signal: ctx.signal }));
  }
}
