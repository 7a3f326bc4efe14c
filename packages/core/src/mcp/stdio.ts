/**
 * Serve over stdio: stdout carries only JSON-RPC; logs go to stderr. Every line the client sends is
 * answered, a bad one with a JSON-RPC error (see StdioLineTransport).
 */
import { createMcpServer, type McpServerOptions } from './create-mcp-server.ts';
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
  const mcp = createMcpServer(options);
  const transport = new StdioLineTransport(options.stdin, options.stdout);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  transport.onclose = () => resolveClosed();
  await mcp.connect(transport);
  // The client closing our stdin ends the session.
  const stdin = options.stdin ?? process.stdin;
  const onEnd = () => void mcp.close();
  stdin.once('end', onEnd);
  let closing: Promise<void> | undefined;
  return {
    closed,
    close() {
      closing ??= (async () => {
        stdin.off('end', onEnd);
        await mcp.close();
        resolveClosed();
      })();
      return closing;
    },
  };
}
