/**
 * Connect the MCP SDK's real `Client` to a server: in memory, over a spawned stdio process, or over
 * Streamable HTTP. Tests drive servers exactly as a client application would.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { ClientCapabilities } from '@modelcontextprotocol/sdk/types.js';
import type { ToolsmithMcpServer } from '@toolsmith/core/mcp';

export interface McpTestConnection {
  readonly client: Client;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

export interface ClientOptions {
  name?: string;
  capabilities?: ClientCapabilities;
}

function createClient(options: ClientOptions = {}): Client {
  return new Client(
    { name: options.name ?? 'toolsmith-test-client', version: '1.0.0' },
    { capabilities: options.capabilities ?? {} },
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
