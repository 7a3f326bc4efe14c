import { buildToolName, defineToolMetadata, type ParamsOf } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { named, refuseList, type TaskLists } from './task-list-params.ts';
import { membershipParams, TaskListMembershipTool } from './task-list-membership-tool.ts';

export const RemoveTaskFromListParams = membershipParams('A list the task was added to (not its home list)');

export class RemoveTaskFromListTool extends TaskListMembershipTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('remove_task_from_list', TOOL_PREFIX),
    description:
      'Take a task out of a list it was added to (clickup_add_task_to_list); it stays in its home list.',
    category: 'task_lists',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = RemoveTaskFromListParams;
  protected readonly method = 'delete';

  protected homeListRefusal(label: string) {
    return `is the home list of task ${label}, which a task cannot leave: move it to another home list with clickup_move_task, or delete it.`;
  }

  /** A list it is not in is named with the ones it is in. */
  protected override checkLists(
    params: ParamsOf<typeof RemoveTaskFromListParams>,
    lists: TaskLists,
    ctx: ClickUpCtx,
  ) {
    if (lists.added === undefined || lists.added.some((l) => l.id === params.list_id)) return;
    const others = lists.added.map(named);
    refuseList(
      ctx,
      `task ${lists.label} is not in list ${params.list_id}. It is in its home ${named(lists.home)}${
        others.length > 0 ? ` and was added to ${others.join(', ')}` : ' only'
      }.`,
    );
  }

  protected answer({ task_id, list_id }: ParamsOf<typeof RemoveTaskFromListParams>) {
    return { taskId: task_id, removedFrom: list_id };
  }
}
