/** The Space tag edits (toolset tags), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { DeleteSpaceTagTool } from './delete-space-tag.tool.ts';
import { UpdateSpaceTagTool } from './update-space-tag.tool.ts';

export function spaceTagTools(): AnyTool<ClickUpDeps>[] {
  return [new UpdateSpaceTagTool(), new DeleteSpaceTagTool()];
}
