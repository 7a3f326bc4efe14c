/** The views tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateViewTool } from './create-view.tool.ts';
import { DeleteViewTool } from './delete-view.tool.ts';
import { GetViewTasksTool } from './get-view-tasks.tool.ts';
import { GetViewsTool } from './get-views.tool.ts';
import { UpdateViewTool } from './update-view.tool.ts';

export function viewTools(): AnyTool<ClickUpDeps>[] {
  return [new GetViewsTool(), new GetViewTasksTool()];
}

/** The view writes (toolset view_writes). */
export function viewWriteTools(): AnyTool<ClickUpDeps>[] {
  return [new CreateViewTool(), new UpdateViewTool(), new DeleteViewTool()];
}
