/** The bulk task tools (toolset bulk_tasks, off by default), in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { BulkCreateTasksTool } from './bulk-create-tasks.tool.ts';
import { BulkDeleteTasksTool } from './bulk-delete-tasks.tool.ts';
import { BulkMoveTasksTool } from './bulk-move-tasks.tool.ts';
import { BulkUpdateTasksTool } from './bulk-update-tasks.tool.ts';

export function bulkTaskTools(): AnyTool<ClickUpDeps>[] {
  return [
    new BulkCreateTasksTool(),
    new BulkUpdateTasksTool(),
    new BulkMoveTasksTool(),
    new BulkDeleteTasksTool(),
  ];
}
