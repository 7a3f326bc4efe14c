/** The tags tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { AddTagToTaskTool } from './add-tag-to-task.tool.ts';
import { CreateSpaceTagTool } from './create-space-tag.tool.ts';
import { GetSpaceTagsTool } from './get-space-tags.tool.ts';
import { RemoveTagFromTaskTool } from './remove-tag-from-task.tool.ts';

export function tagTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetSpaceTagsTool(),
    new CreateSpaceTagTool(),
    new AddTagToTaskTool(),
    new RemoveTagFromTaskTool(),
  ];
}
