import { buildToolName, defineToolMetadata, type ParamsOf } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { membershipParams, TaskListMembershipTool } from './task-list-membership-tool.ts';

export const AddTaskToListParams = membershipParams('A list to add the task to (it keeps its home list)');

export class AddTaskToListTool extends TaskListMembershipTool {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_task_to_list', TOOL_PREFIX),
    description:
      'Show a task in one more list too; it keeps its home list (to change that, clickup_move_task). Needs the "Tasks in Multiple Lists" ClickApp.',
    category: 'task_lists',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = AddTaskToListParams;
  protected readonly method = 'post';

  protected homeListRefusal(label: string) {
    return `is the home list of task ${label}: it is in it already. Give another list to show it in too, or move it with clickup_move_task.`;
  }

  protected answer({ task_id, list_id }: ParamsOf<typeof AddTaskToListParams>) {
    return { taskId: task_id, addedTo: list_id };
  }
}
