/**
 * The ClickUp MCP server: what it announces, its registry (the toolsets and tools of tools/index.ts,
 * the webhook-events resource) and createServer(). cli.ts serves it from the command line; tests
 * build it with createServer() and talk to it.
 */
import { ToolRegistry } from '@toolsmith/core';
import { createMcpServer, type McpServerOptions, type ToolsmithMcpServer } from '@toolsmith/core/mcp';
import type { ClickUpDeps } from './deps.ts';
import { createTools, TOOLSETS } from './tools/index.ts';
import { WebhookEventsResource } from './webhooks/webhook-events.resource.ts';
import { CLICKUP_SEARCH_GLOSSARY } from './tools/search-glossary.ts';

export { TOOL_PREFIX } from './tool-prefix.ts';
export { TOOLSETS } from './tools/index.ts';

/**
 * The version announced to clients. Keep it equal to package.json's (server.test.ts checks): a
 * constant, not a read of package.json at run time, so the bundled bin carries it too.
 */
export const SERVER_VERSION = '0.1.0';

/** Every tool of the server, checked at start-up (names, toolsets, definitions). */
export function createRegistry(): ToolRegistry<ClickUpDeps> {
  return new ToolRegistry<ClickUpDeps>({ toolsets: TOOLSETS })
    .register(...createTools())
    .registerResources(new WebhookEventsResource());
}

/** What the server announces to clients: name, version, instructions. */
export function serverOptions() {
  return {
    name: 'clickup-mcp',
    title: 'ClickUp',
    version: SERVER_VERSION,
    instructions: [
      'ClickUp: workspace → space → folder → list → task.',
      'In several workspaces, name the one a call works in with team_id (its id or name; clickup_get_workspaces lists them).',
      'Task ids may be given as the id, the custom id (DEV-123), CU-<id> or the task URL.',
      'Calls are checked against the workspace before they are sent: a refusal says what to send instead, and nothing was changed. A name, e-mail, another case or "me" where an id goes is converted and the answer says so first; a time without an offset is in your ClickUp time zone; dates may be words ("next Friday").',
      "Tools marked destructive need the user's explicit consent.",
      'Call search_tools to find a tool outside the enabled toolsets.',
    ].join(' '),
    searchTools: { glossary: CLICKUP_SEARCH_GLOSSARY },
  } satisfies Partial<McpServerOptions<ClickUpDeps>>;
}

/** A server over `deps`, ready to connect to a transport (tests connect it in memory). */
export function createServer(
  deps: ClickUpDeps,
  overrides: Partial<McpServerOptions<ClickUpDeps>> = {},
): ToolsmithMcpServer {
  return createMcpServer({ ...serverOptions(), registry: createRegistry(), deps, ...overrides });
}
