import { BulkMoveIssuesTool } from './bulk-move-issues.tool.ts';
import { BulkTransitionIssuesTool } from './bulk-transition-issues.tool.ts';
import { BulkUpdateIssuesTool } from './bulk-update-issues.tool.ts';
import { GetBulkChangeStatusTool } from './get-bulk-change-status.tool.ts';

/** Bulk changes (`bulk` toolset): asynchronous operations that report MCP progress while they run. */
export function createBulkTools() {
  return [
    new BulkUpdateIssuesTool(),
    new BulkTransitionIssuesTool(),
    new BulkMoveIssuesTool(),
    new GetBulkChangeStatusTool(),
  ];
}
