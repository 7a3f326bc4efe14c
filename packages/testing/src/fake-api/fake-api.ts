/**
 * A fake HTTP API on 127.0.0.1 for tests and API emulators: a route table, a record of every
 * request, and fault injection (latency, error statuses, rate limits, malformed bodies, connection
 * resets, hangs) to exercise a client's retry and error handling over a real socket.
 *
 * ```ts
 * await using api = await createFakeApi({
 *   routes: {
 *     'GET /v2/issues/:key': ({ params }) => ({ json: { key: params.key } }),
 *     'POST /v2/issues': ({ body }) => ({ status: 201, json: body }),
 *   },
 * });
 * api.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1, path: '/v2/issues/:key' });
 * // … point the client at api.url, then:
 * expect(api.requests).toHaveLength(2);
 * ```
 *
 * Routes are tried in order; `handler`, if given, answers what no route matched; otherwise the
 * answer is a 404 listing the known routes. A handler that throws gets a 500.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  createFaultQueue,
  TRUNCATED_JSON,
  type Fault,
  type FaultControl,
  type FaultKind,
  type TerminalFault,
} from './faults.ts';
import { compilePathPattern, type PathParams, type PathPattern } from './path-pattern.ts';

export interface FakeRequest {
  /** Upper case. */
  readonly method: string;
  /** The URL path, without the query. */
  readonly path: string;
  /** Values of the route's `:params`. */
  readonly params: PathParams;
  /** Query parameters; a repeated key gives an array. */
  readonly query: Readonly<Record<string, string | string[]>>;
  /** Lower-case names; repeated headers joined with `, `. */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON when the request says JSON and parses, otherwise the text; `undefined` when empty. */
  readonly body: unknown;
  /** The body as text (UTF-8). */
  readonly text: string;
  /** The body's bytes (multipart uploads, binary bodies). */
  readonly raw: Uint8Array;
}

export interface FakeResponse {
  /** Default 200, or 204 without a body. */
  status?: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
  bytes?: Uint8Array;
}

/** Returns the response; `undefined` means 204 No Content. */
export type FakeHandler = (
  request: FakeRequest,
) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/** Keys are `'<METHOD> <path pattern>'`, e.g. `'GET /v2/issues/:key'`; `*` as the method matches any. */
export type FakeRoutes = Readonly<Record<string, FakeHandler>>;

export interface RecordedRequest extends Omit<FakeRequest, 'params'> {
  /** Milliseconds since the fake API started. */
  readonly receivedAt: number;
  /** The fault that answered instead of the route handler, if any. */
  readonly fault: FaultKind | undefined;
  /** The status the route answered with (undefined until it answered, or when a fault did). */
  readonly status?: number;
}

export interface FakeApiOptions {
  routes?: FakeRoutes;
  /** Answers requests no route matched. */
  handler?: FakeHandler;
  /** Faults active from the start. */
  faults?: readonly Fault[];
  /** Interface to listen on. @default '127.0.0.1' */
  host?: string;
  /** Port to listen on; 0 picks a free one. @default 0 */
  port?: number;
}

export interface FakeApi extends AsyncDisposable {
  /** `http://<host>:<port>` (`http://127.0.0.1:<port>` by default; a wildcard host shows as loopback), no trailing slash. */
  readonly url: string;
  /** Every request received, in arrival order (live array). */
  readonly requests: readonly RecordedRequest[];
  readonly faults: FaultControl;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Most requests ever in flight at once. */
  readonly maxInFlight: number;
  /** Forgets recorded requests, pending faults and the in-flight high-water mark. */
  reset(): void;
  /** Stops the server, dropping open connections (hung requests included). */
  close(): Promise<void>;
}

interface Route {
  method: string;
  pattern: PathPattern;
  handler: FakeHandler;
}

export async function createFakeApi(options: FakeApiOptions = {}): Promise<FakeApi> {
  const routes = Object.entries(options.routes ?? {}).map(([key, handler]) => parseRoute(key, handler));
  const faults = createFaultQueue(options.faults);
  const requests: RecordedRequest[] = [];
  const started = performance.now();
  let inFlight = 0;
  let maxInFlight = 0;

  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const path = url.pathname;
    const base = { method, path, query: queryRecord(url.searchParams), headers: headerRecord(req) };
    const receivedAt = performance.now() - started;
    const plan = faults.take(method, path);
    const terminal = plan.terminal;

    if (terminal?.kind === 'reset' && terminal.when === 'before-body') {
      requests.push({
        ...base,
        body: undefined,
        text: '',
        raw: new Uint8Array(),
        receivedAt,
        fault: 'reset',
      });
      req.socket.destroy();
      return;
    }
    const raw = await readBody(req);
    const text = raw.toString('utf8');
    const request = { ...base, text, raw, body: parseBody(text, base.headers['content-type']) };
    const recorded: { -readonly [K in keyof RecordedRequest]: RecordedRequest[K] } = {
      ...request,
      receivedAt,
      fault: terminal?.kind,
    };
    requests.push(recorded);

    if (plan.latencyMs > 0) await delay(plan.latencyMs);
    if (terminal) {
      applyFault(terminal, req, res);
      return;
    }
    const route = routes.find((r) => (r.method === '*' || r.method === method) && r.pattern.match(path));
    const handler = route?.handler ?? options.handler;
    if (!handler) {
      const known = routes.map((r) => `${r.method} ${r.pattern.source}`).join(', ') || 'none';
      recorded.status = 404;
      send(res, {
        status: 404,
        json: { error: `No fake route for ${method} ${path}. Known routes: ${known}.` },
      });
      return;
    }
    try {
      const params = route?.pattern.match(path) ?? {};
      const response = (await handler({ ...request, params })) ?? { status: 204 };
      recorded.status =
        response.status ??
        (response.json === undefined && response.text === undefined && response.bytes === undefined
          ? 204
          : 200);
      send(res, response);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      recorded.status = 500;
      send(res, {
        status: 500,
        json: { error: `Fake API handler for ${method} ${path} failed: ${message}` },
      });
    }
  };

  const server = createServer((req, res) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.once('close', () => {
      inFlight -= 1;
    });
    answer(req, res).catch(() => req.socket.destroy());
  });
  server.on('clientError', (_error, socket: Socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { address, port, family } = server.address() as AddressInfo;
  const shown = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  let closing: Promise<void> | undefined;

  const close = () =>
    (closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    }));

  return {
    url: `http://${family === 'IPv6' ? `[${shown}]` : shown}:${port}`,
    requests,
    faults,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    reset() {
      requests.length = 0;
      faults.clear();
      maxInFlight = inFlight;
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}

function parseRoute(key: string, handler: FakeHandler): Route {
  const match = /^\s*([A-Za-z]+|\*)\s+(\/\S*)\s*$/.exec(key);
  if (!match) {
    throw new TypeError(`Fake API route ${JSON.stringify(key)} must look like "GET /path/:param".`);
  }
  return { method: match[1]!.toUpperCase(), pattern: compilePathPattern(match[2]!), handler };
}

function applyFault(fault: TerminalFault, req: IncomingMessage, res: ServerResponse): void {
  switch (fault.kind) {
    case 'status':
      send(res, {
        status: fault.status,
        headers: fault.headers,
        ...(fault.text !== undefined
          ? { text: fault.text }
          : { json: fault.json ?? { error: `Injected status ${fault.status}` } }),
      });
      return;
    case 'rateLimit': {
      const headers: Record<string, string> = {};
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      if (fault.reset) {
        const { header = 'X-RateLimit-Reset', seconds, as = 'epoch' } = fault.reset;
        headers[header.toLowerCase()] = String(
          as === 'epoch' ? Math.ceil(Date.now() / 1000 + seconds) : seconds,
        );
      }
      send(res, { status: 429, headers, json: fault.json ?? { error: 'Rate limit exceeded' } });
      return;
    }
    case 'malformedBody':
      send(res, {
        status: fault.status ?? 200,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        text: fault.body ?? TRUNCATED_JSON,
      });
      return;
    case 'reset':
      if (fault.when === 'mid-response') {
        const partial = TRUNCATED_JSON;
        res.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': String(partial.length * 4),
        });
        res.write(partial);
        // Let the status line, headers and first chunk reach the client before the connection drops.
        setTimeout(() => req.socket.destroy(), 10);
      } else {
        req.socket.destroy();
      }
      return;
    case 'hang':
      return;
  }
}

function send(res: ServerResponse, response: FakeResponse): void {
  const headers: Record<string, string> = Object.fromEntries(
    Object.entries(response.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  let body: string | Uint8Array | undefined;
  let contentType: string | undefined;
  if (response.bytes !== undefined) {
    body = response.bytes;
    contentType = 'application/octet-stream';
  } else if (response.text !== undefined) {
    body = response.text;
    contentType = 'text/plain; charset=utf-8';
  } else if (response.json !== undefined) {
    body = JSON.stringify(response.json);
    contentType = 'application/json; charset=utf-8';
  }
  if (contentType && !headers['content-type']) headers['content-type'] = contentType;
  const status = response.status ?? (body === undefined ? 204 : 200);
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType && /[/+]json\b/i.test(contentType)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function queryRecord(params: URLSearchParams): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    record[key] = values.length === 1 ? values[0]! : values;
  }
  return record;
}

function headerRecord(req: IncomingMessage): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) record[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
