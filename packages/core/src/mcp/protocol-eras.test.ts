/**
 * One server, both protocol eras: 2025-11-25 (`initialize`, sessions) and 2026-07-28
 * (`server/discover`, every request self-describing), over Streamable HTTP on 127.0.0.1 and over
 * stdio in a spawned process, driven by the SDK v2 client and by raw JSON-RPC.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { connect as connectSocket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from './streamable-http.ts';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
const STDIO_SERVER = fileURLToPath(new URL('./__fixtures__/stdio-fixture-server.ts', import.meta.url));

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

async function serve(
  options: HttpServeOptions = {},
  registry = new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools()),
): Promise<RunningHttpServer> {
  const server = await serveHttp({
    name: 'fixture',
    version: '1.0.0',
    registry,
    deps: createFixtureDeps(),
    logger: silentLogger,
    port: 0,
    ...options,
  });
  cleanup.push(() => server.close());
  return server;
}

type Mode = 'legacy' | 'modern' | 'auto';

function client(mode: Mode): Client {
  const created = new Client(
    { name: 'era-test', version: '1.0.0' },
    { versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : mode } },
  );
  cleanup.push(() => created.close());
  return created;
}

async function overHttp(url: string, mode: Mode): Promise<Client> {
  const c = client(mode);
  await c.connect(new StreamableHTTPClientTransport(new URL(url)));
  return c;
}

async function overStdio(mode: Mode): Promise<Client> {
  const c = client(mode);
  await c.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@toolsmith/source', STDIO_SERVER],
      stderr: 'ignore',
    }),
  );
  return c;
}

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text: string }[] }).content[0] as { text: string }).text;

/** The request `_meta` envelope of 2026-07-28. */
const envelope = (version = MODERN) => ({
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
});

/** A raw 2026-07-28 request: the envelope in `_meta` and the headers the revision requires. */
async function postModern(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { version?: string; name?: string } = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': options.version ?? MODERN,
      'mcp-method': method,
      ...(options.name ? { 'mcp-name': options.name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method,
      params: { ...params, _meta: envelope(options.version) },
    }),
  });
  const text = await response.text();
  const json = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? JSON.parse(
        text
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .at(-1)!
          .slice(6),
      )
    : JSON.parse(text);
  return {
    status: response.status,
    message: json as { result?: Record<string, unknown>; error?: { code: number; message: string } },
  };
}

describe.each([
  ['stateless', false],
  ['stateful', true],
] as const)('Streamable HTTP (%s): both eras on one endpoint', (_label, stateful) => {
  it.each<[Mode, string]>([
    ['legacy', LEGACY],
    ['modern', MODERN],
    ['auto', MODERN],
  ])('a %s client negotiates %s, lists and calls tools', async (mode, version) => {
    const server = await serve({ stateful });
    const c = await overHttp(server.url, mode);
    expect(c.getNegotiatedProtocolVersion()).toBe(version);
    const { tools } = await c.listTools();
    expect(tools.map((t) => t.name)).toContain('get_book');
    const result = await c.callTool({ name: 'get_book', arguments: { id: 'b2', fields: ['title'] } });
    expect(textOf(result)).toBe('{"title":"Book 2"}');
    // invalid input is a tool error the model can act on, in both eras
    const invalid = await c.callTool({ name: 'get_book', arguments: {} });
    expect(invalid.isError).toBe(true);
    expect(textOf(invalid)).toContain('- id: Required field is missing');
    const unknown = await c.callTool({ name: 'get_bok', arguments: {} }).catch((e: unknown) => e);
    expect(ProtocolError.isInstance(unknown)).toBe(true);
    expect((unknown as ProtocolError).message).toContain('Did you mean "get_book"?');
  });

  it('streams progress to a client of either era', async () => {
    const server = await serve({ stateful });
    for (const mode of ['legacy', 'modern'] as const) {
      const c = await overHttp(server.url, mode);
      const updates: number[] = [];
      const result = await c.callTool(
        { name: 'slow_count', arguments: { steps: 3, stepMs: 1 } },
        { onprogress: (p) => void updates.push(p.progress) },
      );
      expect(textOf(result)).toBe('counted to 3');
      expect(updates.slice(0, 2)).toEqual([1, 2]);
    }
  });
});

describe('Streamable HTTP: 2026-07-28 on the wire (raw JSON-RPC)', () => {
  it('answers server/discover with both eras advertised where it matters, and cache hints', async () => {
    const server = await serve();
    const { status, message } = await postModern(server.url, 'server/discover');
    expect(status).toBe(200);
    expect(message.result).toMatchObject({
      supportedVersions: [MODERN],
      capabilities: { tools: { listChanged: false } },
      resultType: 'complete',
      cacheScope: 'public',
    });
    const health = (await (await fetch(server.url.replace('/mcp', '/health'))).json()) as {
      protocolVersions: string[];
    };
    expect(health.protocolVersions).toEqual(expect.arrayContaining([MODERN, LEGACY]));
  });

  it('marks tools/list cacheable for five minutes, for every caller', async () => {
    const server = await serve();
    const { message } = await postModern(server.url, 'tools/list');
    expect(message.result).toMatchObject({ ttlMs: 300_000, cacheScope: 'public' });
    expect((message.result!.tools as unknown[]).length).toBeGreaterThan(3);
  });

  it('runs tools/call without arguments and says what is wrong with malformed params', async () => {
    const server = await serve();
    const ran = await postModern(server.url, 'tools/call', { name: 'list_books' }, { name: 'list_books' });
    expect(ran.message.result).toMatchObject({ resultType: 'complete' });
    expect(JSON.parse(textOf(ran.message.result))).toMatchObject({ total: 3 });
    const bad = await postModern(
      server.url,
      'tools/call',
      { name: 'get_book', arguments: 'b1' },
      { name: 'get_book' },
    );
    expect(bad.message.error).toMatchObject({ code: -32602 });
    expect(bad.message.error!.message).toMatch(/^Invalid tools\/call request: "arguments" must be an object/);
  });

  it('refuses a protocol version it does not serve with -32022, naming the ones it does', async () => {
    const server = await serve();
    const { message } = await postModern(server.url, 'tools/list', {}, { version: '2099-01-01' });
    expect(message.error?.code).toBe(-32022);
  });

  it('applies the Host, Origin and body-size rules to 2026-07-28 requests too', async () => {
    const server = await serve({ maxBodyBytes: 10_000 });
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'server/discover',
      params: { _meta: envelope() },
    });
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connectSocket(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('end', () => resolve(Number(text.split(' ')[1])));
      socket.write(
        [
          'POST /mcp HTTP/1.1',
          'Host: attacker.example',
          'Content-Type: application/json',
          'Accept: application/json, text/event-stream',
          `MCP-Protocol-Version: ${MODERN}`,
          'Connection: close',
          `Content-Length: ${Buffer.byteLength(body)}`,
          '',
          body,
        ].join('\r\n'),
      );
    });
    expect(status).toBe(403);
    const origin = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: 'https://attacker.example',
        'mcp-protocol-version': MODERN,
      },
      body,
    });
    expect(origin.status).toBe(403);
    const large = await postModern(server.url, 'tools/call', {
      name: 'get_book',
      arguments: { id: 'x'.repeat(20_000) },
    }).catch(() => undefined);
    expect(large?.status ?? 413).toBe(413);
  });

  it('cancels a 2026-07-28 call when the client closes its response stream', async () => {
    const registry = new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools());
    const server = await serve({}, registry);
    const c = await overHttp(server.url, 'modern');
    const controller = new AbortController();
    const call = c.callTool(
      { name: 'slow_count', arguments: { steps: 100, stepMs: 20 } },
      { signal: controller.signal, onprogress: (p) => void (p.progress === 2 && controller.abort()) },
    );
    await expect(call).rejects.toThrow();
    const tool = registry.get('slow_count') as unknown as { stepsRun: number };
    const atCancel = tool.stepsRun;
    await new Promise((resolve) => setTimeout(resolve, 200)); // ten more steps, were it still running
    expect(atCancel).toBeGreaterThanOrEqual(2);
    expect(tool.stepsRun).toBeLessThanOrEqual(atCancel + 1);
    // the server goes on serving
    expect((await c.listTools()).tools.length).toBeGreaterThan(0);
  });
});

describe('stdio: the era is chosen by the first message', () => {
  it.each<[Mode, string]>([
    ['legacy', LEGACY],
    ['modern', MODERN],
  ])(
    'a %s client negotiates %s with a spawned server, lists and calls tools',
    async (mode, version) => {
      const c = await overStdio(mode);
      expect(c.getNegotiatedProtocolVersion()).toBe(version);
      expect((await c.listTools()).tools.map((t) => t.name)).toContain('list_books');
      const result = await c.callTool({ name: 'list_books' });
      expect(JSON.parse(textOf(result))).toMatchObject({ total: 3 });
    },
    20_000,
  );

  it('answers a raw server/discover line, and bad lines with JSON-RPC errors', async () => {
    const child = spawn(process.execPath, ['--conditions=@toolsmith/source', STDIO_SERVER], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    cleanup.push(async () => void child.kill());
    const lines: Record<string, unknown>[] = [];
    let buffer = '';
    const waitFor = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`got ${JSON.stringify(lines)}`)), 15_000);
        const check = () => {
          if (lines.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        child.stdout.on('data', (chunk: Buffer) => {
          buffer += chunk.toString('utf8');
          const parts = buffer.split('\n');
          buffer = parts.pop() ?? '';
          for (const part of parts) if (part.trim()) lines.push(JSON.parse(part));
          check();
        });
      });
    const answered = waitFor(2);
    child.stdin.write('this is not json\n');
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: envelope() } })}\n`,
    );
    await answered;
    expect(lines[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(lines[1]).toMatchObject({ id: 1, result: { supportedVersions: [MODERN] } });
  }, 20_000);
});
