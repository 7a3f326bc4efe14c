/**
 * Connect the MCP SDK's real `Client` (SDK v2) to a server: in memory, over a spawned stdio process,
 * or over Streamable HTTP. Tests drive servers exactly as a client application would, in either
 * protocol era.
 */
import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type ClientCapabilities,
} from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { ToolsmithMcpServer } from '@toolsmith/core/mcp';

export interface McpTestConnection {
  readonly client: Client;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * Which protocol era the client speaks: `legacy` is 2025-11-25 (`initialize`, the SDK's default),
 * `modern` is 2026-07-28 only (`server/discover`, every request self-describing), `auto` probes
 * with `server/discover` and falls back to `initialize`.
 */
export type ClientEra = 'legacy' | 'modern' | 'auto';

export interface ClientOptions {
  name?: string;
  capabilities?: ClientCapabilities;
  /** @default 'legacy' */
  era?: ClientEra;
}

/** The 2026-07-28 revision, which `era: 'modern'` pins. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The SDK's `Client` in the era asked for (not connected). */
export function createClient(options: ClientOptions = {}): Client {
  const era = options.era ?? 'legacy';
  return new Client(
    { name: options.name ?? 'toolsmith-test-client', version: '1.0.0' },
    {
      capabilities: options.capabilities ?? {},
      versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_PROTOCOL_VERSION } : era },
    },
  );
}

function connection(client: Client, close: () => Promise<void>): McpTestConnection {
  let closing: Promise<void> | undefined;
  const once = () => (closing ??= close());
  return { client, close: once, [Symbol.asyncDispose]: once };
}

/** In-process: linked in-memory transports, no socket. */
export async function connectInMemory(
  server: ToolsmithMcpServer,
  options: ClientOptions = {},
): Promise<McpTestConnection> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = createClient(options);
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return connection(client, async () => {
    await client.close();
    await server.close();
  });
}

export interface StdioLaunch extends ClientOptions {
  command: string;
  args?: string[];
  env?: Record<string, string>;
  cwd?: string;
}

export interface StdioConnection extends McpTestConnection {
  /** Everything the server wrote to stderr so far (its logs). */
  stderr(): string;
  /** The server's process id. */
  readonly pid: number | null;
}

/** Spawns the server and talks to it over its stdin/stdout, like Claude Desktop does. */
export async function connectStdio(launch: StdioLaunch): Promise<StdioConnection> {
  const transport = new StdioClientTransport({
    command: launch.command,
    args: launch.args ?? [],
    env: { ...(process.env as Record<string, string>), ...launch.env },
    ...(launch.cwd ? { cwd: launch.cwd } : {}),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = createClient(launch);
  await client.connect(transport);
  const base = connection(client, () => client.close());
  return { ...base, stderr: () => stderr, pid: transport.pid };
}

/** Streamable HTTP, e.g. against `serveHttp()` on 127.0.0.1. */
export async function connectHttp(
  url: string | URL,
  options: ClientOptions & { headers?: Record<string, string> } = {},
): Promise<McpTestConnection> {
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(options.headers ? { requestInit: { headers: options.headers } } : {}),
  });
  const client = createClient(options);
  await client.connect(transport);
  return connection(client, async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
}

/** The text of a tool result's content parts, joined. */
export function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('\n');
}
