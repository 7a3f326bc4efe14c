/** The sprint tools (toolset sprints, off by default), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { AddTasksToSprintTool } from './add-tasks-to-sprint.tool.ts';
import { GetActiveSprintTool } from './get-active-sprint.tool.ts';

export function sprintTools(): AnyTool<ClickUpDeps>[] {
  return [new GetActiveSprintTool(), new AddTasksToSprintTool()];
}
