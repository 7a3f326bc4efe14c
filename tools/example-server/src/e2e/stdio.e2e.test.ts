/**
 * The Bookshelf server as a real child process over stdio, driven by the MCP SDK's real client
 * (and, for wire-level checks, by hand-written JSON-RPC lines).
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { connectStdio, resultText, type StdioConnection } from '@toolsmith/testing';
import type { BookshelfEmulator } from '../api/bookshelf-emulator.ts';
import {
  emulatorEnv,
  jsonRpcPeer,
  NODE_ARGS,
  POLL_MS,
  refusingUrl,
  requestsTo,
  serverEnv,
  spawnServer,
  startEmulator,
  TOKEN,
  trackResources,
  waitFor,
  within,
} from './__fixtures__/bookshelf-fixture.ts';

const shared = trackResources('all');
const resources = trackResources();

async function launch(
  track: typeof resources,
  emulator: BookshelfEmulator,
  args: string[] = [],
  extraEnv: Record<string, string> = {},
) {
  return track.add(
    await connectStdio({
      command: process.execPath,
      args: [...NODE_ARGS, ...args],
      env: serverEnv(emulatorEnv(emulator, extraEnv)),
    }),
    (c) => c.close(),
  );
}

describe('stdio: one server process, the SDK client', () => {
  let emulator: BookshelfEmulator;
  let server: StdioConnection;

  beforeAll(async () => {
    emulator = await startEmulator(shared, { exportPolls: 4 });
    server = await launch(shared, emulator);
  }, 15_000);

  it('initializes with the server name and instructions, and lists the tools', async () => {
    expect(server.client.getServerVersion()).toMatchObject({ name: 'bookshelf', version: '0.0.0' });
    expect(server.client.getInstructions()).toContain('bookshelf_search_books');
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_tools',
      'bookshelf_search_books',
      'bookshelf_get_book',
      'bookshelf_add_book',
      'bookshelf_delete_book',
      'bookshelf_export_library',
      'bookshelf_ping',
      'bookshelf_update_book',
    ]);
  });

  it('calls a tool against the API: fields projection and cursor paging', async () => {
    const first = await server.client.callTool({
      name: 'bookshelf_search_books',
      arguments: { author: 'Saramago', limit: 2, fields: ['id', 'title'] },
    });
    expect(first.isError).toBeFalsy();
    const page = JSON.parse(resultText(first)) as {
      books: { id: string; title: string }[];
      nextCursor?: string;
    };
    expect(page.books).toEqual([
      { id: 'bk_004', title: 'A Blindness 4' },
      { id: 'bk_010', title: 'A Blindness 10' },
    ]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const second = await server.client.callTool({
      name: 'bookshelf_search_books',
      arguments: { author: 'Saramago', limit: 2, cursor: page.nextCursor, fields: ['id'] },
    });
    expect(JSON.parse(resultText(second))).toMatchObject({ books: [{ id: 'bk_016' }, { id: 'bk_022' }] });
    const last = requestsTo(emulator, 'GET', '/v1/books').at(-1)!;
    expect(last.query).toEqual({ author: 'Saramago', limit: '2', cursor: page.nextCursor });
    expect(last.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('answers invalid params with isError and a message per field, without calling the API', async () => {
    const before = emulator.requests.length;
    const result = await server.client.callTool({
      name: 'bookshelf_update_book',
      arguments: { bookID: 'bk_004', shelf: 'done' },
    });
    expect(result.isError).toBe(true);
    const text = resultText(result);
    expect(text).toMatch(/^Invalid arguments for tool "bookshelf_update_book":/);
    expect(text).toContain(
      '- bookID: Unknown field. Did you mean "bookId"? Valid fields: bookId, title, shelf, rating, genres, version.',
    );
    expect(text).toContain('- bookId: Required field is missing (expected string).');
    expect(text).toContain('- shelf: Invalid value "done". Valid options: "to-read", "reading", "read".');
    expect(text).toMatch(/Fix these fields and call the tool again\.$/);
    expect(emulator.requests.length).toBe(before);
  });

  it('turns an API 404 into a tool error that says how to recover', async () => {
    const result = await server.client.callTool({
      name: 'bookshelf_get_book',
      arguments: { bookId: 'bk_404' },
    });
    expect(result.isError).toBe(true);
    const text = resultText(result);
    expect(text).toContain('HTTP 404');
    expect(text).toContain('No book with id "bk_404"');
    expect(text).toContain('check the id or key (search or list to find the right one)');
    expect(text).not.toContain(TOKEN);
  });

  it('reports progress of bookshelf_export_library: increasing, with the total', async () => {
    const updates: { progress: number; total?: number; message?: string }[] = [];
    const result = await server.client.callTool(
      { name: 'bookshelf_export_library', arguments: { format: 'json' } },
      {
        onprogress: (p) => void updates.push(p),
      },
    );
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(resultText(result))).toEqual({
      exportId: expect.stringMatching(/^ex_\d+$/),
      books: 40,
      format: 'json',
      url: expect.stringMatching(/^https:\/\/files\.bookshelf\.test\/ex_\d+$/),
    });
    // The SDK client (1.32) drops a progress notification that arrives in the same read as the
    // response, so the final "done" update may be missing here; the wire test below sees all of them.
    expect(updates.map((u) => u.progress).slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(updates.length).toBeLessThanOrEqual(5);
    expect(updates.every((u) => u.total === 40)).toBe(true);
    expect(updates[1]?.message).toBe('exported 10 of 40 books');
  });
});

describe('stdio: cancellation', () => {
  it('stops polling the API when the client aborts an export, and answers the next call', async () => {
    // 400 books, 400 polls: progress moves by one book per poll, and the export would run for many seconds.
    const emulator = await startEmulator(resources, { books: 400, exportPolls: 400 });
    const server = await launch(resources, emulator);
    const polls = () => requestsTo(emulator, 'GET', '/v1/exports/').length;
    const controller = new AbortController();
    const call = server.client.callTool(
      { name: 'bookshelf_export_library', arguments: {} },
      {
        signal: controller.signal,
        onprogress: (p) => {
          if (p.progress >= 2) controller.abort('user pressed stop');
        },
      },
    );
    await expect(call).rejects.toThrow('user pressed stop');
    expect(polls()).toBeGreaterThanOrEqual(2);

    // The server logs the call as cancelled once the abort reached the tool.
    await waitFor(() => server.stderr().includes('"code":"cancelled"'), 'the server to log the cancellation');
    const next = await server.client.callTool({ name: 'bookshelf_ping', arguments: {} });
    expect(JSON.parse(resultText(next))).toMatchObject({ ok: true, books: 400 });
    await waitFor(() => emulator.inFlight === 0, 'the last export poll to finish');

    // An absence can only be observed over time: 15 poll intervals without a new poll.
    const after = polls();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 15));
    expect(polls()).toBe(after);
    expect(after).toBeLessThan(20);
  }, 15_000);
});

describe('stdio: process behaviour', () => {
  it('exits with code 0 promptly on SIGTERM', async () => {
    const emulator = await startEmulator(resources);
    const server = spawnServer(resources, [], serverEnv(emulatorEnv(emulator)));
    const peer = jsonRpcPeer(server);
    expect(await peer.initialize()).toMatchObject({ result: { serverInfo: { name: 'bookshelf' } } });
    server.child.kill('SIGTERM');
    expect(await within(3000, 'exit after SIGTERM', server.exited)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).toContain('"msg":"shutting down"');
  }, 15_000);

  it('writes only JSON-RPC to stdout (logs go to stderr), and exits 0 when stdin closes', async () => {
    const emulator = await startEmulator(resources);
    const server = spawnServer(resources, ['--log-level', 'debug'], serverEnv(emulatorEnv(emulator)));
    const peer = jsonRpcPeer(server);
    await peer.initialize(1);
    peer.send({ id: 2, method: 'tools/list' });
    peer.send({
      id: 3,
      method: 'tools/call',
      params: { name: 'bookshelf_get_book', arguments: { bookId: 'nope' } },
    });
    peer.send({
      id: 4,
      method: 'tools/call',
      params: { name: 'bookshelf_get_book', arguments: { bookId: 'bk_404' } },
    });
    peer.send({ id: 5, method: 'tools/call', params: { name: 'bookshelf_ping', arguments: {} } });
    peer.send({ id: 6, method: 'tools/call', params: { name: 'bookshelf_no_such_tool', arguments: {} } });
    peer.send({ id: 7, method: 'no/such/method' });
    peer.send({
      id: 8,
      method: 'tools/call',
      params: { name: 'bookshelf_export_library', arguments: {}, _meta: { progressToken: 'p8' } },
    });
    expect(await peer.response(2)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(await peer.response(3)).toMatchObject({ result: { isError: true } });
    expect(await peer.response(4)).toMatchObject({ result: { isError: true } });
    expect(await peer.response(5)).toMatchObject({ result: { content: [{ type: 'text' }] } });
    expect(await peer.response(6)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('Unknown tool') },
    });
    expect(await peer.response(7)).toMatchObject({ error: { code: -32601 } });
    expect(await peer.response(8)).toMatchObject({
      result: { content: [{ type: 'text', text: expect.stringContaining('"books":40') }] },
    });
    server.child.stdin.end();
    expect(await within(3000, 'exit after stdin closed', server.exited)).toEqual({ code: 0, signal: null });

    const messages = peer.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const message of messages) {
      expect(message.jsonrpc).toBe('2.0');
      expect('result' in message || 'error' in message || 'method' in message).toBe(true);
    }
    // 8 responses and the export's progress notifications, every one before its response.
    const progress = messages.filter((m) => m.method === 'notifications/progress');
    expect(messages).toHaveLength(8 + progress.length);
    expect(progress.map((m) => m.params)).toEqual(
      [0, 10, 20, 30, 40].map((n) => ({
        progressToken: 'p8',
        progress: n,
        total: 40,
        message: n === 40 ? 'done' : `exported ${n} of 40 books`,
      })),
    );
    expect(messages.findIndex((m) => m.id === 8)).toBeGreaterThan(messages.lastIndexOf(progress.at(-1)!));
    expect(server.stdout().endsWith('\n')).toBe(true);
    // The logs exist — on stderr.
    expect(server.stderr()).toContain('tool call rejected: invalid arguments');
    expect(server.stderr()).toContain('tool call failed');
  }, 15_000);

  it('exits 1 without BOOKSHELF_TOKEN, naming it and how to get one, with nothing on stdout', async () => {
    const server = spawnServer(resources, [], serverEnv({ BOOKSHELF_API_URL: 'http://127.0.0.1:9' }));
    expect(await within(10_000, 'exit on a config error', server.exited)).toEqual({ code: 1, signal: null });
    expect(server.stdout()).toBe('');
    expect(server.stderr()).toContain('Invalid configuration:');
    expect(server.stderr()).toContain(
      '- BOOKSHELF_TOKEN: is not set. API token: create one under Settings → API tokens in your Bookshelf account.',
    );
    expect(server.stderr()).not.toContain('BOOKSHELF_API_URL');
  }, 15_000);

  it('exits 2 on a bad flag and says how to fix it', async () => {
    const server = spawnServer(
      resources,
      ['--transport', 'carrier-pigeon'],
      serverEnv({ BOOKSHELF_API_URL: 'http://127.0.0.1:9', BOOKSHELF_TOKEN: TOKEN }),
    );
    expect(await within(10_000, 'exit on a bad flag', server.exited)).toEqual({ code: 2, signal: null });
    expect(server.stdout()).toBe('');
    expect(server.stderr()).toContain(
      '--transport: unknown transport "carrier-pigeon". Use "stdio" or "http".',
    );
    expect(server.stderr()).toContain('Usage: bookshelf [options]');
    expect(server.stderr()).toContain('BOOKSHELF_TOKEN     API token');
  }, 15_000);

  it('never writes the token to stderr, even when calls fail', async () => {
    const emulator = await startEmulator(resources);
    const debug = ['--log-level', 'debug'];
    const [server, refused, unreachable] = await Promise.all([
      launch(resources, emulator, debug),
      // The emulator does not know this (stale) token: every call is refused with 401.
      launch(resources, emulator, debug, { BOOKSHELF_TOKEN: `${TOKEN}_stale` }),
      launch(resources, emulator, debug, { BOOKSHELF_API_URL: await refusingUrl() }),
    ]);

    const calls = [
      server.client.callTool({ name: 'bookshelf_get_book', arguments: { bookId: 'bk_404' } }),
      server.client.callTool({
        name: 'bookshelf_update_book',
        arguments: { bookId: 'bk_001', shelf: 'done', token: TOKEN },
      }),
      server.client.callTool({
        name: 'bookshelf_add_book',
        arguments: { title: TOKEN, authors: ['X'], year: 1 },
      }),
      refused.client.callTool({ name: 'bookshelf_ping', arguments: {} }),
      unreachable.client.callTool({ name: 'bookshelf_get_book', arguments: { bookId: 'bk_001' } }),
    ];
    const results = await Promise.all(calls);
    expect(results.map((r) => r.isError)).toEqual([true, true, true, true, true]);
    expect(resultText(results[3])).toContain('HTTP 401');
    expect(resultText(results[4])).toContain('connection refused');
    for (const index of [0, 3, 4]) expect(resultText(results[index])).not.toContain(TOKEN);

    for (const connection of [server, refused, unreachable]) {
      expect(connection.stderr()).toContain('tool call');
      expect(connection.stderr()).not.toContain(TOKEN);
    }
  }, 20_000);
});

describe('stdio: lines that are not JSON-RPC', () => {
  it('answers every bad line with a JSON-RPC error on stdout, and goes on serving', async () => {
    const emulator = await startEmulator(resources);
    const server = spawnServer(resources, [], serverEnv(emulatorEnv(emulator)));
    const peer = jsonRpcPeer(server);
    await peer.initialize(1);
    const raw = [
      'not json',
      '{"jsonrpc":"2.0","id":2,"method":', // cut short
      '42',
      '[{"jsonrpc":"2.0","id":3,"method":"ping"}]',
      '{"id":4,"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":5,"method":7}',
      '{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}',
      '{"jsonrpc":"2.0"}',
    ];
    for (const line of raw) server.child.stdin.write(`${line}\n`);
    // tools/call without "arguments" (optional in the spec): a tool without parameters runs.
    peer.send({ id: 10, method: 'tools/call', params: { name: 'bookshelf_ping' } });
    peer.send({ id: 11, method: 'tools/call', params: { name: 'bookshelf_no_such_tool' } });
    expect(await peer.response(10)).toMatchObject({ result: { content: [{ type: 'text' }] } });
    expect((await peer.response(10)).result).not.toHaveProperty('isError');
    expect(await peer.response(11)).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/^Unknown tool "bookshelf_no_such_tool"/) },
    });

    const messages = peer.lines().map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const message of messages) expect(message.jsonrpc).toBe('2.0');
    const errors = messages
      .filter((m) => m.id !== 1 && m.id !== 10 && m.id !== 11)
      .map((m) => ({ id: m.id, code: (m.error as { code: number }).code }));
    expect(errors).toEqual([
      { id: null, code: -32700 },
      { id: null, code: -32700 },
      { id: null, code: -32600 },
      { id: null, code: -32600 },
      { id: 4, code: -32600 },
      { id: 5, code: -32600 },
      { id: null, code: -32600 },
      { id: null, code: -32600 },
    ]);
    const texts = messages.map((m) => (m.error as { message?: string } | undefined)?.message ?? '');
    expect(texts).toContain(
      'Parse error: the line is not valid JSON (received "not json"). Send one JSON-RPC 2.0 message per line, e.g. {"jsonrpc":"2.0","id":1,"method":"tools/list"}.',
    );
    expect(texts.some((t) => t.startsWith('Invalid Request: "jsonrpc" must be "2.0".'))).toBe(true);
    expect(texts.some((t) => t.includes('batches are not supported'))).toBe(true);

    // still serving
    peer.send({ id: 12, method: 'tools/list' });
    expect(await peer.response(12)).toMatchObject({ result: { tools: expect.any(Array) } });
    expect(server.child.exitCode).toBeNull();
  }, 15_000);
});
