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

export const RemoveTaskFromListParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam(),
    list_id: listIdParam().describe('A list the task was added to (not its home list)'),
    team_id: teamIdParam(),
  }),
);

export class RemoveTaskFromListTool extends ClickUpTool<typeof RemoveTaskFromListParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_task_from_list', TOOL_PREFIX),
    description:
      'Take a task out of a list it was added to (clickup_add_task_to_list); it stays in its home list.',
    category: 'task_lists',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveTaskFromListParams;

  /** The task's lists, read by the checks, for the write of the same call. */
  readonly #lists = new WeakMap<object, TaskLists>();

  /** Its home list cannot be left, and a list it is not in is named with the ones it is in. */
  protected override async beforeExecute(params: ParamsOf<typeof RemoveTaskFromListParams>, ctx: ClickUpCtx) {
    const lists = await taskLists(ctx, params.task_id);
    this.#lists.set(params, lists);
    announceTaskId(ctx, params.task_id, lists);
    if (lists.home.id === params.list_id) {
      refuseList(
        ctx,
        `is the home list of task ${lists.label}, which a task cannot leave: move it to another home list with clickup_move_task, or delete it.`,
      );
    }
    if (lists.added !== undefined && !lists.added.some((l) => l.id === params.list_id)) {
      const others = lists.added.map(named);
      refuseList(
        ctx,
        `task ${lists.label} is not in list ${params.list_id}. It is in its home ${named(lists.home)}${
          others.length > 0 ? ` and was added to ${others.join(', ')}` : ' only'
        }.`,
      );
    }
    await super.beforeExecute(params, ctx);
  }

  protected override async translateError(
    error: unknown,
    params: ParamsOf<typeof RemoveTaskFromListParams>,
    ctx: ClickUpCtx,
  ): Promise<unknown> {
    return clickAppOff(await super.translateError(error, params, ctx), TASKS_IN_MULTIPLE_LISTS);
  }

  async execute(params: ParamsOf<typeof RemoveTaskFromListParams>, ctx: ClickUpCtx) {
    const { task_id, list_id } = params;
    const lists = this.#lists.get(params) ?? (await taskLists(ctx, task_id));
    const id = lists.id;
    await ctx.deps.client.delete(`/list/${encodeURIComponent(list_id)}/task/${encodeURIComponent(id)}`, {
      signal: ctx.signal,
    });
    ctx.deps.references.tasks.forget(task_id);
    return { taskId: task_id, removedFrom: list_id, homeList: named(lists.home) };
  }
}
