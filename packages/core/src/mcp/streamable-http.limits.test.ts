/**
 * serveHttp under hostile and careless clients, over raw sockets (fetch rewrites Host, cannot send
 * two, and always finishes its bodies): bounded connections and buffered bodies, read timeouts,
 * refusals that close the connection, deep JSON, clients that leave mid-body, the Host rule on
 * absolute-form targets.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { connect as connectSocket, type Socket } from 'node:net';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { createStreamLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import type { HttpRoute } from './http-route.ts';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from './streamable-http.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const running: RunningHttpServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(running.splice(0).map((server) => server.close()));
});

interface LogLine {
  level: string;
  msg: string;
  [field: string]: unknown;
}

async function serve(options: HttpServeOptions = {}) {
  const logs: LogLine[] = [];
  const server = await serveHttp({
    name: 'fixture',
    version: '1.0.0',
    registry: new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools()),
    deps: createFixtureDeps(),
    logger: createStreamLogger({ level: 'debug', write: (line) => void logs.push(JSON.parse(line)) }),
    port: 0,
    ...options,
  });
  running.push(server);
  return { server, logs };
}

interface RawResponse {
  /** 0 when the connection closed before a whole response arrived. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw HTTP/1.1 connection: send any bytes, read responses one by one, see when it closes. */
function openRaw(port: number) {
  const socket = connectSocket(port, '127.0.0.1');
  sockets.push(socket);
  let buffer = Buffer.alloc(0);
  let ended = false;
  const waiting: (() => void)[] = [];
  const wake = () => waiting.splice(0).forEach((check) => check());
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on('error', () => undefined); // EPIPE / ECONNRESET when the server closes first
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      ended = true;
      wake();
      resolve();
    }),
  );
  const next = (): RawResponse | undefined => {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine = '', ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    const length = Number(headers['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return undefined;
    const body = buffer.subarray(end + 4, end + 4 + length).toString('utf8');
    buffer = buffer.subarray(end + 4 + length);
    return { status: Number(statusLine.split(' ')[1]), headers, body };
  };
  return {
    socket,
    send: (data: string | Buffer) => void socket.write(data),
    response: () =>
      new Promise<RawResponse>((resolve) => {
        const check = () => {
          const response = next();
          if (response) resolve(response);
          else if (ended) resolve({ status: 0, headers: {}, body: '' });
          else waiting.push(check);
        };
        check();
      }),
    closed,
  };
}

/** Resolves with `promise`, or with 'timeout' after `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms))),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const post = (length: number, path = '/mcp', extra: string[] = []) =>
  [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    'Accept: application/json, text/event-stream',
    `Content-Length: ${length}`,
    ...extra,
    '',
    '',
  ].join('\r\n');

const LIST = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const errorOf = (response: RawResponse) =>
  (JSON.parse(response.body) as { error: { code: number; message: string } }).error;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('serveHttp: memory and connections are bounded in total', () => {
  it('holds at most maxBufferedBytes of unfinished bodies; past it 503 with Retry-After, and the connection closes', async () => {
    const { server } = await serve({ maxBodyBytes: 512 * 1024, maxBufferedBytes: 1024 * 1024 });
    // Three bodies that never finish hold 3 × 300,000 bytes of the 1,048,576.
    const holders = Array.from({ length: 3 }, () => {
      const raw = openRaw(server.port);
      raw.send(post(300_000) + 'x'.repeat(100_000));
      return raw;
    });
    await sleep(100);
    const fourth = openRaw(server.port);
    fourth.send(post(300_000) + 'x'.repeat(1000));
    const refused = await within(2000, fourth.response());
    expect(refused).toMatchObject({ status: 503, headers: { 'retry-after': '1', connection: 'close' } });
    expect(errorOf(refused as RawResponse)).toEqual({
      code: -32000,
      message:
        'Service unavailable: the server is receiving as many request bodies as it holds at once (1 MiB). Retry in a second; an operator can raise the bound with --max-buffered-mb (MCP_MAX_BUFFERED_MB).',
    });
    expect(await within(2000, fourth.closed)).toBeUndefined();
    // A chunked body is counted as it arrives: past 64 KiB it needs room too.
    const chunked = openRaw(server.port);
    chunked.send(
      [
        'POST /mcp HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Transfer-Encoding: chunked',
        '',
        `${(200_000).toString(16)}\r\n${'x'.repeat(200_000)}\r\n`,
      ].join('\r\n'),
    );
    expect(await within(2000, chunked.response())).toMatchObject({ status: 503 });
    // Small bodies (up to 64 KiB) always fit: the large ones cannot keep MCP requests out.
    const small = openRaw(server.port);
    small.send(post(Buffer.byteLength(LIST)) + LIST);
    expect(await within(2000, small.response())).toMatchObject({ status: 200 });
    // Gone holders give their memory back.
    for (const holder of holders) holder.socket.destroy();
    await sleep(100);
    const large = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"pad":"${'x'.repeat(300_000)}"}}}`;
    const ok = openRaw(server.port);
    ok.send(post(large.length) + large);
    expect(await within(2000, ok.response())).toMatchObject({ status: 200 });
  });

  it('serves at most maxConnections at once: an idle one makes room, and with all busy a request gets 503', async () => {
    const { server } = await serve({ maxConnections: 2 });
    // Two keep-alive connections, idle after one request each.
    const idle = [openRaw(server.port), openRaw(server.port)];
    for (const raw of idle) {
      raw.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      expect(await raw.response()).toMatchObject({ status: 200 });
    }
    // A third connection is served: the longest idle one is closed for it.
    const third = openRaw(server.port);
    third.send(post(10)); // its body never comes: busy
    expect(await within(2000, idle[0]!.closed)).toBeUndefined();
    const fourth = openRaw(server.port);
    fourth.send(post(10)); // busy too; idle[1] made room
    expect(await within(2000, idle[1]!.closed)).toBeUndefined();
    await sleep(50);
    const refused = openRaw(server.port);
    refused.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const answer = await within(2000, refused.response());
    expect(answer).toMatchObject({ status: 503, headers: { 'retry-after': '1', connection: 'close' } });
    expect(errorOf(answer as RawResponse).message).toBe(
      'Service unavailable: the server is serving as many connections as it takes at once (2), each with a request in progress. Retry in a second; an operator can raise the bound with --max-connections (MCP_MAX_CONNECTIONS).',
    );
    third.socket.destroy();
    await sleep(50);
    const after = openRaw(server.port);
    after.send('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await within(2000, after.response())).toMatchObject({ status: 200 });
  });

  it('closes at once a connection past twice the bound (a flood of silent connections)', async () => {
    const { server } = await serve({ maxConnections: 1 });
    const silent = [openRaw(server.port), openRaw(server.port)];
    await sleep(50);
    const third = openRaw(server.port);
    expect(await within(1000, third.closed)).toBeUndefined();
    for (const raw of silent) expect(raw.socket.destroyed).toBe(false);
  });

  it('times out slow headers and slow bodies (408, closed), logs the body at info, and lets a slow answer run', async () => {
    const { server, logs } = await serve({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const started = performance.now();
    const headers = openRaw(server.port);
    headers.send('POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = openRaw(server.port);
    body.send(post(100) + '{"jsonrpc"');
    const silent = openRaw(server.port);
    for (const raw of [headers, body]) {
      expect(await within(3000, raw.response())).toMatchObject({ status: 408 });
      expect(await within(1000, raw.closed)).toBeUndefined();
    }
    expect(await within(3000, silent.closed)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2500);
    expect(logs.filter((line) => line.level === 'error')).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({
        level: 'info',
        msg: 'HTTP request abandoned: the connection closed before the body arrived',
        receivedBytes: 10,
      }),
    );
    // The timeout is for receiving the request: a call that answers for longer runs to its end.
    const call = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'slow_count', arguments: { steps: 10, stepMs: 100 } },
      }),
    });
    expect(await call.text()).toContain('counted to 10');
  });
});

describe('serveHttp: refusals close what they do not read', () => {
  it('answers a body over the limit with 413 and Connection: close, then closes the connection', async () => {
    const { server } = await serve({ maxBodyBytes: 1000 });
    const declared = openRaw(server.port);
    declared.send(post(5000) + 'x'.repeat(5000));
    const refused = await within(2000, declared.response());
    expect(refused).toMatchObject({ status: 413, headers: { connection: 'close' } });
    expect(errorOf(refused as RawResponse)).toEqual({
      code: -32000,
      message: 'Payload too large: the request body must not exceed 1000 bytes.',
    });
    expect(await within(2000, declared.closed)).toBeUndefined();
    // Chunked, so only counting finds it too large: the same.
    const chunked = openRaw(server.port);
    chunked.send(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${(3000).toString(16)}\r\n${'x'.repeat(3000)}\r\n`,
    );
    expect(await within(2000, chunked.response())).toMatchObject({
      status: 413,
      headers: { connection: 'close' },
    });
    expect(await within(2000, chunked.closed)).toBeUndefined();
  });

  it('answers JSON nested 100,000 deep with 400 (-32600) on /mcp and on routes, logging no error', async () => {
    const route: HttpRoute = {
      method: 'POST',
      path: '/hook',
      handle: (request) => ({ status: 200, body: { got: typeof request.json() } }),
    };
    const { server, logs } = await serve({ routes: [route] });
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    for (const path of ['/mcp', '/hook']) {
      const raw = openRaw(server.port);
      raw.send(post(deep.length, path) + deep);
      const answer = await within(3000, raw.response());
      expect([path, (answer as RawResponse).status]).toEqual([path, 400]);
      const text = (answer as RawResponse).body;
      expect(text).toContain('nests arrays and objects more than 128 levels deep');
      if (path === '/mcp') expect(errorOf(answer as RawResponse).code).toBe(-32600);
    }
    // 128 levels are fine.
    const nested = `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"x":${'['.repeat(125)}${']'.repeat(125)}}}}`;
    const raw = openRaw(server.port);
    raw.send(post(nested.length) + nested);
    expect(await within(3000, raw.response())).toMatchObject({ status: 200 });
    expect(logs.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('logs a client that leaves mid-body at info, without a stack, and goes on serving', async () => {
    const { server, logs } = await serve();
    const raw = openRaw(server.port);
    raw.send(post(1000) + '{"jsonrpc":"2.0"');
    await sleep(100);
    raw.socket.destroy();
    await sleep(100);
    expect(logs.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    const abandoned = logs.filter((line) => line.msg.startsWith('HTTP request abandoned'));
    expect(abandoned).toEqual([
      expect.objectContaining({ level: 'info', method: 'POST', path: '/mcp', receivedBytes: 16 }),
    ]);
    expect(JSON.stringify(abandoned)).not.toContain('stack');
    const ok = openRaw(server.port);
    ok.send(post(Buffer.byteLength(LIST)) + LIST);
    expect(await within(2000, ok.response())).toMatchObject({ status: 200 });
  });
});

describe('serveHttp: the Host rule sees every host a request names', () => {
  const get = async (port: number, lines: string[]) => {
    const raw = openRaw(port);
    raw.send([...lines, '', ''].join('\r\n'));
    return (await within(2000, raw.response())) as RawResponse;
  };

  it('refuses two Host headers with 400, whichever comes first', async () => {
    const { server } = await serve();
    for (const hosts of [
      ['127.0.0.1', 'evil.example'],
      ['evil.example', '127.0.0.1'],
      ['127.0.0.1', '127.0.0.1'],
    ]) {
      const answer = await get(server.port, ['GET /health HTTP/1.1', ...hosts.map((h) => `Host: ${h}`)]);
      expect([hosts, answer.status]).toEqual([hosts, 400]);
      expect(errorOf(answer).message).toContain('the request has 2 Host headers');
    }
  });

  it('applies the rule to the host of an absolute-form request target', async () => {
    const { server } = await serve();
    const evil = await get(server.port, ['GET http://evil.example/health HTTP/1.1', 'Host: 127.0.0.1']);
    expect(evil.status).toBe(403);
    expect(errorOf(evil).message).toContain('Forbidden: Host "evil.example" is not allowed.');
    const post = await get(server.port, [
      'POST http://evil.example:80/mcp HTTP/1.1',
      'Host: 127.0.0.1',
      'Content-Length: 0',
    ]);
    expect(post.status).toBe(403);
    expect(
      (await get(server.port, [`GET http://127.0.0.1:${server.port}/health HTTP/1.1`, 'Host: 127.0.0.1']))
        .status,
    ).toBe(200);
    expect((await get(server.port, ['GET ftp://127.0.0.1/health HTTP/1.1', 'Host: 127.0.0.1'])).status).toBe(
      400,
    );
    // Bound elsewhere without allowedHosts any host is answered, in either place.
    const open = await serve({ host: '0.0.0.0' });
    expect(
      (await get(open.server.port, ['GET http://anything.example/health HTTP/1.1', 'Host: 127.0.0.1']))
        .status,
    ).toBe(200);
  });

  it('quotes at most 60 characters of a refused Host', async () => {
    const { server } = await serve();
    const answer = await get(server.port, ['GET /health HTTP/1.1', `Host: ${'a'.repeat(3000)}.example`]);
    expect(answer.status).toBe(403);
    const { message } = errorOf(answer);
    expect(message).toContain(`Host "${'a'.repeat(60)}…" is not allowed`);
    expect(message.length).toBeLessThan(400);
  });
});
