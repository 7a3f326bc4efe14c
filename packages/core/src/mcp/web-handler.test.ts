/**
 * The web-standard handler in Node, with `Request` and `Response` and no socket: both protocol eras
 * driven by the SDK v2 client through a `fetch` that calls `handler.fetch`, stateless and stateful;
 * every refusal compared with what serveHttp answers to the same request over a raw socket (same
 * status, code, text and headers); body limits, JSON depth, health, routes; authentication with a
 * real issuer and jose-signed tokens; the runtime check of tools that need Node's native addons.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { connect as connectSocket } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { startTestIssuer, type TestIssuer } from '../auth/__fixtures__/test-issuer.ts';
import { createJwtVerifier } from '../auth/jwt-verifier.ts';
import { createResourceServer, type ResourceServer } from '../auth/resource-server.ts';
import { ConfigError } from '../errors/config-error.ts';
import { createStreamLogger, silentLogger } from '../logging/logger.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { BaseTool } from '../tool/base-tool.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import type { HttpRoute } from './http-route.ts';
import { detectRuntime } from './runtime-requirements.ts';
import { serveHttp } from './streamable-http.ts';
import { createWebHandler, type WebHandler, type WebHandlerOptions } from './web-handler.ts';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';
/** The URL requests are made to: nothing listens there, `handler.fetch` answers. */
const ORIGIN = 'http://127.0.0.1:3000';
const MCP_URL = `${ORIGIN}/mcp`;

const Empty = z.object({});

class WhoAmITool extends BaseTool<FixtureDeps, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'whoami',
    description: 'Who is calling: subject and scopes.',
    category: 'books',
    annotations: { readOnlyHint: true, openWorldHint: false },
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute(_params: object, ctx: ToolContext<FixtureDeps>) {
    return { subject: ctx.auth?.subject ?? null, scopes: ctx.auth?.scopes ?? [] };
  }
}

class SandboxedTool extends BaseTool<FixtureDeps, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'sandboxed_check',
    description: 'Runs a check in the isolated-vm sandbox.',
    category: 'books',
    annotations: { readOnlyHint: true },
    requires: ['node-addons'],
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute() {
    return 'checked';
  }
}

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const registry = () =>
  new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools(), new WhoAmITool());

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

function handlerOf(options: WebHandlerOptions & { logger?: typeof silentLogger } = {}): WebHandler {
  const handler = createWebHandler({
    name: 'fixture',
    version: '1.0.0',
    registry: registry(),
    deps: createFixtureDeps(),
    logger: silentLogger,
    ...options,
  });
  cleanup.push(() => handler.close());
  return handler;
}

/** What the SDK client's transport calls instead of the network. */
const fetchThrough =
  (handler: WebHandler) =>
  (url: string | URL, init?: RequestInit): Promise<Response> =>
    handler.fetch(new Request(url, init));

async function connect(handler: WebHandler, mode: 'legacy' | 'modern', bearer?: string): Promise<Client> {
  const client = new Client(
    { name: 'web-test', version: '1.0.0' },
    { versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : 'legacy' } },
  );
  cleanup.push(() => client.close());
  await client.connect(
    new StreamableHTTPClientTransport(new URL(MCP_URL), {
      fetch: fetchThrough(handler),
      ...(bearer ? { authProvider: { token: async () => bearer } } : {}),
    }),
  );
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text: string }[] }).content[0] as { text: string }).text;

const LIST_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

/** A 2025-11-25 or 2026-07-28 JSON-RPC POST as a web Request. */
function rpcRequest(
  era: 'legacy' | 'modern',
  method: string,
  params: Record<string, unknown>,
  headers: Record<string, string> = {},
  url = MCP_URL,
): Request {
  const modern = era === 'modern';
  return new Request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? MODERN : LEGACY,
      ...(modern ? { 'mcp-method': method } : {}),
      ...(modern && typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {}),
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method,
      params: modern
        ? {
            ...params,
            _meta: {
              'io.modelcontextprotocol/protocolVersion': MODERN,
              'io.modelcontextprotocol/clientCapabilities': {},
              'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
            },
          }
        : params,
    }),
  });
}

/** The last JSON-RPC message of a response, JSON or SSE. */
async function lastMessage(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return JSON.parse(text);
  const data = text.split('\n').filter((line) => line.startsWith('data: '));
  return JSON.parse(data.at(-1)!.slice(6));
}

describe('createWebHandler: both protocol eras through the SDK client', () => {
  it.each(['legacy', 'modern'] as const)('a %s client lists and calls tools (stateless)', async (mode) => {
    const client = await connect(handlerOf(), mode);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      expect.arrayContaining(['get_book', 'add_book', 'search_tools']),
    );
    const book = JSON.parse(textOf(await client.callTool({ name: 'get_book', arguments: { id: 'b2' } })));
    expect(book).toMatchObject({ id: 'b2', title: 'Book 2' });
    const missing = await client.callTool({ name: 'get_book', arguments: { id: 'zzz' } });
    expect(missing.isError).toBe(true);
  });

  it('serves 2025-11-25 sessions when stateful, counted by /health, and forgets them on DELETE', async () => {
    const handler = handlerOf({ stateful: true });
    const client = await connect(handler, 'legacy');
    const transport = client.transport as StreamableHTTPClientTransport;
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await client.callTool({
      name: 'add_book',
      arguments: { title: 'Kept', author: { name: 'A', country: 'PT' }, year: 2020 },
    });
    // The same session's state: the write is seen by the next call.
    const listed = JSON.parse(textOf(await client.callTool({ name: 'list_books', arguments: {} })));
    expect(JSON.stringify(listed)).toContain('Kept');
    const health = await (await handler.fetch(new Request(`${ORIGIN}/health`))).json();
    expect(health).toMatchObject({
      status: 'ok',
      sessions: 1,
      protocolVersions: [MODERN, LEGACY, '2025-06-18', '2025-03-26'],
    });
    await transport.terminateSession();
    const after = await handler.fetch(
      rpcRequest('legacy', 'tools/list', {}, { 'mcp-session-id': transport.sessionId ?? 'gone' }),
    );
    expect(after.status).toBe(404);
  });

  it('a modern client on a stateful handler still runs stateless (no session)', async () => {
    const handler = handlerOf({ stateful: true });
    const client = await connect(handler, 'modern');
    expect((await client.listTools()).tools.length).toBeGreaterThan(3);
    expect(await (await handler.fetch(new Request(`${ORIGIN}/health`))).json()).toMatchObject({
      sessions: 0,
    });
  });
});

/** One raw HTTP/1.1 request to serveHttp: what the node:http face answers, headers untouched. */
function rawExchange(
  port: number,
  head: string[],
  body = '',
): Promise<{ status: number; headers: Headers; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', rest = ''] = text.split(/\r\n\r\n(.*)/s);
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = new Headers();
      for (const line of lines)
        headers.append(line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim());
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest });
    });
    socket.write(
      [...head, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'),
    );
  });
}

interface RefusalCase {
  name: string;
  method?: string;
  target?: string;
  /** Header lines as sent; `Host: 127.0.0.1` when none is given. */
  headers?: [string, string][];
  body?: string;
  stateful?: boolean;
  /** What both answer. */
  status: number;
}

const DEEP = '['.repeat(200) + ']'.repeat(200);

const refusals: RefusalCase[] = [
  { name: 'a foreign Host', target: '/health', headers: [['Host', 'evil.example']], status: 403 },
  {
    name: 'two Host headers',
    target: '/health',
    headers: [
      ['Host', '127.0.0.1'],
      ['Host', 'evil.example'],
    ],
    status: 400,
  },
  { name: 'a Host that is not host[:port]', target: '/health', headers: [['Host', 'bad/host']], status: 400 },
  {
    name: 'a foreign Origin',
    method: 'POST',
    headers: [['Origin', 'https://evil.example']],
    body: LIST_BODY,
    status: 403,
  },
  { name: 'an unknown path', target: '/nowhere', status: 404 },
  {
    name: 'a body over maxBodyBytes',
    method: 'POST',
    body: JSON.stringify({ pad: 'x'.repeat(3000) }),
    status: 413,
  },
  { name: 'JSON nested too deep', method: 'POST', body: DEEP, status: 400 },
  { name: 'a body that is not JSON', method: 'POST', body: '{"jsonrpc":', status: 400 },
  { name: 'GET on a stateless server', method: 'GET', status: 405 },
  {
    name: 'an unknown session',
    method: 'POST',
    headers: [['Mcp-Session-Id', 'nope']],
    body: LIST_BODY,
    stateful: true,
    status: 404,
  },
  { name: 'a request before initialize', method: 'POST', body: LIST_BODY, stateful: true, status: 400 },
  { name: 'health', target: '/health', stateful: true, status: 200 },
  { name: 'a route with a method it does not take', target: '/webhooks/test', status: 405 },
  {
    name: 'a route body that is not JSON',
    method: 'POST',
    target: '/webhooks/test',
    body: 'not json',
    status: 400,
  },
];

const testRoute: HttpRoute = {
  method: 'POST',
  path: '/webhooks/test',
  handle: (request) => ({ status: 202, body: { got: request.json() } }),
};

describe('createWebHandler refuses what serveHttp refuses, with the same answer', () => {
  it.each(refusals)(
    '$name: $status',
    async ({ method = 'GET', target = '/mcp', headers = [], body, stateful = false, status }) => {
      const shared = { maxBodyBytes: 1024, stateful, routes: [testRoute] };
      const node = await serveHttp({
        name: 'fixture',
        version: '1.0.0',
        registry: registry(),
        deps: createFixtureDeps(),
        logger: silentLogger,
        port: 0,
        ...shared,
      });
      cleanup.push(() => node.close());
      const sent: [string, string][] = [
        ...(headers.some(([name]) => name === 'Host') ? [] : ([['Host', '127.0.0.1']] as [string, string][])),
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json, text/event-stream'],
        ...headers,
      ];
      const fromNode = await rawExchange(
        node.port,
        [`${method} ${target} HTTP/1.1`, ...sent.map(([name, value]) => `${name}: ${value}`)],
        body,
      );
      const requestHeaders = new Headers();
      for (const [name, value] of sent) requestHeaders.append(name, value);
      const fromWeb = await handlerOf(shared).fetch(
        new Request(`${ORIGIN}${target}`, {
          method,
          headers: requestHeaders,
          ...(body !== undefined ? { body } : {}),
        }),
      );
      const webBody = await fromWeb.text();
      expect(fromWeb.status).toBe(fromNode.status);
      expect(JSON.parse(webBody)).toEqual(JSON.parse(fromNode.body));
      for (const name of ['content-type', 'retry-after', 'allow']) {
        expect([name, fromWeb.headers.get(name)]).toEqual([name, fromNode.headers.get(name)]);
      }
      expect(fromNode.status).toBe(status);
    },
  );
});

describe('createWebHandler: limits', () => {
  it('answers 413 for a declared length over the limit before reading, and for a stream that passes it', async () => {
    const handler = handlerOf({ maxBodyBytes: 1024 });
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512).fill(32));
      },
    });
    const declared = await handler.fetch(
      new Request(MCP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': '5000' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    expect(declared.status).toBe(413);
    expect(declared.headers.get('connection')).toBe('close');
    expect(await declared.json()).toMatchObject({
      error: { code: -32000, message: 'Payload too large: the request body must not exceed 1024 bytes.' },
    });
    expect(pulled).toBeLessThanOrEqual(1); // the stream's first pull at most, never read
    const streamed = await handler.fetch(
      new Request(MCP_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: endless,
        duplex: 'half',
      } as RequestInit),
    );
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(10); // stopped soon after the limit, not read to the end
  });

  it('holds at most maxBufferedBytes of bodies at once (503 past it) and gives them back when answered', async () => {
    const logs: string[] = [];
    const handler = handlerOf({
      maxBodyBytes: 1024 * 1024,
      maxBufferedBytes: 100 * 1024,
      routes: [testRoute],
      logger: createStreamLogger({ level: 'debug', write: (line) => void logs.push(line) }),
    });
    const size = 90 * 1024;
    let stall!: ReadableStreamDefaultController<Uint8Array>;
    const slow = handler.fetch(
      new Request(`${ORIGIN}/webhooks/test`, {
        method: 'POST',
        headers: { 'content-length': String(size) },
        body: new ReadableStream<Uint8Array>({
          start: (controller) => void ((stall = controller), controller.enqueue(new Uint8Array(1024))),
        }),
        duplex: 'half',
      } as RequestInit),
    );
    const json = JSON.stringify({ pad: 'y'.repeat(size - 12) });
    const refused = await handler.fetch(
      new Request(`${ORIGIN}/webhooks/test`, {
        method: 'POST',
        headers: { 'content-length': String(json.length) },
        body: json,
      }),
    );
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await refused.json()) as unknown).toEqual({
      error:
        'Service unavailable: the server is receiving as many request bodies as it holds at once (102400 bytes). Retry in a second; an operator can raise the bound with --max-buffered-mb (MCP_MAX_BUFFERED_MB).',
    });
    stall.error(new Error('client went away'));
    expect((await slow).status).toBe(400);
    expect(logs.join('\n')).toContain('HTTP request abandoned');
    const accepted = await handler.fetch(
      new Request(`${ORIGIN}/webhooks/test`, { method: 'POST', body: json }),
    );
    expect(accepted.status).toBe(202);
  });
});

describe('createWebHandler: routes', () => {
  it('hands a route the raw body, headers and URL, and answers 500 without details when it throws', async () => {
    const seen: { body: string; signature: unknown; query: string }[] = [];
    const handler = handlerOf({
      routes: [
        {
          method: 'POST',
          path: '/webhooks/acme',
          handle(request) {
            seen.push({
              body: request.body.toString('utf8'),
              signature: request.headers['x-signature'],
              query: request.url.search,
            });
            return { status: 202, body: 'accepted' };
          },
        },
        { method: 'GET', path: '/broken', handle: () => Promise.reject(new Error('secret detail')) },
      ],
    });
    const accepted = await handler.fetch(
      new Request(`${ORIGIN}/webhooks/acme?team=1`, {
        method: 'POST',
        headers: { 'x-signature': 'abc' },
        body: '{"event":"x"}',
      }),
    );
    expect([accepted.status, accepted.headers.get('content-type'), await accepted.text()]).toEqual([
      202,
      'text/plain; charset=utf-8',
      'accepted',
    ]);
    expect(seen).toEqual([{ body: '{"event":"x"}', signature: 'abc', query: '?team=1' }]);
    const broken = await handler.fetch(new Request(`${ORIGIN}/broken`));
    expect(broken.status).toBe(500);
    expect(await broken.text()).not.toContain('secret');
    expect(() =>
      handlerOf({ routes: [{ method: 'GET', path: '/mcp', handle: () => ({ status: 200 }) }] }),
    ).toThrow(ConfigError);
  });
});

describe('createWebHandler with authentication', () => {
  let issuer: TestIssuer;
  beforeAll(async () => {
    issuer = await startTestIssuer({ audience: MCP_URL });
  });
  afterAll(async () => {
    await issuer.close();
  });

  const resourceServer = (): ResourceServer =>
    createResourceServer({
      mode: 'jwt',
      verifier: createJwtVerifier({ issuer: issuer.issuer, audience: MCP_URL, jwksUri: issuer.jwksUri }),
      resource: MCP_URL,
      authorizationServers: [issuer.issuer],
      logger: silentLogger,
    });
  const token = (sub: string, scope: string) => issuer.sign({ sub, scope, client_id: 'test-client' });

  it.each(['legacy', 'modern'] as const)(
    'a %s client sees the tools its scopes allow, and tools see ctx.auth',
    async (mode) => {
      const handler = handlerOf({ auth: resourceServer() });
      const reader = await connect(handler, mode, await token('alice', 'read'));
      const names = (await reader.listTools()).tools.map((t) => t.name);
      expect(names).toContain('get_book');
      expect(names).not.toContain('add_book');
      expect(JSON.parse(textOf(await reader.callTool({ name: 'whoami', arguments: {} })))).toEqual({
        subject: 'alice',
        scopes: ['read'],
      });
      const writer = await connect(handler, mode, await token('bob', 'read write'));
      expect((await writer.listTools()).tools.map((t) => t.name)).toContain('add_book');
    },
  );

  it('answers as serveHttp does: 401 with resource_metadata, metadata (RFC 9728), 403 insufficient_scope, 400 for two tokens', async () => {
    const web = handlerOf({ auth: resourceServer() });
    const node = await serveHttp({
      name: 'fixture',
      version: '1.0.0',
      registry: registry(),
      deps: createFixtureDeps(),
      logger: silentLogger,
      port: 0,
      auth: resourceServer(),
    });
    cleanup.push(() => node.close());
    const reader = `Bearer ${await token('alice', 'read')}`;
    const cases: { label: string; request: () => Request }[] = [
      { label: 'no token', request: () => rpcRequest('legacy', 'tools/list', {}) },
      {
        label: 'a bad token',
        request: () => rpcRequest('modern', 'tools/list', {}, { authorization: 'Bearer not.a.jwt' }),
      },
      {
        label: 'a token in the query',
        request: () => rpcRequest('legacy', 'tools/list', {}, {}, `${MCP_URL}?access_token=abc`),
      },
      {
        label: 'the scope missing',
        request: () =>
          rpcRequest(
            'modern',
            'tools/call',
            { name: 'add_book', arguments: { title: 'x' } },
            { authorization: reader },
          ),
      },
      { label: 'metadata', request: () => new Request(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`) },
    ];
    for (const { label, request } of cases) {
      const fromWeb = await web.fetch(request());
      const asSent = request();
      const fromNode = await fetch(
        new URL(new URL(asSent.url).pathname + new URL(asSent.url).search, node.url),
        {
          method: asSent.method,
          headers: asSent.headers,
          ...(asSent.method === 'POST' ? { body: await asSent.text() } : {}),
        },
      );
      const [webBody, nodeBody] = [await fromWeb.text(), await fromNode.text()];
      expect([label, fromWeb.status]).toEqual([label, fromNode.status]);
      expect([label, webBody]).toEqual([label, nodeBody]);
      for (const name of [
        'www-authenticate',
        'cache-control',
        'access-control-allow-origin',
        'content-type',
      ]) {
        expect([label, name, fromWeb.headers.get(name)]).toEqual([label, name, fromNode.headers.get(name)]);
      }
    }
    const missing = await web.fetch(rpcRequest('legacy', 'tools/list', {}));
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(
      `Bearer resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`,
    );
    const scope = await web.fetch(
      rpcRequest('legacy', 'tools/call', { name: 'add_book', arguments: {} }, { authorization: reader }),
    );
    expect(scope.status).toBe(403);
    expect(scope.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
    expect(scope.headers.get('www-authenticate')).toContain('scope="read write"');
    const twice = new Headers({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    twice.append('authorization', reader);
    twice.append('authorization', reader);
    const two = await web.fetch(new Request(MCP_URL, { method: 'POST', headers: twice, body: LIST_BODY }));
    expect(two.status).toBe(400);
    expect(await two.text()).not.toContain(reader.slice(7));
  });

  it('binds a stateful session to the user who opened it', async () => {
    const handler = handlerOf({ auth: resourceServer(), stateful: true });
    const alice = `Bearer ${await token('alice', 'read')}`;
    const init = await handler.fetch(
      rpcRequest(
        'legacy',
        'initialize',
        { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        { authorization: alice },
      ),
    );
    await init.text();
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id') as string };
    const stolen = await handler.fetch(
      rpcRequest(
        'legacy',
        'tools/call',
        { name: 'whoami', arguments: {} },
        { authorization: `Bearer ${await token('mallory', 'read')}`, ...session },
      ),
    );
    expect(stolen.status).toBe(404);
    const own = await handler.fetch(
      rpcRequest(
        'legacy',
        'tools/call',
        { name: 'whoami', arguments: {} },
        { authorization: alice, ...session },
      ),
    );
    expect(own.status).toBe(200);
    expect(JSON.stringify(await lastMessage(own))).toContain('alice');
  });

  it('makes a ResourceServer given as a function on the first request, and once', async () => {
    let made = 0;
    const handler = handlerOf({
      auth: async () => {
        made++;
        return resourceServer();
      },
    });
    expect(made).toBe(0);
    const [a, b] = await Promise.all([
      handler.fetch(rpcRequest('legacy', 'tools/list', {})),
      handler.fetch(rpcRequest('legacy', 'tools/list', {})),
    ]);
    expect([a.status, b.status, made]).toEqual([401, 401, 1]);
  });

  it('refuses the built-in authorization server (its endpoints take node:http requests)', () => {
    const builtin = createResourceServer({
      mode: 'builtin',
      verifier: { verify: () => Promise.reject(new Error('unused')) },
      resource: MCP_URL,
      authorizationServers: [ORIGIN],
      endpoints: { handle: async () => false },
    });
    expect(() => handlerOf({ auth: builtin })).toThrow(
      /builtin mode serves its authorization server's endpoints on node:http only/,
    );
  });
});

describe('runtime requirements', () => {
  const withSandboxed = () =>
    new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools(), new SandboxedTool());

  it('stops a server whose tools need native addons where they cannot load, naming the tools and the fix', () => {
    const make = (runtime: 'bun' | 'workerd' | 'node', exclude: string[] = []) =>
      handlerOf({ runtime, ...({ registry: withSandboxed(), selection: { exclude } } as object) });
    let refusal: unknown;
    try {
      make('bun');
    } catch (error) {
      refusal = error;
    }
    expect(ConfigError.isInstance(refusal)).toBe(true);
    expect((refusal as Error).message).toBe(
      [
        'Invalid configuration:',
        "- tools requiring node-addons: tool sandboxed_check needs native addons built against Node's V8 (isolated-vm, the sandbox their knowledge-pack validators run in), which Bun cannot load. Serve this server on Node (serveHttp or runServeCli), or leave these tools out (exclude them in the tool selection, --exclude-tools, or turn their toolset off).",
      ].join('\n'),
    );
    expect(() => make('workerd')).toThrow('which Cloudflare Workers cannot load');
    expect(() => make('node')).not.toThrow();
    expect(() => make('bun', ['sandboxed_check'])).not.toThrow();
  });

  it('tells the runtimes apart', () => {
    expect(detectRuntime()).toBe('node');
    expect(detectRuntime({ Bun: {}, process: { release: { name: 'node' } } })).toBe('bun');
    expect(detectRuntime({ Deno: {}, process: { release: { name: 'node' } } })).toBe('deno');
    expect(detectRuntime({ navigator: { userAgent: 'Cloudflare-Workers' } })).toBe('workerd');
    expect(detectRuntime({ EdgeRuntime: 'edge-runtime' })).toBe('edge-light');
    expect(detectRuntime({})).toBe('unknown');
  });
});
