import { tsString, type ServerTemplateContext } from '../template-context.ts';

/** `src/server.ts`: the server's name, version and instructions, its registry and createServer(). */
export function serverSource(ctx: ServerTemplateContext): string {
  return `/**
 * The ${ctx.title} MCP server: what it announces, its registry (the toolsets and tools of
 * tools/index.ts) and createServer(). The bin (cli.ts) serves it from the command line; tests build
 * it with createServer() and talk to it in memory.
 */
import { ToolRegistry } from '@toolsmith/core';
import { createMcpServer, type McpServerOptions, type ToolsmithMcpServer } from '@toolsmith/core/mcp';
import type { ${ctx.depsType} } from './deps.ts';
import { createTools, TOOLSETS } from './tools/index.ts';

export { TOOL_PREFIX } from './tool-prefix.ts';
export { TOOLSETS } from './tools/index.ts';

/**
 * The version announced to clients. Keep it equal to package.json's (server.test.ts checks): a
 * constant, not a read of package.json at run time, so the bundled bin (\`npx nx run <app>:bundle\`)
 * carries it too.
 */
export const SERVER_VERSION = '0.1.0';

/** Every tool of the server, checked at start-up (names, toolsets, definitions). */
export function createRegistry(): ToolRegistry<${ctx.depsType}> {
  return new ToolRegistry<${ctx.depsType}>({ toolsets: TOOLSETS }).register(...createTools());
}

/** What the server announces to clients: name, version, instructions. */
export function serverOptions() {
  return {
    name: ${tsString(ctx.binName)},
    title: ${tsString(ctx.title)},
    version: SERVER_VERSION,
    instructions: ${tsString(`${ctx.description} Call search_tools to find the tool for a task.`)},
  } satisfies Partial<McpServerOptions<${ctx.depsType}>>;
}

/** A server over \`deps\`, ready to connect to a transport (tests connect it in memory). */
export function createServer(
  deps: ${ctx.depsType},
  overrides: Partial<McpServerOptions<${ctx.depsType}>> = {},
): ToolsmithMcpServer {
  return createMcpServer({ ...serverOptions(), registry: createRegistry(), deps, ...overrides });
}
`;
}
