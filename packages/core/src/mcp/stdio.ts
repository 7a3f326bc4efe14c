/**
 * Serve over stdio: stdout carries only JSON-RPC; logs go to stderr. Every line the client sends is
 * answered, a bad one with a JSON-RPC error (see StdioLineTransport). The SDK's `serveStdio` picks
 * the era from the client's first message: `initialize` (2025-11-25) or a request carrying the
 * 2026-07-28 envelope (`server/discover` first, as a rule), and keeps one server instance for the
 * connection.
 */
import { serveStdio as serveSdkStdio } from '@modelcontextprotocol/server/stdio';
import { createStreamLogger } from '../logging/logger.ts';
import { createMcpServerFactory, type McpServerOptions } from './create-mcp-server.ts';
import { StdioLineTransport } from './stdio-transport.ts';

export interface RunningServer {
  /** Stops accepting work and closes the transport(s). Safe to call twice. */
  close(): Promise<void>;
  /** Resolves when the server has closed (client went away, or close() was called). */
  readonly closed: Promise<void>;
}

export async function serveStdio<TDeps>(
  options: McpServerOptions<TDeps> & { stdin?: NodeJS.ReadableStream; stdout?: NodeJS.WritableStream },
): Promise<RunningServer> {
  const logger = options.logger ?? createStreamLogger();
  const factory = createMcpServerFactory({ ...options, logger });
  const transport = new StdioLineTransport(options.stdin, options.stdout);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  const handle = serveSdkStdio((ctx) => factory.create(ctx), {
    transport,
    onerror: (error) => logger.warn('MCP stdio message failed', { error: error.message }),
  });
  // The SDK owns the transport's callbacks; it is closed when the client closes our stdin.
  const stdin = options.stdin ?? process.stdin;
  const onEnd = () => void handle.close().then(() => resolveClosed());
  stdin.once('end', onEnd);
  let closing: Promise<void> | undefined;
  return {
    closed,
    close() {
      closing ??= (async () => {
        stdin.off('end', onEnd);
        await handle.close();
        resolveClosed();
      })();
      return closing;
    },
  };
}
