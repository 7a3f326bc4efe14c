/**
 * The ClickUp MCP server: its toolsets, its tool registry and its server options. bin/cli.ts serves
 * it from the command line; tests build it with createServer() and talk to it.
 */
import { defineToolset, ToolRegistry } from '@toolsmith/core';
import { createMcpServer, type McpServerOptions, type ToolsmithMcpServer } from '@toolsmith/core/mcp';
import type { ClickUpDeps } from './deps.ts';
import { createTools } from './tools/index.ts';
import { WebhookEventsResource } from './webhooks/webhook-events.resource.ts';

export { TOOL_PREFIX } from './tool-prefix.ts';

/**
 * The version announced to clients. Keep it equal to package.json's (server.test.ts checks): a
 * constant, not a read of package.json at run time, so the bundled bin carries it too.
 */
export const SERVER_VERSION = '0.1.0';

/** Areas of the API, for `--toolsets`; the default set is what most sessions need. */
export const toolsets = [
  defineToolset({
    id: 'tasks',
    description: 'Find, read, create, update, move and delete tasks.',
    default: true,
  }),
  defineToolset({
    id: 'custom_fields',
    description: "A list's custom fields, and setting or clearing a task's values.",
    default: true,
  }),
  defineToolset({ id: 'comments', description: 'Task comments and threaded replies.', default: false }),
  defineToolset({
    id: 'context',
    description: 'Where you work: the workspaces, and spaces → folders → lists with their ids.',
    default: true,
  }),
  defineToolset({
    id: 'workspace',
    description: 'Spaces, folders and lists one by one, with their statuses and settings.',
    default: false,
  }),
  defineToolset({
    id: 'workspace_write',
    description: 'Create, rename and delete spaces, folders and lists.',
    default: false,
  }),
  defineToolset({
    id: 'members',
    description: 'Workspace members and who is on a list or task.',
    default: false,
  }),
  defineToolset({ id: 'checklists', description: 'Checklists and their items.', default: false }),
  defineToolset({ id: 'tags', description: 'Space tags, and tags on tasks.', default: false }),
  defineToolset({ id: 'time', description: 'Time entries and the timer.', default: false }),
  defineToolset({ id: 'attachments', description: 'Files attached to tasks.', default: false }),
  defineToolset({
    id: 'relations',
    description: 'Dependencies (waiting on / blocking) and task links.',
    default: false,
  }),
  defineToolset({ id: 'views', description: 'Views and the tasks they show.', default: false }),
  defineToolset({ id: 'goals', description: 'Goals and key results.', default: false }),
  defineToolset({ id: 'docs', description: 'Docs and their pages.', default: false }),
  defineToolset({ id: 'webhooks', description: 'Webhooks and the events they delivered.', default: false }),
];

/** Every tool of the server, checked at start-up (names, toolsets, definitions). */
export function createRegistry(): ToolRegistry<ClickUpDeps> {
  return new ToolRegistry<ClickUpDeps>({ toolsets })
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
  } satisfies Partial<McpServerOptions<ClickUpDeps>>;
}

/** A server over `deps`, ready to connect to a transport (tests connect it in memory). */
export function createServer(
  deps: ClickUpDeps,
  overrides: Partial<McpServerOptions<ClickUpDeps>> = {},
): ToolsmithMcpServer {
  return createMcpServer({ ...serverOptions(), registry: createRegistry(), deps, ...overrides });
}
