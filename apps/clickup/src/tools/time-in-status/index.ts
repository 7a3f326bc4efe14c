/** The time-in-status tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { GetBulkTimeInStatusTool } from './get-bulk-time-in-status.tool.ts';
import { GetTimeInStatusTool } from './get-time-in-status.tool.ts';

export function timeInStatusTools(): AnyTool<ClickUpDeps>[] {
  return [new GetTimeInStatusTool(), new GetBulkTimeInStatusTool()];
}
