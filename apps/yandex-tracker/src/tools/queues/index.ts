import { CreateQueueTool } from './create-queue.tool.ts';
import { GetQueueFieldsTool } from './get-queue-fields.tool.ts';
import { GetQueueLocalFieldsTool } from './get-queue-local-fields.tool.ts';
import { GetQueuePermissionsTool } from './get-queue-permissions.tool.ts';
import { GetQueueTool } from './get-queue.tool.ts';
import { GetQueuesTool } from './get-queues.tool.ts';
import { ManageQueueAccessTool } from './manage-queue-access.tool.ts';
import { UpdateQueueTool } from './update-queue.tool.ts';

/** Queues (`queues` toolset): list, read, create, update, fields, local fields, permissions. */
export function createQueueTools() {
  return [
    new GetQueuesTool(),
    new GetQueueTool(),
    new CreateQueueTool(),
    new UpdateQueueTool(),
    new GetQueueFieldsTool(),
    new GetQueueLocalFieldsTool(),
    new GetQueuePermissionsTool(),
    new ManageQueueAccessTool(),
  ];
}
