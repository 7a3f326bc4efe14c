/**
 * The headless sign-in against a real MCP server behind core's built-in authorization server
 * (__fixtures__/oauth-mcp-server.ts), its login on another origin: the SDK client's whole OAuth
 * in both eras (each user then calls as themselves), a narrower scope asked for (a write refused
 * with InsufficientScopeError), the hooks; and the same flow step by step — discovery from the
 * 401, registration, login, code exchange, refresh rotation, revocation — with a recording fetch.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { InsufficientScopeError, type Client } from '@modelcontextprotocol/client';
import { resultText } from '../harness/connect.ts';
import {
  startOAuthMcpServer,
  upstreamTokenOf,
  type OAuthMcpServer,
} from './__fixtures__/oauth-mcp-server.ts';
import {
  CLIENT_REDIRECT,
  discoverFrom401,
  refreshTokens,
  registerPublicClient,
  revokeToken,
  signInForTokens,
} from './authorization-code.ts';
import { HeadlessBrowser } from './headless-browser.ts';
import { signIn, type SignedIn } from './sign-in.ts';

let server: OAuthMcpServer;
const open: SignedIn[] = [];

beforeAll(async () => {
  server = await startOAuthMcpServer();
});
afterAll(async () => {
  for (const user of open) await user.close();
  await server.close();
});

async function whoami(client: Client) {
  const result = await client.callTool({ name: 'whoami', arguments: {} });
  expect(result.isError).toBeFalsy();
  return JSON.parse(resultText(result)) as { upstreamToken: string; scopes: string[] };
}

describe('signIn: the SDK client’s own OAuth, headless', () => {
  it('signs two users in at once, one per era, and each calls as themselves', async () => {
    const seen: { authorization?: URL; callback?: URL; hops: string[] } = { hops: [] };
    const browser = new HeadlessBrowser({
      onHop: (hop) =>
        seen.hops.push(`${hop.url.origin === server.issuer ? '' : 'login '}${hop.url.pathname}`),
    });
    const [alice, bob] = await Promise.all([
      signIn(server.url, 'alice', {
        era: 'legacy',
        browser,
        onAuthorizationUrl: (url) => (seen.authorization = url),
        onCallback: (url) => (seen.callback = url),
      }),
      signIn(server.url, 'bob', { era: 'modern', clientName: 'bob’s desktop client' }),
    ]);
    open.push(alice, bob);
    expect((await whoami(alice.client)).upstreamToken).toBe(upstreamTokenOf('alice'));
    expect((await whoami(bob.client)).upstreamToken).toBe(upstreamTokenOf('bob'));

    const authorization = alice.provider.authorizationUrl!;
    expect(seen.authorization?.href).toBe(authorization.href);
    expect(authorization.origin + authorization.pathname).toBe(`${server.issuer}/authorize`);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(server.url);
    // The SDK's URL as it was made; login_hint is the browser's addition.
    expect(authorization.searchParams.get('login_hint')).toBeNull();
    expect(seen.callback?.href).toBe(alice.provider.callback?.href);
    expect(alice.provider.callback?.href.startsWith(`${CLIENT_REDIRECT}?`)).toBe(true);
    expect(seen.hops).toEqual([
      '/authorize',
      expect.stringMatching(/^\/interaction\//),
      'login /login',
      'login /login/approve',
      '/oauth/callback',
      expect.stringMatching(/^\/interaction\/.+\/upstream$/),
      expect.stringMatching(/^\/authorize\//),
    ]);
    expect(alice.provider.browser).toBe(browser);
    expect(alice.provider.saved?.refresh_token).toEqual(expect.any(String));
    expect(alice.provider.clientMetadata.client_name).toBe('client of alice');
    expect(bob.provider.clientMetadata.client_name).toBe('bob’s desktop client');
    expect(alice.loginMs).toBeGreaterThan(0);
  });

  it('asks for a narrower scope when told: a read-only client reads, and its write is refused as insufficient_scope', async () => {
    const requests: string[] = [];
    const recording = (input: string | URL, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(input).pathname}`);
      return fetch(input, init);
    };
    const reader = await signIn(server.url, 'carol', { era: 'modern', scope: 'read', fetch: recording });
    open.push(reader);
    const asked = reader.provider.authorizationUrl?.searchParams.get('scope')?.split(' ');
    expect(asked).toContain('read');
    expect(asked).not.toContain('write');
    expect((await whoami(reader.client)).scopes).toEqual(['read']);
    await expect(reader.client.callTool({ name: 'touch', arguments: {} })).rejects.toBeInstanceOf(
      InsufficientScopeError,
    );
    // Every request the SDK made went through the given fetch: registration, token, the MCP calls.
    expect(requests).toEqual(expect.arrayContaining(['POST /register', 'POST /token', 'POST /mcp']));
  });

  it('says so when the server let a client in without signing in', async () => {
    const open = await startOAuthMcpServer({ auth: false });
    try {
      await expect(signIn(open.url, 'alice')).rejects.toThrow(
        `${open.url} accepted a client that had not signed in`,
      );
    } finally {
      await open.close();
    }
  });
});

describe('the flow step by step', () => {
  it('discovers from the 401, registers, signs in, refreshes with rotation and signs out', async () => {
    const discovered = await discoverFrom401(server.url);
    expect(discovered.challenge.status).toBe(401);
    expect(discovered.challenge.wwwAuthenticate).toContain(
      `resource_metadata="${discovered.resourceMetadataUrl}"`,
    );
    expect(discovered).toMatchObject({ mcpUrl: server.url, resource: server.url, issuer: server.issuer });

    const client = await registerPublicClient(discovered, 'step client');
    expect(client.redirect_uris).toEqual([CLIENT_REDIRECT]);
    const exchanges: string[] = [];
    const { tokens, code } = await signInForTokens(discovered, client, 'dave', {
      fetch: async (input, init) => {
        exchanges.push(new URL(input).pathname);
        return fetch(input, init);
      },
    });
    expect(exchanges).toEqual(['/token']);
    expect(code).toEqual(expect.any(String));
    expect(tokens.scope?.split(' ').sort()).toEqual(['read', 'write']);

    const rotated = await refreshTokens(discovered, client, tokens.refresh_token!);
    expect(rotated.access_token).not.toBe(tokens.access_token);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    // The rotated-away refresh token, used again, is refused.
    await expect(refreshTokens(discovered, client, tokens.refresh_token!)).rejects.toThrow(/grant/i);

    const second = await signInForTokens(discovered, client, 'erin');
    expect(
      await revokeToken(discovered, client, second.tokens.refresh_token!, { tokenTypeHint: 'refresh_token' }),
    ).toBe(200);
    await expect(refreshTokens(discovered, client, second.tokens.refresh_token!)).rejects.toThrow(/grant/i);
  });

  it('names where a login stopped short of the client', async () => {
    const discovered = await discoverFrom401(server.url);
    const client = await registerPublicClient(discovered, 'no user');
    // Without its login_hint the login page shows itself.
    const withoutHint = (url: URL) => url.searchParams.delete('login_hint');
    await expect(signInForTokens(discovered, client, 'frank', { edit: withoutHint })).rejects.toThrow(
      `No code came back for frank: the login stopped at ${server.login.url}/login/approve (HTTP 200)`,
    );
  });
});
