/** The relations tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { AddDependencyTool } from './add-dependency.tool.ts';
import { AddTaskLinkTool } from './add-task-link.tool.ts';
import { RemoveDependencyTool } from './remove-dependency.tool.ts';
import { RemoveTaskLinkTool } from './remove-task-link.tool.ts';

export function relationTools(): AnyTool<ClickUpDeps>[] {
  return [
    new AddDependencyTool(),
    new RemoveDependencyTool(),
    new AddTaskLinkTool(),
    new RemoveTaskLinkTool(),
  ];
}
