/**
 * The web-standard handler under a real Bun (the `bun` dev dependency: npm installs its binary),
 * serving the fixture tools with `Bun.serve` from the TypeScript sources
 * (`--conditions=@toolsmith/source`), driven from Node over HTTP by the SDK v2 client in both
 * protocol eras, stateless and with sessions; the Host rule checked over a raw socket (fetch would
 * rewrite the header); and a server whose tools need Node's native addons refused at start-up.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect as connectSocket } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

const BUN = join(dirname(createRequire(import.meta.url).resolve('bun/package.json')), 'bin', 'bun.exe');
const FIXTURE = fileURLToPath(new URL('./__fixtures__/bun-web-server.ts', import.meta.url));
const MODERN = '2026-07-28';

interface Started {
  child: ChildProcess;
  /** The first line on stdout (JSON), or undefined when the process exited first. */
  line: string | undefined;
  stderr: () => string;
  exited: Promise<number | null>;
}

function startBun(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(BUN, ['--conditions=@toolsmith/source', FIXTURE], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`bun did not start in 20 s; stderr: ${err}`)), 20_000);
    child.once('error', reject);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      if (out.includes('\n')) {
        clearTimeout(timer);
        resolve({ child, line: out.split('\n')[0], stderr: () => err, exited });
      }
    });
    void exited.then(() => {
      clearTimeout(timer);
      resolve({ child, line: undefined, stderr: () => err, exited });
    });
  });
}

let bun: Started;
let info: { url: string; runtime: string; bun: string };
const clients: Client[] = [];

beforeAll(async () => {
  bun = await startBun();
  if (bun.line === undefined) throw new Error(`bun exited: ${bun.stderr()}`);
  info = JSON.parse(bun.line);
}, 30_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  bun?.child.kill();
  await bun?.exited;
});

async function connect(path: string, mode: 'legacy' | 'modern'): Promise<Client> {
  const client = new Client(
    { name: 'bun-test', version: '1.0.0' },
    { versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : 'legacy' } },
  );
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(path, info.url)));
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text: string }[] }).content[0] as { text: string }).text;

/** One raw HTTP/1.1 request, so the Host header goes out as written. */
function raw(lines: string[]): Promise<{ status: number; body: string }> {
  const { port } = new URL(info.url);
  return new Promise((resolve, reject) => {
    const socket = connectSocket(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () =>
      resolve({ status: Number(text.split(' ')[1]), body: text.split('\r\n\r\n').slice(1).join('\r\n\r\n') }),
    );
    socket.write([...lines, 'Connection: close', '', ''].join('\r\n'));
  });
}

describe('createWebHandler under Bun (Bun.serve)', () => {
  it('runs on Bun, from the TypeScript sources', () => {
    expect(info.runtime).toBe('bun');
    expect(info.bun).toMatch(/^1\.\d+\.\d+/);
  });

  it.each(['legacy', 'modern'] as const)('serves a %s client over HTTP (stateless)', async (mode) => {
    const client = await connect('/mcp', mode);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['get_book', 'list_books', 'add_book', 'search_tools']));
    const book = JSON.parse(textOf(await client.callTool({ name: 'get_book', arguments: { id: 'b1' } })));
    expect(book).toMatchObject({ id: 'b1', title: 'Book 1' });
    const wrong = await client.callTool({ name: 'get_book', arguments: { id: 'b1', extra: true } });
    expect(wrong.isError).toBe(true);
  });

  it('serves 2025-11-25 sessions on the stateful handler', async () => {
    const client = await connect('/stateful/mcp', 'legacy');
    const transport = client.transport as StreamableHTTPClientTransport;
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const listed = JSON.parse(textOf(await client.callTool({ name: 'list_books', arguments: {} })));
    expect(JSON.stringify(listed)).toContain('Book 3');
    const health = (await (await fetch(new URL('/health', info.url))).json()) as Record<string, unknown>;
    expect(health).toMatchObject({
      status: 'ok',
      name: 'fixture',
      protocolVersions: [MODERN, '2025-11-25', '2025-06-18', '2025-03-26'],
    });
  });

  it('refuses a foreign Host with 403 and the rule, as node:http does (DNS rebinding)', async () => {
    const refused = await raw(['GET /health HTTP/1.1', 'Host: evil.example']);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Forbidden: Host "evil.example" is not allowed. This server listens on 127.0.0.1 and answers only requests addressed to localhost, 127.0.0.1 or [::1] (DNS rebinding protection). Connect through one of those names, or, if a proxy forwards this host name, allow it with --allowed-hosts evil.example (env MCP_ALLOWED_HOSTS, option allowedHosts).',
      },
    });
    const allowed = await raw(['GET /health HTTP/1.1', 'Host: localhost']);
    expect(allowed.status).toBe(200);
  });

  it('refuses to start a server whose tools need native addons, naming them', async () => {
    const refused = await startBun({ WEB_FIXTURE: 'requires' });
    expect(refused.line).toBeUndefined();
    expect(await refused.exited).toBe(1);
    expect(refused.stderr()).toContain(
      "tool sandboxed_check needs native addons built against Node's V8 (isolated-vm, the sandbox their knowledge-pack validators run in), which Bun cannot load. Serve this server on Node",
    );
  }, 30_000);
});
