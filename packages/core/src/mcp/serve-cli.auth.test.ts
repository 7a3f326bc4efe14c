/**
 * `runServeCli` with `--auth`: the resource server made from the command line over a real issuer
 * (discovered at start-up), API keys from the environment, the built-in authorization server hook,
 * and the start-up errors that keep a misconfigured server from serving.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { createFixtureDeps, createFixtureTools, type FixtureDeps } from '../__fixtures__/fixture-tools.ts';
import { startTestIssuer, type TestIssuer } from '../auth/__fixtures__/test-issuer.ts';
import type { BuiltinAuthSettings } from '../auth/configure-auth.ts';
import { ToolRegistry } from '../registry/tool-registry.ts';
import { runServeCli, type ServeCliOptions } from './serve-cli.ts';
import type { RunningHttpServer } from './streamable-http.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: true },
  { id: 'utility', description: 'Utilities', default: true },
];

let issuer: TestIssuer;
beforeAll(async () => {
  issuer = await startTestIssuer({ audience: 'set per token' });
});
afterAll(async () => {
  await issuer.close();
});

let stderr: string[] = [];
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.allSettled(cleanup.splice(0).map((close) => close()));
  jest.restoreAllMocks();
  process.exitCode = undefined;
});

async function run(
  argv: string[],
  env: Record<string, string> = {},
  extra: Partial<ServeCliOptions<FixtureDeps>> = {},
) {
  stderr = [];
  jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    stderr.push(String(chunk));
    return true;
  });
  const running = (await runServeCli<FixtureDeps>({
    name: 'fixture',
    version: '1.0.0',
    registry: new ToolRegistry<FixtureDeps>({ toolsets }).register(...createFixtureTools()),
    createDeps: () => createFixtureDeps(),
    handleSignals: false,
    argv: ['--transport', 'http', '--port', '0', ...argv],
    env,
    ...extra,
  })) as RunningHttpServer | undefined;
  if (running) cleanup.push(() => running.close());
  return running;
}

async function callAs(url: string, bearer: string) {
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  cleanup.push(() => client.close());
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { authProvider: { token: async () => bearer } }),
  );
  return client;
}

describe('runServeCli --auth', () => {
  it('jwt: discovers the issuer at start-up and accepts its tokens for the server URL', async () => {
    const server = await run(['--auth', 'jwt', '--auth-issuer', issuer.issuer]);
    expect(server).toBeDefined();
    const token = await issuer.sign({ sub: 'alice', scope: 'read' }, { audience: server!.url });
    const client = await callAs(server!.url, token);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('get_book');
    const metadata = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/mcp', server!.url))
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource: server!.url,
      authorization_servers: [issuer.issuer],
      scopes_supported: ['read', 'write'],
      resource_name: 'fixture',
    });
    const elsewhere = await issuer.sign(
      { sub: 'alice', scope: 'read' },
      { audience: 'https://other.example.com/mcp' },
    );
    await expect(callAs(server!.url, elsewhere)).rejects.toThrow();
  });

  it('jwt: --public-url is the audience and the metadata resource', async () => {
    const publicUrl = 'https://mcp.example.com/team/mcp';
    const server = await run(['--auth', 'jwt', '--auth-issuer', issuer.issuer, '--public-url', publicUrl]);
    const token = await issuer.sign({ sub: 'alice', scope: 'read' }, { audience: publicUrl });
    await callAs(server!.url, token);
    const denied = await fetch(server!.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(denied.headers.get('www-authenticate')).toBe(
      'Bearer resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/team/mcp"',
    );
  });

  it('api-key: serves the keys of MCP_AUTH_API_KEYS', async () => {
    const key = 'cli-key-0123456789abcdefghijklmnopqrstuvwxyz';
    const server = await run(['--auth', 'api-key'], { MCP_AUTH_API_KEYS: `ci:${key}:read write` });
    const client = await callAs(server!.url, key);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('add_book');
  });

  it('does not start, and says why, with an issuer it cannot use or a mode it lacks', async () => {
    expect(await run(['--auth', 'jwt'])).toBeUndefined();
    expect(process.exitCode).toBe(1);
    expect(stderr.join('')).toContain("--auth jwt needs the authorization server's issuer URL");
    expect(await run(['--auth', 'introspection', '--auth-issuer', 'http://127.0.0.1:9'])).toBeUndefined();
    expect(stderr.join('')).toContain('no authorization server metadata found');
    expect(await run(['--auth', 'builtin'])).toBeUndefined();
    expect(stderr.join('')).toContain('this server has no built-in authorization server');
    expect(await run(['--auth', 'api-key'])).toBeUndefined();
    expect(stderr.join('')).toContain('--auth-api-keys FILE or set MCP_AUTH_API_KEYS');
    expect(await run(['--host', '0.0.0.0'])).toBeUndefined();
    expect(process.exitCode).toBe(2);
    expect(stderr.join('')).toContain('--allow-unauthenticated');
  });

  it('builtin: mounts the app authorization server endpoints and verifies with its verifier', async () => {
    let seen: BuiltinAuthSettings | undefined;
    const server = await run(
      ['--auth', 'builtin'],
      {},
      {
        builtinAuth: async (settings) => {
          seen = settings;
          return {
            authorizationServers: [settings.resource.origin],
            endpoints: {
              async handle(_req, res, pathname) {
                if (pathname !== '/authorize') return false;
                res.writeHead(200, { 'content-type': 'text/plain' }).end('login page');
                return true;
              },
            },
            verifier: {
              async verify(token) {
                if (token !== 'issued-by-builtin')
                  throw new OAuthError(OAuthErrorCode.InvalidToken, 'unknown token');
                return {
                  subject: 'u1',
                  clientId: 'c1',
                  scopes: ['read'],
                  claims: {},
                  cacheKey: 'k1',
                  expiresAt: Math.floor(Date.now() / 1000) + 60,
                };
              },
            },
          };
        },
      },
    );
    expect(seen?.resource.href).toBe(server!.url);
    expect(seen?.audience).toBe(server!.url);
    const page = await fetch(new URL('/authorize', server!.url), {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(await page.text()).toBe('login page');
    const client = await callAs(server!.url, 'issued-by-builtin');
    expect((await client.listTools()).tools.length).toBeGreaterThan(1);
  });
});
