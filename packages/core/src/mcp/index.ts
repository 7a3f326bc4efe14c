// Public API of @toolsmith/core/mcp — the MCP adapter. Everything exported here is public.
// This entry is the only part of toolsmith that imports @modelcontextprotocol/sdk.
export { createMcpServer, type McpServerOptions, type ToolsmithMcpServer } from './create-mcp-server.ts';
export { serveStdio, type RunningServer } from './stdio.ts';
export { serveHttp } from './serve-http.ts';
export type { HttpServeOptions, RunningHttpServer } from './streamable-http.ts';
export { runServeCli, parseServeArgs, usage, type ServeCliOptions, type ServeCliArgs } from './serve-cli.ts';
