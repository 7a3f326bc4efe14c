/**
 * The Bookshelf server over MCP Streamable HTTP on 127.0.0.1: `serveHttp` in this process
 * (stateless and stateful), and the built binary with `--transport http`.
 */
import { describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from '@toolsmith/core/mcp';
import { connectHttp, resultText } from '@toolsmith/testing';
import type { BookshelfEmulator } from '../api/bookshelf-emulator.ts';
import { createDeps, createRegistry, SERVER_NAME, SERVER_VERSION } from '../server.ts';
import {
  emulatorEnv,
  POLL_MS,
  requestsTo,
  serverEnv,
  spawnServer,
  startEmulator,
  testConfig,
  trackResources,
  waitFor,
  within,
  type Resources,
} from './__fixtures__/bookshelf-fixture.ts';

const resources = trackResources();

async function serve(
  emulator: BookshelfEmulator,
  options: HttpServeOptions = {},
): Promise<RunningHttpServer> {
  const running = await serveHttp({
    name: SERVER_NAME,
    version: SERVER_VERSION,
    registry: createRegistry(),
    deps: createDeps(testConfig(emulator)),
    logger: silentLogger,
    port: 0,
    ...options,
  });
  return resources.add(running, (r) => r.close());
}

const connect = async (track: Resources, url: string) => track.add(await connectHttp(url), (c) => c.close());

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** POSTs one JSON-RPC message and returns the response and the JSON-RPC messages it carried (JSON or SSE). */
async function post(url: string, message: Record<string, unknown>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', ...message }),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  const messages = type.includes('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>)
    : text === ''
      ? []
      : [JSON.parse(text) as Record<string, unknown>];
  return { response, messages };
}

const INITIALIZE = {
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw-http', version: '1.0.0' },
  },
};

describe('Streamable HTTP, stateless (in process)', () => {
  it('lists and calls tools', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const { client } = await connect(resources, server.url);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    const result = await client.callTool({
      name: 'bookshelf_get_book',
      arguments: { bookId: 'bk_002', fields: ['title', 'shelf'] },
    });
    expect(JSON.parse(resultText(result))).toEqual({ title: 'Another Master 2', shelf: 'reading' });
    const invalid = await client.callTool({ name: 'bookshelf_get_book', arguments: { bookId: 'B-2' } });
    expect(invalid.isError).toBe(true);
    expect(resultText(invalid)).toContain('- bookId: Book ids look like "bk_001".');
  });

  it('serves two clients at the same time', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator);
    const [a, b] = await Promise.all([connect(resources, server.url), connect(resources, server.url)]);
    // Both searches are held at the API until both have arrived: they must be in flight together.
    emulator.faults.add({ kind: 'latency', ms: 150, method: 'GET', path: '/v1/books', times: 2 });
    const [byAuthor, byShelf] = await Promise.all([
      a.client.callTool({
        name: 'bookshelf_search_books',
        arguments: { author: 'Akhmatova', limit: 1, fields: ['id'] },
      }),
      b.client.callTool({
        name: 'bookshelf_search_books',
        arguments: { shelf: 'read', limit: 1, fields: ['id'] },
      }),
    ]);
    expect(JSON.parse(resultText(byAuthor))).toMatchObject({ books: [{ id: 'bk_005' }] });
    expect(JSON.parse(resultText(byShelf))).toMatchObject({ books: [{ id: 'bk_003' }] });
    expect(emulator.maxInFlight).toBe(2);
  });

  it('answers GET /mcp with 405, GET /health with the tool count, and unknown paths with 404', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator);
    const get = await fetch(server.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(await get.json()).toMatchObject({
      jsonrpc: '2.0',
      error: { message: expect.stringContaining('stateless') },
    });

    const health = await fetch(new URL('/health', server.url));
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toContain('application/json');
    expect(await health.json()).toEqual({
      status: 'ok',
      name: 'bookshelf',
      version: '0.0.0',
      tools: createRegistry().size + 1, // + search_tools
      protocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
    });

    const other = await fetch(new URL('/nope', server.url));
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: 'Not found. The MCP endpoint is /mcp; health is /health.' });
    expect(emulator.requests).toHaveLength(0);
  });

  it('refuses a foreign browser Origin with 403 and accepts a local one', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator, { allowedOrigins: ['https://app.example'] });
    const evil = await post(server.url, INITIALIZE, { origin: 'https://evil.example' });
    expect(evil.response.status).toBe(403);
    expect(evil.messages).toEqual([
      {
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message:
            'Forbidden origin "https://evil.example". Call from a local page, or add the origin to allowedOrigins.',
        },
        id: null,
      },
    ]);
    for (const origin of ['http://localhost:5173', 'https://app.example']) {
      const ok = await post(server.url, INITIALIZE, { origin });
      expect([origin, ok.response.status]).toEqual([origin, 200]);
      expect(ok.messages[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'bookshelf' } } });
    }
  });

  it('streams progress notifications of a long call', async () => {
    const emulator = await startEmulator(resources, { exportPolls: 4 });
    const server = await serve(emulator);
    const { client } = await connect(resources, server.url);
    const updates: { progress: number; total?: number }[] = [];
    const result = await client.callTool(
      { name: 'bookshelf_export_library', arguments: { format: 'csv' } },
      {
        onprogress: (p) => void updates.push(p),
      },
    );
    expect(JSON.parse(resultText(result))).toMatchObject({ books: 40, format: 'csv' });
    // See stdio.e2e.test.ts: the SDK client may drop the last update when it arrives with the response.
    expect(updates.map((u) => u.progress).slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(updates.every((u) => u.total === 40)).toBe(true);

    // On the wire: every notification, the final one included, precedes the response in the SSE stream.
    const raw = await post(server.url, {
      id: 7,
      method: 'tools/call',
      params: { name: 'bookshelf_export_library', arguments: {}, _meta: { progressToken: 42 } },
    });
    expect(
      raw.messages.map((m) =>
        m.method === 'notifications/progress' ? (m.params as { progress: number }).progress : m.id,
      ),
    ).toEqual([0, 10, 20, 30, 40, 7]);
  });
});

describe('Streamable HTTP, stateful (in process)', () => {
  it('issues a session id at initialize and serves later requests of that session', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator, { stateful: true });
    const init = await post(server.url, INITIALIZE);
    expect(init.response.status).toBe(200);
    const sessionId = init.response.headers.get('mcp-session-id');
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const session = { 'mcp-session-id': sessionId!, 'mcp-protocol-version': '2025-06-18' };

    expect((await post(server.url, { method: 'notifications/initialized' }, session)).response.status).toBe(
      202,
    );
    const list = await post(server.url, { id: 2, method: 'tools/list' }, session);
    expect(list.response.status).toBe(200);
    expect(list.messages[0]).toMatchObject({ id: 2, result: { tools: expect.any(Array) } });
    const call = await post(
      server.url,
      { id: 3, method: 'tools/call', params: { name: 'bookshelf_ping', arguments: {} } },
      session,
    );
    expect(call.messages[0]).toMatchObject({
      id: 3,
      result: { content: [{ type: 'text', text: expect.stringContaining('"ok":true') }] },
    });

    // Without the header, a non-initialize request is refused; after DELETE the session is gone.
    const missing = await post(server.url, { id: 4, method: 'tools/list' });
    expect(missing.response.status).toBe(400);
    const ended = await fetch(server.url, { method: 'DELETE', headers: session });
    expect(ended.status).toBe(200);
    expect((await post(server.url, { id: 5, method: 'tools/list' }, session)).response.status).toBe(404);
  });

  it('answers an unknown session id with 404 and how to recover', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator, { stateful: true });
    const unknown = await post(
      server.url,
      { id: 2, method: 'tools/list' },
      { 'mcp-session-id': 'no-such-session' },
    );
    expect(unknown.response.status).toBe(404);
    expect(unknown.messages[0]).toMatchObject({
      error: { code: -32001, message: expect.stringContaining('Initialize a new session') },
    });
  });

  it('keeps one session for the SDK client across calls', async () => {
    const emulator = await startEmulator(resources);
    const server = await serve(emulator, { stateful: true });
    const { client } = await connect(resources, server.url);
    const sessionId = (client.transport as { sessionId?: string } | undefined)?.sessionId;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    for (const bookId of ['bk_001', 'bk_002']) {
      const result = await client.callTool({
        name: 'bookshelf_get_book',
        arguments: { bookId, fields: ['id'] },
      });
      expect(JSON.parse(resultText(result))).toEqual({ id: bookId });
    }
    expect((client.transport as { sessionId?: string } | undefined)?.sessionId).toBe(sessionId);
  });
});

/**
 * Aborts a running export from the SDK client and checks the API stops being polled and the
 * server still answers. Returns the number of polls seen before the abort took effect.
 */
async function expectCancellationStopsPolling(options: HttpServeOptions) {
  const emulator = await startEmulator(resources, { books: 400, exportPolls: 400 });
  const server = await serve(emulator, options);
  const { client } = await connect(resources, server.url);
  const polls = () => requestsTo(emulator, 'GET', '/v1/exports/').length;
  const controller = new AbortController();
  const call = client.callTool(
    { name: 'bookshelf_export_library', arguments: {} },
    {
      signal: controller.signal,
      onprogress: (p) => {
        if (p.progress >= 2) controller.abort('user pressed stop');
      },
    },
  );
  await expect(call).rejects.toThrow('user pressed stop');
  const next = await client.callTool({ name: 'bookshelf_ping', arguments: {} });
  expect(JSON.parse(resultText(next))).toMatchObject({ ok: true });
  await waitFor(() => emulator.inFlight === 0, 'the last export poll to finish');
  // An absence can only be observed over time: 15 poll intervals without a new poll.
  const after = polls();
  await new Promise((resolve) => setTimeout(resolve, POLL_MS * 15));
  expect(polls()).toBe(after);
  expect(after).toBeLessThan(20);
}

describe('Streamable HTTP: cancellation', () => {
  it('stateful: a cancelled call stops polling the API', async () => {
    await expectCancellationStopsPolling({ stateful: true });
  });

  // The client's notifications/cancelled arrives in a new POST; serveHttp, bound to loopback, matches
  // it to the running request by JSON-RPC id and caller (address and user agent, no credentials).
  it('stateless: a cancelled call stops polling the API', async () => {
    await expectCancellationStopsPolling({});
  });
});

describe('Streamable HTTP, the spawned binary', () => {
  it('serves on --port 0, answers a call, and exits 0 on SIGTERM', async () => {
    const emulator = await startEmulator(resources);
    const server = spawnServer(
      resources,
      ['--transport', 'http', '--port', '0'],
      serverEnv(emulatorEnv(emulator)),
    );
    const [, url] = await within(10_000, 'the listening log line', server.waitForStderr(/"url":"([^"]+)"/));
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await (await fetch(new URL('/health', url))).json()).toMatchObject({ status: 'ok', tools: 8 });

    const remote = await connectHttp(url!);
    try {
      const result = await remote.client.callTool({ name: 'bookshelf_ping', arguments: {} });
      expect(JSON.parse(resultText(result))).toEqual({
        ok: true,
        user: 'reader',
        library: 'Home library',
        books: 40,
      });
    } finally {
      await remote.close();
    }
    server.child.kill('SIGTERM');
    expect(await within(3000, 'exit after SIGTERM', server.exited)).toEqual({ code: 0, signal: null });
    expect(server.stdout()).toBe('');
  }, 15_000);
});
