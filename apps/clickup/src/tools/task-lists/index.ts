/** The Tasks in Multiple Lists tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { AddTaskToListTool } from './add-task-to-list.tool.ts';
import { RemoveTaskFromListTool } from './remove-task-from-list.tool.ts';

export function taskListTools(): AnyTool<ClickUpDeps>[] {
  return [new AddTaskToListTool(), new RemoveTaskFromListTool()];
}
