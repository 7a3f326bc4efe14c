/**
 * The one list of tools this server registers: createRegistry() registers exactly these, so
 * tools/list and tools/call cannot disagree. A tool that is not listed here does not exist for
 * clients.
 */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../deps.ts';
import { GetTaskTool } from './tasks/get-task.tool.ts';

export function createTools(): AnyTool<ClickUpDeps>[] {
  return [new GetTaskTool()];
}
