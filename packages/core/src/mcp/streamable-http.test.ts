import { afterEach, describe, expect, it } from '@jest/globals';
import { connect as connectSocket } from 'node:net';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { ConfigError } from '../errors/config-error.ts';
import { silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import type { HttpRoute } from './http-route.ts';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from './streamable-http.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const running: RunningHttpServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function serve(options: HttpServeOptions = {}) {
  const server = await serveHttp({
    name: 'fixture',
    version: '1.0.0',
    registry: new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools()),
    deps: createFixtureDeps(),
    logger: silentLogger,
    port: 0,
    ...options,
  });
  running.push(server);
  return server;
}

/** One raw HTTP/1.1 request over a socket: whatever Host (or none) the test wants. */
function rawRequest(port: number, lines: string[], body = ''): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.write(
      [...lines, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'),
    );
  });
}

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1.0.0' } },
};

/** The JSON-RPC messages of a response (JSON or SSE). */
async function messagesOf(response: Response): Promise<Record<string, unknown>[]> {
  const text = await response.text();
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);
  }
  return text === '' ? [] : [JSON.parse(text) as Record<string, unknown>];
}

async function post(url: string, message: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...MCP_HEADERS, ...headers },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  });
  return { response, messages: await messagesOf(response) };
}

describe('serveHttp: Host header', () => {
  it('answers an unparsable Host with 400 and goes on serving', async () => {
    const server = await serve();
    const bad = await rawRequest(
      server.port,
      ['POST /mcp HTTP/1.1', 'Host: a b', 'Content-Type: application/json'],
      '{}',
    );
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Bad request: the Host header "a b" is invalid (expected host[:port], e.g. "127.0.0.1:3000"). Send the host and port you connected to.',
      },
    });
    const weird = await rawRequest(server.port, ['POST //a%20b HTTP/1.1', 'Host: 127.0.0.1'], '{}');
    expect(weird.status).toBe(404);
    const ok = await post(server.url, INITIALIZE);
    expect(ok.response.status).toBe(200);
    expect(ok.messages[0]).toMatchObject({ id: 1, result: { serverInfo: { name: 'fixture' } } });
  });

  it('bound to loopback, refuses (403) any other Host on /mcp and /health, even without Origin', async () => {
    const server = await serve();
    for (const path of ['/mcp', '/health']) {
      const evil = await rawRequest(server.port, [
        `GET ${path} HTTP/1.1`,
        `Host: evil.example:${server.port}`,
      ]);
      expect(evil.status).toBe(403);
      const { error } = JSON.parse(evil.body) as { error: { code: number; message: string } };
      expect(error.code).toBe(-32000);
      expect(error.message).toBe(
        `Forbidden: Host "evil.example:${server.port}" is not allowed. This server listens on 127.0.0.1 and answers only requests addressed to localhost, 127.0.0.1 or [::1] (DNS rebinding protection). Connect through one of those names, or, if a proxy forwards this host name, allow it with --allowed-hosts evil.example (env MCP_ALLOWED_HOSTS, option allowedHosts).`,
      );
    }
    for (const host of [
      'localhost',
      `localhost:${server.port}`,
      '127.0.0.1:1',
      '[::1]',
      `[::1]:${server.port}`,
      'LOCALHOST',
    ]) {
      const ok = await rawRequest(server.port, ['GET /health HTTP/1.1', `Host: ${host}`]);
      expect([host, ok.status]).toEqual([host, 200]);
    }
  });

  it('accepts the allowedHosts a proxy forwards, with or without a port', async () => {
    const server = await serve({ allowedHosts: ['mcp.example.com', 'other.example:8443'] });
    const status = async (host: string) =>
      (await rawRequest(server.port, ['GET /health HTTP/1.1', `Host: ${host}`])).status;
    expect(await status('mcp.example.com')).toBe(200);
    expect(await status('MCP.example.com:443')).toBe(200);
    expect(await status('other.example:8443')).toBe(200);
    expect(await status('other.example')).toBe(403);
    expect(await status('evil.example')).toBe(403);
  });

  it('bound to all interfaces, accepts any Host unless allowedHosts is set', async () => {
    const open = await serve({ host: '0.0.0.0' });
    expect((await rawRequest(open.port, ['GET /health HTTP/1.1', 'Host: anything.example'])).status).toBe(
      200,
    );
    const restricted = await serve({ host: '0.0.0.0', allowedHosts: ['mcp.example.com'] });
    const evil = await rawRequest(restricted.port, ['GET /health HTTP/1.1', 'Host: evil.example']);
    expect(evil.status).toBe(403);
    expect(JSON.parse(evil.body).error.message).toBe(
      'Forbidden: Host "evil.example" is not in the allowed hosts (mcp.example.com). Connect through one of those names, or allow it with --allowed-hosts evil.example (env MCP_ALLOWED_HOSTS, option allowedHosts).',
    );
    expect(
      (await rawRequest(restricted.port, ['GET /health HTTP/1.1', 'Host: mcp.example.com'])).status,
    ).toBe(200);
  });

  it('refuses to start with an allowedHosts entry that is not a host name', async () => {
    const error = await serve({ allowedHosts: ['https://mcp.example.com/'] }).catch((e: unknown) => e);
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('"https://mcp.example.com/" is not a host name.');
  });
});

describe('serveHttp: tools/call without arguments', () => {
  it('runs a tool without required parameters and names an unknown tool (stateless, raw JSON-RPC)', async () => {
    const server = await serve();
    const call = await post(
      server.url,
      '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_books"}}',
    );
    expect(call.response.status).toBe(200);
    expect(call.messages[0]).toMatchObject({ id: 2, result: { content: [{ type: 'text' }] } });
    expect(call.messages[0]?.result).not.toHaveProperty('isError');
    const unknown = await post(server.url, {
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'nope' },
    });
    expect(unknown.messages[0]).toEqual({
      jsonrpc: '2.0',
      id: 3,
      error: { code: -32602, message: 'Unknown tool "nope". Call tools/list to see the available tools.' },
    });
  });
});

describe('serveHttp: stateful sessions', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function initialize(url: string) {
    const { response, messages } = await post(url, INITIALIZE);
    const id = response.headers.get('mcp-session-id');
    if (response.status === 200 && id) {
      await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id });
    }
    return { status: response.status, id, messages };
  }
  const list = (url: string, id: string) =>
    post(
      url,
      { jsonrpc: '2.0', id: 9, method: 'tools/list' },
      { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' },
    );
  const sessionsOf = async (server: RunningHttpServer) =>
    ((await (await fetch(new URL('/health', server.url))).json()) as { sessions: number }).sessions;

  it('evicts the least recently used idle session when the cap is reached', async () => {
    const server = await serve({ stateful: true, maxSessions: 3 });
    const a = await initialize(server.url);
    const b = await initialize(server.url);
    const c = await initialize(server.url);
    expect((await list(server.url, a.id!)).response.status).toBe(200); // a is now the most recent
    const d = await initialize(server.url);
    expect(d.status).toBe(200);
    expect(await sessionsOf(server)).toBe(3);
    const evicted = await list(server.url, b.id!);
    expect(evicted.response.status).toBe(404);
    expect(evicted.messages[0]).toMatchObject({
      error: { code: -32001, message: expect.stringContaining('Session not found') },
    });
    for (const kept of [a, c, d]) expect((await list(server.url, kept.id!)).response.status).toBe(200);
  });

  it('refuses a new session with 503 when every session is busy, and accepts one when a stream closes', async () => {
    const server = await serve({ stateful: true, maxSessions: 2 });
    const streams = await Promise.all(
      [await initialize(server.url), await initialize(server.url)].map(async (session) => {
        const controller = new AbortController();
        const response = await fetch(server.url, {
          headers: {
            accept: 'text/event-stream',
            'mcp-session-id': session.id!,
            'mcp-protocol-version': '2025-06-18',
          },
          signal: controller.signal,
        });
        expect(response.status).toBe(200);
        return { controller, response };
      }),
    );
    const refused = await initialize(server.url);
    expect(refused.status).toBe(503);
    expect(refused.messages[0]).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32000,
        message:
          'Service unavailable: the server has reached its session limit (2 sessions, each with a request in progress). Retry later, end sessions you no longer need (DELETE with their Mcp-Session-Id), or raise the limit with --max-sessions (MCP_MAX_SESSIONS).',
      },
    });
    streams[0]!.controller.abort();
    await sleep(50);
    expect((await initialize(server.url)).status).toBe(200);
    streams[1]!.controller.abort();
  });

  it('closes sessions idle for longer than the timeout, but not one with an open stream', async () => {
    const server = await serve({ stateful: true, sessionIdleTimeoutMs: 200 });
    const idle = await initialize(server.url);
    const streaming = await initialize(server.url);
    const active = await initialize(server.url);
    const controller = new AbortController();
    const stream = await fetch(server.url, {
      headers: {
        accept: 'text/event-stream',
        'mcp-session-id': streaming.id!,
        'mcp-protocol-version': '2025-06-18',
      },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    for (let i = 0; i < 6; i++) {
      await sleep(80);
      expect((await list(server.url, active.id!)).response.status).toBe(200);
    }
    expect((await list(server.url, idle.id!)).response.status).toBe(404);
    expect((await list(server.url, streaming.id!)).response.status).toBe(200);
    expect((await list(server.url, active.id!)).response.status).toBe(200);
    controller.abort();
    await sleep(400);
    expect(await sessionsOf(server)).toBe(0);
  });
});

describe('serveHttp: extra routes beside /mcp', () => {
  const received: { body: string; json: unknown; signature: string | undefined }[] = [];
  const webhook: HttpRoute = {
    method: 'POST',
    path: '/webhooks/test',
    handle(request) {
      const json = request.json();
      if ((json as { fail?: boolean }).fail) throw new Error('the store is down (secret: s3cr3t)');
      received.push({
        body: request.body.toString('utf8'),
        json,
        signature: request.headers['x-signature'] as string | undefined,
      });
      return { status: 202, body: { accepted: true } };
    },
  };
  const text: HttpRoute = {
    method: 'GET',
    path: '/webhooks/test',
    handle: () => ({ status: 200, body: 'ok' }),
  };

  it('serves a route with the raw body, answers other methods with 405 and keeps /mcp working', async () => {
    received.length = 0;
    const server = await serve({ routes: [webhook] });
    const base = server.url.replace(/\/mcp$/, '');
    const raw = '{"event":"taskCreated", "id": 1}';
    const answer = await fetch(`${base}/webhooks/test`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': 'abc' },
      body: raw,
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ accepted: true });
    // byte for byte, as a signature check needs it
    expect(received).toEqual([{ body: raw, json: { event: 'taskCreated', id: 1 }, signature: 'abc' }]);
    const get = await fetch(`${base}/webhooks/test`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect((await post(server.url, INITIALIZE)).response.status).toBe(200);
  });

  it('answers text, a failing route with 500 and no details, and a body that is not JSON with 400', async () => {
    const server = await serve({ routes: [webhook, text] });
    const base = server.url.replace(/\/mcp$/, '');
    const ok = await fetch(`${base}/webhooks/test`);
    expect([ok.status, ok.headers.get('content-type'), await ok.text()]).toEqual([
      200,
      'text/plain; charset=utf-8',
      'ok',
    ]);
    const failed = await fetch(`${base}/webhooks/test`, { method: 'POST', body: '{"fail":true}' });
    expect(failed.status).toBe(500);
    expect(await failed.text()).toBe('{"error":"Internal server error."}');
    const notJson = await fetch(`${base}/webhooks/test`, { method: 'POST', body: 'nope' });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: 'The request body is not valid JSON.' });
    expect((await fetch(`${base}/webhooks/test`, { method: 'POST', body: '{}' })).status).toBe(202);
  });

  it('puts routes behind the Host rule, the Origin rule and the body limit', async () => {
    const server = await serve({ routes: [webhook], maxBodyBytes: 1000 });
    const base = server.url.replace(/\/mcp$/, '');
    const host = await rawRequest(
      server.port,
      ['POST /webhooks/test HTTP/1.1', 'Host: rebind.attacker.example', 'Content-Type: application/json'],
      '{}',
    );
    expect(host.status).toBe(403);
    const origin = await fetch(`${base}/webhooks/test`, {
      method: 'POST',
      headers: { origin: 'https://attacker.example' },
      body: '{}',
    });
    expect(origin.status).toBe(403);
    const large = await fetch(`${base}/webhooks/test`, { method: 'POST', body: `"${'x'.repeat(2000)}"` });
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({
      error: 'Payload too large: the request body must not exceed 1000 bytes.',
    });
  });

  it('refuses to start with a route on the MCP or health path, or one declared twice', async () => {
    for (const routes of [
      [{ ...webhook, path: '/mcp' }],
      [{ ...text, path: '/health' }],
      [webhook, { ...webhook }],
      [{ ...webhook, path: 'webhooks' }],
    ]) {
      const error = await serve({ routes }).catch((e: unknown) => e);
      expect(ConfigError.isInstance(error)).toBe(true);
    }
  });
});

describe('serveHttp: stateless cancellation by notification', () => {
  const slowCall = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'slow_count', arguments: { steps: 20, stepMs: 20 } },
  });
  const cancel = (requestId: number) => ({
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId, reason: 'test' },
  });

  it('never guesses between two anonymous calls with the same caller and JSON-RPC id', async () => {
    const server = await serve();
    // Two clients on this machine, same user agent, both at id 7: a cancel cannot tell them apart.
    const first = post(server.url, slowCall(7));
    const second = post(server.url, slowCall(7));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await post(server.url, cancel(7))).response.status).toBe(202);
    for (const { messages } of await Promise.all([first, second])) {
      expect(messages.at(-1)).toMatchObject({ id: 7, result: { content: [{ text: 'counted to 20' }] } });
    }
  });

  it('ignores anonymous cancellations on a server not bound to loopback (behind a proxy, all share an address)', async () => {
    const server = await serve({ host: '0.0.0.0' });
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const call = post(url, slowCall(7));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await post(url, cancel(7));
    const { messages } = await call;
    expect(messages.at(-1)).toMatchObject({ id: 7, result: { content: [{ text: 'counted to 20' }] } });
  });

  it('matches a cancellation to the call of the same credentials', async () => {
    const server = await serve();
    const auth = { authorization: 'Bearer client-a' };
    const call = post(server.url, slowCall(7), auth);
    await new Promise((resolve) => setTimeout(resolve, 60));
    // another caller's notification changes nothing; the caller's own ends the call
    await post(server.url, cancel(7), { authorization: 'Bearer client-b' });
    await post(server.url, cancel(7), auth);
    const { messages } = await call;
    expect(messages.some((m) => (m as { result?: unknown }).result !== undefined)).toBe(false);
  });
});
