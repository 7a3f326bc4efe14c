/** The workspace tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateFolderTool } from './create-folder.tool.ts';
import { CreateListTool } from './create-list.tool.ts';
import { CreateSpaceTool } from './create-space.tool.ts';
import { DeleteFolderTool } from './delete-folder.tool.ts';
import { DeleteListTool } from './delete-list.tool.ts';
import { DeleteSpaceTool } from './delete-space.tool.ts';
import { GetFolderTool } from './get-folder.tool.ts';
import { GetFoldersTool } from './get-folders.tool.ts';
import { GetHierarchyTool } from './get-hierarchy.tool.ts';
import { GetListTool } from './get-list.tool.ts';
import { GetListsTool } from './get-lists.tool.ts';
import { GetSpaceTool } from './get-space.tool.ts';
import { GetSpacesTool } from './get-spaces.tool.ts';
import { GetWorkspacesTool } from './get-workspaces.tool.ts';
import { UpdateFolderTool } from './update-folder.tool.ts';
import { UpdateListTool } from './update-list.tool.ts';
import { UpdateSpaceTool } from './update-space.tool.ts';

export function workspaceTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetWorkspacesTool(),
    new GetHierarchyTool(),
    new GetSpacesTool(),
    new GetSpaceTool(),
    new CreateSpaceTool(),
    new UpdateSpaceTool(),
    new DeleteSpaceTool(),
    new GetFoldersTool(),
    new GetFolderTool(),
    new CreateFolderTool(),
    new UpdateFolderTool(),
    new DeleteFolderTool(),
    new GetListsTool(),
    new GetListTool(),
    new CreateListTool(),
    new UpdateListTool(),
    new DeleteListTool(),
  ];
}
