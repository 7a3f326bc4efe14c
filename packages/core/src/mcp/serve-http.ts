/**
 * `serveHttp`, loaded on demand: the Streamable HTTP transport (and the HTTP server stack the SDK
 * brings with it) is only imported when a server actually serves HTTP, so stdio servers start
 * faster. See docs/performance.md.
 */
import type { McpServerOptions } from './create-mcp-server.ts';
import type { HttpServeOptions, RunningHttpServer } from './streamable-http.ts';

export async function serveHttp<TDeps>(
  options: McpServerOptions<TDeps> & HttpServeOptions,
): Promise<RunningHttpServer> {
  const { serveHttp: serve } = await import('./streamable-http.ts');
  return serve(options);
}
