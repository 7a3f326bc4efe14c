// Public API of @toolsmith/clickup-mcp: embed the ClickUp tools in another server or agent.
export {
  createRegistry,
  createServer,
  serverOptions,
  toolsets,
  SERVER_VERSION,
  TOOL_PREFIX,
} from './server.ts';
export { createDeps, type ClickUpDeps } from './deps.ts';
export { loadConfig, configHelp, authorizationFor, type ClickUpConfig } from './config.ts';
export { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
export { parseTaskRef, type TaskRef } from './api/task-ref.ts';
