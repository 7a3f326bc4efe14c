import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { clickAppOff } from '../shared/clickapp-off.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import {
  named,
  refuseList,
  announceTaskId,
  taskLists,
  TASKS_IN_MULTIPLE_LISTS,
  type TaskLists,
} from './task-list-params.ts';

export const AddTaskToListParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    list_id: listIdParam().describe('A list to add the task to (it keeps its home list)'),
    team_id: teamIdParam(),
  }),
);

export class AddTaskToListTool extends ClickUpTool<typeof AddTaskToListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_task_to_list', TOOL_PREFIX),
    description:
      'Show a task in one more list too; it keeps its home list (to change that, clickup_move_task). Needs the "Tasks in Multiple Lists" ClickApp.',
    category: 'task_lists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddTaskToListParams;

  /** The task's lists, read by the checks, for the write of the same call. */
  readonly #lists = new WeakMap<object, TaskLists>();

  protected override async beforeExecute(params: ParamsOf<typeof AddTaskToListParams>, ctx: ClickUpCtx) {
    const lists = await taskLists(ctx, params.task_id);
    this.#lists.set(params, lists);
    announceTaskId(ctx, params.task_id, lists);
    if (lists.home.id === params.list_id) {
      refuseList(
        ctx,
        `is the home list of task ${lists.label}: it is in it already. Give another list to show it in too, or move it with clickup_move_task.`,
      );
    }
    await super.beforeExecute(params, ctx);
  }

  protected override async translateError(
    error: unknown,
    params: ParamsOf<typeof AddTaskToListParams>,
    ctx: ClickUpCtx,
  ): Promise<unknown> {
    return clickAppOff(await super.translateError(error, params, ctx), TASKS_IN_MULTIPLE_LISTS);
  }

  async execute(params: ParamsOf<typeof AddTaskToListParams>, ctx: ClickUpCtx) {
    const { task_id, list_id } = params;
    const lists = this.#lists.get(params) ?? (await taskLists(ctx, task_id));
    const id = lists.id;
    await ctx.deps.client.post(`/list/${encodeURIComponent(list_id)}/task/${encodeURIComponent(id)}`, {
      signal: ctx.signal,
    });
    ctx.deps.references.tasks.forget(task_id);
    return { taskId: task_id, addedTo: list_id, homeList: named(lists.home) };
  }
}
