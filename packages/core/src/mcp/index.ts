// Public API of @toolsmith/core/mcp — the MCP adapter. Everything exported here is public.
// This entry is the only part of toolsmith core that imports the MCP SDK (v2: @modelcontextprotocol/server).
export {
  createMcpServer,
  createMcpServerFactory,
  type McpServerFactory,
  type McpServerOptions,
  type ToolsmithMcpServer,
} from './create-mcp-server.ts';
export { serveStdio, type RunningServer } from './stdio.ts';
export { serveHttp } from './serve-http.ts';
export type { HttpServeOptions, RunningHttpServer } from './streamable-http.ts';
export type { HttpEndpointOptions } from './http-options.ts';
export type { HttpRoute, HttpRouteMethod, HttpRouteRequest, HttpRouteResponse } from './http-route.ts';
// The same server as a web-standard handler (Request → Response): Bun, Deno, Workers, Next.js, Hono.
export { createWebHandler, type WebHandler, type WebHandlerOptions } from './web-handler.ts';
export {
  checkRuntimeRequirements,
  detectRuntime,
  runtimeSupports,
  type RuntimeName,
} from './runtime-requirements.ts';
export { runServeCli, parseServeArgs, usage, type ServeCliOptions, type ServeCliArgs } from './serve-cli.ts';
// The serve CLI's auth settings and the built-in authorization server hook (`builtinAuth`).
export type {
  AuthSetting,
  BuiltinAuth,
  BuiltinAuthFactory,
  BuiltinAuthSettings,
} from '../auth/configure-auth.ts';
