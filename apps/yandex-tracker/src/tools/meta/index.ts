import { GetCurrentUserTool } from './get-current-user.tool.ts';
import { PingTool } from './ping.tool.ts';

/** Meta: connection check and the current user (`meta` toolset, on by default). */
export function createMetaTools() {
  return [new PingTool(), new GetCurrentUserTool()];
}
