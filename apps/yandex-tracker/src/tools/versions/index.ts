import { CreateVersionTool } from './create-version.tool.ts';
import { GetQueueVersionsTool } from './get-queue-versions.tool.ts';
import { UpdateVersionTool } from './update-version.tool.ts';

/** Queue versions (`versions` toolset): list, create, update. */
export function createVersionTools() {
  return [new GetQueueVersionsTool(), new CreateVersionTool(), new UpdateVersionTool()];
}
