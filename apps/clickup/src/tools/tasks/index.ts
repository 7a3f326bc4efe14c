/** The tasks tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateTaskTool } from './create-task.tool.ts';
import { DeleteTaskTool } from './delete-task.tool.ts';
import { DuplicateTaskTool } from './duplicate-task.tool.ts';
import { GetListTasksTool } from './get-list-tasks.tool.ts';
import { GetTaskTool } from './get-task.tool.ts';
import { MoveTaskTool } from './move-task.tool.ts';
import { SearchTasksTool } from './search-tasks.tool.ts';
import { UpdateTaskTool } from './update-task.tool.ts';

export function taskTools(): AnyTool<ClickUpDeps>[] {
  return [
    new SearchTasksTool(),
    new GetTaskTool(),
    new GetListTasksTool(),
    new CreateTaskTool(),
    new UpdateTaskTool(),
    new MoveTaskTool(),
    new DuplicateTaskTool(),
    new DeleteTaskTool(),
  ];
}
