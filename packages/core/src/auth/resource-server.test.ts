/**
 * The resource server end to end: `serveHttp` with authentication, a real issuer on 127.0.0.1
 * (RFC 8414 metadata, JWKS, introspection), the SDK v2 client in both protocol eras, stateless and
 * stateful, raw fetch and raw sockets for what clients would not send.
 */
import { afterEach, beforeAll, afterAll, describe, expect, it } from '@jest/globals';
import { connect as connectSocket } from 'node:net';
import {
  Client,
  discoverOAuthProtectedResourceMetadata,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import fc from 'fast-check';
import { z } from 'zod';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import { serveHttp, type HttpServeOptions, type RunningHttpServer } from '../mcp/streamable-http.ts';
import type { McpServerOptions } from '../mcp/create-mcp-server.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { BaseTool } from '../tool/base-tool.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import { segment, startTestIssuer, type TestIssuer } from './__fixtures__/test-issuer.ts';
import { createApiKeyVerifier, parseApiKeys } from './api-key-verifier.ts';
import type { AuthContext } from './auth-context.ts';
import { createIntrospectionVerifier } from './introspection-verifier.ts';
import { createJwtVerifier } from './jwt-verifier.ts';
import { createResourceServer, type AuthMode } from './resource-server.ts';
import type { TokenVerifier } from './auth-context.ts';

const MODERN = '2026-07-28';
const LEGACY = '2025-11-25';

interface UserDeps extends FixtureDeps {
  owner: string;
}

const Empty = z.object({});

class WhoAmITool extends BaseTool<UserDeps, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'whoami',
    description: 'Who is calling: subject, client and scopes.',
    category: 'books',
    annotations: { readOnlyHint: true, openWorldHint: false },
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute(_params: object, ctx: ToolContext<UserDeps>) {
    return {
      subject: ctx.auth?.subject,
      client: ctx.auth?.clientId,
      scopes: ctx.auth?.scopes,
      depsOwner: ctx.deps.owner,
      keys: Object.keys(ctx.auth ?? {}).sort(),
    };
  }
}

class PurgeTool extends BaseTool<UserDeps, typeof Empty> {
  static override readonly METADATA = defineToolMetadata({
    name: 'purge_books',
    description: 'Delete every book.',
    category: 'books',
    scope: 'admin',
    annotations: { readOnlyHint: false, destructiveHint: true },
  });
  override getParamsSchema() {
    return Empty;
  }
  async execute(_params: object, ctx: ToolContext<UserDeps>) {
    ctx.deps.books.clear();
    return 'purged';
  }
}

const toolsets = [
  { id: 'books', description: 'Books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

const registry = () =>
  new ToolRegistry<UserDeps>({ toolsets }).register(
    ...(createFixtureTools() as never[]),
    new WhoAmITool(),
    new PurgeTool(),
  );

const logLines: string[] = [];
const logger: Logger = createStreamLogger({ level: 'debug', write: (line) => void logLines.push(line) });

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer({ audience: 'set per token', client: { id: 'rs', secret: 'rs-secret' } });
});
afterAll(async () => {
  await issuer.close();
});

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
});

type ServeOptions = HttpServeOptions & Partial<Pick<McpServerOptions<UserDeps>, 'depsFor'>>;

/** Serves the registry with `mode` authentication; the verifier is made once the URL is known. */
async function serve(
  options: ServeOptions = {},
  mode: AuthMode = 'jwt',
  verifierFor: (url: URL) => TokenVerifier = (url) =>
    createJwtVerifier({ issuer: issuer.issuer, audience: url.href, jwksUri: issuer.jwksUri }),
): Promise<RunningHttpServer> {
  const server = await serveHttp<UserDeps>({
    name: 'fixture',
    version: '1.0.0',
    registry: registry(),
    deps: { ...createFixtureDeps(), owner: 'shared' },
    logger,
    port: 0,
    auth: async ({ url }) =>
      createResourceServer({
        mode,
        verifier: verifierFor(url),
        resource: url,
        authorizationServers: mode === 'api-key' ? [] : [issuer.issuer],
        logger,
      }),
    ...options,
  });
  cleanup.push(() => server.close());
  return server;
}

const token = (server: RunningHttpServer, claims: Record<string, unknown>, options = {}) =>
  issuer.sign({ client_id: 'test-client', ...claims }, { audience: server.url, ...options });

type Mode = 'legacy' | 'modern';

async function connect(url: string, mode: Mode, bearer?: string): Promise<Client> {
  const client = new Client(
    { name: 'auth-test', version: '1.0.0' },
    { versionNegotiation: { mode: mode === 'modern' ? { pin: MODERN } : 'legacy' } },
  );
  cleanup.push(() => client.close());
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      ...(bearer ? { authProvider: { token: async () => bearer } } : {}),
    }),
  );
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: { type: string; text: string }[] }).content[0] as { text: string }).text;

/** One JSON-RPC POST of either era, with `authorization` as given. */
async function post(
  url: string,
  era: Mode,
  method: string,
  params: Record<string, unknown>,
  authorization?: string,
  extraHeaders: Record<string, string> = {},
) {
  const modern = era === 'modern';
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': modern ? MODERN : LEGACY,
      ...(modern ? { 'mcp-method': method } : {}),
      ...(modern && typeof params['name'] === 'string' ? { 'mcp-name': params['name'] } : {}),
      ...(authorization ? { authorization } : {}),
      ...extraHeaders,
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
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

/** One raw HTTP/1.1 request over a socket, so nothing rewrites or refuses the headers first. */
function rawRequest(port: number, lines: string[], body = ''): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connectSocket(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve({ status: Number(text.split(' ')[1]), text }));
    socket.write(
      [...lines, 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`, '', body].join('\r\n'),
    );
  });
}

const LIST_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

/** A raw 2025-11-25 tools/list with the given Authorization value (or none). */
const rawList = (server: RunningHttpServer, target = '/mcp', authorization?: string) =>
  rawRequest(
    server.port,
    [
      `POST ${target} HTTP/1.1`,
      'Host: 127.0.0.1',
      'Content-Type: application/json',
      'Accept: application/json, text/event-stream',
      `MCP-Protocol-Version: ${LEGACY}`,
      ...(authorization === undefined ? [] : [`Authorization: ${authorization}`]),
    ],
    LIST_BODY,
  );

/** The server still serves a valid call (after something hostile). */
async function stillServes(server: RunningHttpServer) {
  const answer = await post(
    server.url,
    'legacy',
    'tools/call',
    { name: 'whoami', arguments: {} },
    `Bearer ${await token(server, { sub: 'carol', scope: 'read' })}`,
  );
  expect(answer.status).toBe(200);
  expect(answer.text).toContain('carol');
}

describe.each([
  ['stateless', false],
  ['stateful', true],
] as const)('Streamable HTTP with JWT auth (%s)', (_label, stateful) => {
  it.each<Mode>(['legacy', 'modern'])(
    'a %s client lists the tools its scopes allow and tools see ctx.auth',
    async (mode) => {
      const server = await serve({ stateful });
      const reader = await connect(server.url, mode, await token(server, { sub: 'alice', scope: 'read' }));
      const { tools } = await reader.listTools();
      // The read-only tools (fixture tools annotated readOnlyHint), not add_book nor purge_books.
      expect(tools.map((t) => t.name).sort()).toEqual([
        'buggy',
        'failing_api',
        'get_book',
        'list_books',
        'search_tools',
        'slow_count',
        'whoami',
      ]);
      const who = JSON.parse(textOf(await reader.callTool({ name: 'whoami', arguments: {} }))) as Record<
        string,
        unknown
      >;
      expect(who).toMatchObject({
        subject: 'alice',
        client: 'test-client',
        scopes: ['read'],
        depsOwner: 'shared',
      });
      expect(who['keys']).toEqual(['cacheKey', 'claims', 'clientId', 'expiresAt', 'scopes', 'subject']);

      const writer = await connect(
        server.url,
        mode,
        await token(server, { sub: 'bob', scope: 'read write' }),
      );
      const names = (await writer.listTools()).tools.map((t) => t.name);
      expect(names).toContain('add_book');
      expect(names).not.toContain('purge_books');
      const admin = await connect(server.url, mode, await token(server, { sub: 'root', scope: 'admin' }));
      expect((await admin.listTools()).tools.map((t) => t.name)).toEqual(['purge_books']);
    },
  );

  it.each<Mode>(['legacy', 'modern'])(
    'a %s call of a tool the token may not call gets 403 insufficient_scope',
    async (era) => {
      const server = await serve({ stateful });
      const bearer = `Bearer ${await token(server, { sub: 'alice', scope: 'read' })}`;
      let sessionHeaders: Record<string, string> = {};
      if (stateful && era === 'legacy') {
        const init = await post(
          server.url,
          'legacy',
          'initialize',
          {
            protocolVersion: LEGACY,
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
          bearer,
        );
        sessionHeaders = { 'mcp-session-id': init.headers.get('mcp-session-id') as string };
      }
      const answer = await post(
        server.url,
        era,
        'tools/call',
        { name: 'add_book', arguments: { title: 'x' } },
        bearer,
        sessionHeaders,
      );
      expect(answer.status).toBe(403);
      const challenge = answer.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain('error="insufficient_scope"');
      expect(challenge).toContain('scope="read write"');
      expect(challenge).toContain(
        `resource_metadata="${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(JSON.parse(answer.text)).toMatchObject({ error: 'insufficient_scope' });
      expect(answer.text).toContain('needs the write scope');
    },
  );

  it('binds a session to the user who opened it', async () => {
    if (!stateful) return;
    const server = await serve({ stateful });
    const alice = `Bearer ${await token(server, { sub: 'alice', scope: 'read' })}`;
    const mallory = `Bearer ${await token(server, { sub: 'mallory', scope: 'read' })}`;
    const init = await post(
      server.url,
      'legacy',
      'initialize',
      {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
      alice,
    );
    const session = { 'mcp-session-id': init.headers.get('mcp-session-id') as string };
    const stolen = await post(
      server.url,
      'legacy',
      'tools/call',
      { name: 'whoami', arguments: {} },
      mallory,
      session,
    );
    expect(stolen.status).toBe(404);
    const own = await post(
      server.url,
      'legacy',
      'tools/call',
      { name: 'whoami', arguments: {} },
      alice,
      session,
    );
    expect(own.status).toBe(200);
    expect(own.text).toContain('alice');
  });
});

describe('Streamable HTTP with JWT auth: refusals', () => {
  it('answers 401 with resource_metadata without a token, and serves that metadata (RFC 9728)', async () => {
    const server = await serve();
    for (const era of ['legacy', 'modern'] as const) {
      const answer = await post(server.url, era, 'tools/list', {});
      expect(answer.status).toBe(401);
      const metadataUrl = `${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp`;
      expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    }
    const metadata = await discoverOAuthProtectedResourceMetadata(server.url);
    expect(metadata).toMatchObject({
      resource: server.url,
      authorization_servers: [issuer.issuer],
      scopes_supported: ['read', 'write', 'admin'],
      bearer_methods_supported: ['header'],
    });
    const root = await fetch(new URL('/.well-known/oauth-protected-resource', server.url));
    expect(root.headers.get('access-control-allow-origin')).toBe('*');
    expect(await root.json()).toEqual(metadata);
    const health = await fetch(new URL('/health', server.url));
    expect(health.status).toBe(200);
    await expect(connect(server.url, 'legacy')).rejects.toThrow();
  });

  it('refuses hostile tokens with 401 invalid_token, never echoing them, and keeps serving', async () => {
    const server = await serve();
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: 'mallory',
      scope: 'read write admin',
      iss: issuer.issuer,
      aud: server.url,
      exp: now + 300,
    };
    const { SignJWT } = await import('jose');
    const { makeKey } = await import('./__fixtures__/test-issuer.ts');
    const hostile: [string, string, string][] = [
      ['expired', await token(server, { sub: 'mallory' }, { expiresIn: -120 }), 'has expired'],
      [
        'wrong audience',
        await token(server, { sub: 'mallory' }, { audience: 'http://127.0.0.1:1/mcp' }),
        'another resource',
      ],
      [
        'wrong issuer',
        await token(server, { sub: 'mallory' }, { issuer: 'https://evil.example.com' }),
        'another authorization server',
      ],
      [
        'bad signature',
        await token(server, { sub: 'mallory' }, { key: await makeKey('RS256'), kid: issuer.current.kid }),
        'signature',
      ],
      ['alg none', `${segment({ alg: 'none', typ: 'JWT' })}.${segment(claims)}.`, 'algorithm'],
      [
        'HS256 with the public key',
        await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', kid: issuer.current.kid })
          .sign(new TextEncoder().encode(JSON.stringify(issuer.current.publicJwk))),
        'algorithm',
      ],
      ['not a JWT', 'opaque-garbage-token', 'not a valid JWT'],
    ];
    logLines.length = 0;
    for (const [label, bad, reason] of hostile) {
      for (const era of ['legacy', 'modern'] as const) {
        const answer = await post(
          server.url,
          era,
          'tools/call',
          { name: 'whoami', arguments: {} },
          `Bearer ${bad}`,
        );
        expect([label, answer.status]).toEqual([label, 401]);
        const challenge = answer.headers.get('www-authenticate') ?? '';
        expect(challenge).toContain('error="invalid_token"');
        expect(challenge).toContain('resource_metadata=');
        expect(answer.text).toContain(reason);
        expect(answer.text + challenge).not.toContain(bad);
      }
      await stillServes(server);
    }
    const logged = logLines.join('');
    expect(logged).toContain('Access token refused');
    for (const [, bad] of hostile) expect(logged).not.toContain(bad);
  });

  it('refuses a token in the query string, two Authorization headers and oversized ones (raw sockets)', async () => {
    const server = await serve();
    const valid = await token(server, { sub: 'alice', scope: 'read' });
    const query = await rawList(server, `/mcp?access_token=${valid}`, `Bearer ${valid}`);
    expect(query.status).toBe(400);
    expect(query.text).toContain('send it in the Authorization header');
    expect(query.text.split('\r\n\r\n')[1]).not.toContain(valid);
    await stillServes(server);

    const twice = await rawRequest(
      server.port,
      [
        'POST /mcp HTTP/1.1',
        'Host: 127.0.0.1',
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        `Authorization: Bearer ${valid}`,
        'Authorization: Bearer other',
      ],
      LIST_BODY,
    );
    expect(twice.status).toBe(400);
    await stillServes(server);

    const tenKiB = await rawList(server, '/mcp', `Bearer ${'a'.repeat(10 * 1024)}`);
    expect(tenKiB.status).toBe(401);
    expect(tenKiB.text).toContain('longer than 8192 bytes');
    expect(tenKiB.text).not.toContain('a'.repeat(64));
    await stillServes(server);

    // 16 KiB passes node:http's header limit: it answers 431 before any code of ours runs.
    const sixteenKiB = await rawList(server, '/mcp', `Bearer ${'a'.repeat(16 * 1024)}`);
    expect(sixteenKiB.status).toBe(431);
    await stillServes(server);
  });

  it('shows search_tools only the tools the token may call, and marks tools/list private', async () => {
    const server = await serve();
    const reader = await connect(server.url, 'modern', await token(server, { sub: 'alice', scope: 'read' }));
    const found = JSON.parse(
      textOf(await reader.callTool({ name: 'search_tools', arguments: { query: 'add book', limit: 50 } })),
    ) as { results: { name: string }[] };
    expect(found.results.map((r) => r.name)).toContain('get_book');
    expect(found.results.map((r) => r.name)).not.toContain('add_book');
    const listed = await post(
      server.url,
      'modern',
      'tools/list',
      {},
      `Bearer ${await token(server, { sub: 'alice', scope: 'read' })}`,
    );
    const message = JSON.parse(
      listed.text.includes('data: ') ? listed.text.split('data: ').at(-1)! : listed.text,
    ) as {
      result: { cacheScope: string };
    };
    expect(message.result.cacheScope).toBe('private');
  });

  it('picks up a rotated signing key', async () => {
    const server = await serve({}, 'jwt', (url) =>
      createJwtVerifier({
        issuer: issuer.issuer,
        audience: url.href,
        jwksUri: issuer.jwksUri,
        jwks: { cooldownMs: 0 },
      }),
    );
    await stillServes(server);
    const fetched = issuer.counts.jwks;
    const next = await issuer.rotate('ES256');
    const client = await connect(
      server.url,
      'legacy',
      await token(server, { sub: 'dave', scope: 'read' }, { key: next }),
    );
    expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toContain('dave');
    expect(issuer.counts.jwks).toBe(fetched + 1);
  });

  it('never answers 500 nor echoes a token, whatever the Authorization header (property)', async () => {
    const server = await serve();
    const headerValue = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'abcXYZ019-._~+/= \t'.split('')), maxLength: 200 }),
      fc.string({
        unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
        maxLength: 200,
      }),
      fc
        .string({
          unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
          minLength: 1,
          maxLength: 300,
        })
        .map((rest) => `Bearer ${rest}`),
      fc
        .array(fc.base64String({ minLength: 4, maxLength: 60 }), { minLength: 1, maxLength: 4 })
        .map((parts) => `Bearer ${parts.join('.')}`),
    );
    await fc.assert(
      fc.asyncProperty(headerValue, async (value) => {
        const answer = await rawList(server, '/mcp', value.trim());
        expect([400, 401, 503]).toContain(answer.status);
        const secret = /^Bearer\s+(.*)$/i.exec(value.trim())?.[1]?.trim() ?? value.trim();
        if (secret.length >= 12) expect(answer.text).not.toContain(secret);
      }),
      { numRuns: 150 },
    );
    await stillServes(server);
  });
});

describe('per-user dependencies (depsFor)', () => {
  it('gives each user their own deps, made once per user', async () => {
    const made: string[] = [];
    const server = await serve({
      depsFor: (auth: AuthContext) => {
        made.push(auth.subject);
        return { ...createFixtureDeps(), owner: auth.subject };
      },
    });
    for (const subject of ['alice', 'bob', 'alice']) {
      const client = await connect(
        server.url,
        'modern',
        await token(server, { sub: subject, scope: 'read' }),
      );
      const who = JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} }))) as Record<
        string,
        unknown
      >;
      expect(who['depsOwner']).toBe(subject);
    }
    expect(made).toEqual(['alice', 'bob']);
  });
});

describe('other modes over HTTP', () => {
  it('introspection: an opaque token is checked once, then served from the cache', async () => {
    const server = await serve({}, 'introspection', (url) =>
      createIntrospectionVerifier({
        endpoint: issuer.introspectionEndpoint,
        issuer: issuer.issuer,
        audience: url.href,
        clientId: 'rs',
        clientSecret: 'rs-secret',
      }),
    );
    const exp = Math.floor(Date.now() / 1000) + 300;
    issuer.introspection.set('opaque-alice', {
      active: true,
      sub: 'alice',
      scope: 'read',
      aud: server.url,
      exp,
    });
    issuer.introspection.set('opaque-elsewhere', {
      active: true,
      sub: 'eve',
      scope: 'read',
      aud: 'https://x/mcp',
      exp,
    });
    const before = issuer.counts.introspection;
    for (const era of ['legacy', 'modern'] as const) {
      const client = await connect(server.url, era, 'opaque-alice');
      expect(textOf(await client.callTool({ name: 'whoami', arguments: {} }))).toContain('alice');
    }
    expect(issuer.counts.introspection).toBe(before + 1);
    for (const bad of ['opaque-elsewhere', 'opaque-unknown']) {
      const answer = await post(server.url, 'legacy', 'tools/list', {}, `Bearer ${bad}`);
      expect(answer.status).toBe(401);
    }
  });

  it('api-key: a known key acts as its name, an unknown one gets 401', async () => {
    const key = 'k'.repeat(20) + '0123456789abcdefghij';
    const server = await serve({}, 'api-key', () =>
      createApiKeyVerifier(parseApiKeys(`ci-bot:${key}:read`, 'test')),
    );
    const client = await connect(server.url, 'legacy', key);
    expect(JSON.parse(textOf(await client.callTool({ name: 'whoami', arguments: {} })))).toMatchObject({
      subject: 'ci-bot',
      scopes: ['read'],
    });
    const unknown = await post(server.url, 'modern', 'tools/list', {}, `Bearer ${key}x`);
    expect(unknown.status).toBe(401);
    expect(unknown.text).toContain('Unknown API key');
    const metadata = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/mcp', server.url))
    ).json()) as Record<string, unknown>;
    expect(metadata).not.toHaveProperty('authorization_servers');
  });
});

describe('scope inside a JSON-RPC batch', () => {
  it('answers the call with an isError result naming the scope', async () => {
    const server = await serve();
    const bearer = `Bearer ${await token(server, { sub: 'alice', scope: 'read' })}`;
    const response = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': LEGACY,
        authorization: bearer,
      },
      body: JSON.stringify([
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'add_book', arguments: { title: 'x' } },
        },
      ]),
    });
    const text = await response.text();
    expect([response.status, text]).toEqual([200, expect.stringContaining('needs the write scope')]);
    expect(text).toContain('"isError":true');
  });
});
