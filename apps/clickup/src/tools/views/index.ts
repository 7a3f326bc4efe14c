/** The views tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { GetViewTasksTool } from './get-view-tasks.tool.ts';
import { GetViewsTool } from './get-views.tool.ts';

export function viewTools(): AnyTool<ClickUpDeps>[] {
  return [new GetViewsTool(), new GetViewTasksTool()];
}
