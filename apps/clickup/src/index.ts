// Public API of @toolsmith/clickup-mcp: embed the ClickUp tools in another server or agent.
export {
  createRegistry,
  createServer,
  serverOptions,
  TOOLSETS,
  SERVER_VERSION,
  TOOL_PREFIX,
} from './server.ts';
export { createDeps, createDepsFactory, type ClickUpDeps, type DepsFactory } from './deps.ts';
// For a team (--auth builtin): ClickUp OAuth as the built-in authorization server's upstream login.
export {
  createClickUpOAuthProvider,
  type ClickUpOAuthProviderOptions,
} from './auth/clickup-oauth-provider.ts';
export { createClickUpAuthorizationServer, checkEncryptionKeys } from './auth/builtin-auth.ts';
export { loadConfig, configHelp, authorizationFor, type ClickUpConfig } from './config.ts';
export { createClickUpClient, type ClickUpClient } from './api/clickup-client.ts';
export { parseTaskRef, type TaskRef } from './api/task-ref.ts';
export { CLICKUP_SEARCH_GLOSSARY } from './tools/search-glossary.ts';
