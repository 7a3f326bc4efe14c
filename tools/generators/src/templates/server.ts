import { toolsetDescription } from '../names.ts';
import { tsString, type ServerTemplateContext } from '../template-context.ts';

/**
 * `src/server.ts`: the tool prefix, the toolsets, the registry and the server options. The
 * generator reads `TOOL_PREFIX` and appends to `toolsets` when it adds a tool in a new area.
 */
export function serverSource(ctx: ServerTemplateContext): string {
  const tool = ctx.exampleTool;
  const prefixDoc = ctx.toolPrefix
    ? `/** Every tool name starts with \`${ctx.toolPrefix}_\`. \`npm run generate -- tool\` reads this constant. */`
    : `/** Tool names are not prefixed (empty). \`npm run generate -- tool\` reads this constant. */`;
  return `/**
 * The ${ctx.title} MCP server: its toolsets, its tool registry and its server options. main.ts serves
 * it from the command line; tests build it with createServer() and talk to it in memory.
 */
import { defineToolset, ToolRegistry } from '@toolsmith/core';
import { createMcpServer, type McpServerOptions, type ToolsmithMcpServer } from '@toolsmith/core/mcp';
import type { ServerDeps } from './deps.ts';
import { createTools } from './tools/index.ts';

/**
 * The version announced to clients. Keep it equal to package.json's (server.test.ts checks): a
 * constant, not a read of package.json at run time, so the bundled bin (\`npx nx run <app>:bundle\`)
 * carries it too.
 */
export const SERVER_VERSION = '0.1.0';

${prefixDoc}
export const TOOL_PREFIX = ${tsString(ctx.toolPrefix ?? '')};

/**
 * Toolsets group tools by area for \`--toolsets\`; \`default\` ones are enabled when the user names none.
 * Every tool's toolset (its \`toolset\`, or else its \`category\`) must be declared here.
 */
export const toolsets = [
  defineToolset({ id: ${tsString(tool.category)}, description: ${tsString(toolsetDescription(tool.areaDir))}, default: true }),
];

/** Every tool of the server, checked at start-up (names, toolsets, definitions). */
export function createRegistry(): ToolRegistry<ServerDeps> {
  return new ToolRegistry<ServerDeps>({ toolsets }).register(...createTools());
}

/** What the server announces to clients: name, version, instructions. */
export function serverOptions() {
  return {
    name: ${tsString(ctx.binName)},
    title: ${tsString(ctx.title)},
    version: SERVER_VERSION,
    instructions: ${tsString(`${ctx.description} Call search_tools to find the tool for a task.`)},
  } satisfies Partial<McpServerOptions<ServerDeps>>;
}

/** A server over \`deps\`, ready to connect to a transport (tests connect it in memory). */
export function createServer(
  deps: ServerDeps,
  overrides: Partial<McpServerOptions<ServerDeps>> = {},
): ToolsmithMcpServer {
  return createMcpServer({ ...serverOptions(), registry: createRegistry(), deps, ...overrides });
}
`;
}
