/** The tasks tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { GetTaskTool } from './get-task.tool.ts';

export function taskTools(): AnyTool<ClickUpDeps>[] {
  return [new GetTaskTool()];
}
