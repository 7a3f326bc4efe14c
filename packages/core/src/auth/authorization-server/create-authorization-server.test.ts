import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  auth,
  exchangeAuthorization,
  refreshAuthorization,
  startAuthorization,
  type OAuthClientInformationMixed,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import {
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWTPayload,
} from 'jose';
import { createStreamLogger } from '../../logging/logger.ts';
import { createAuthorizationServer } from './create-authorization-server.ts';
import { Browser } from './__fixtures__/browser.ts';
import { startFakeUpstream, type FakeUpstream } from './__fixtures__/fake-upstream.ts';
import {
  authorize,
  CLIENT_REDIRECT,
  registerPublicClient,
  signIn,
  startRig,
  whoami,
  type Rig,
} from './__fixtures__/rig.ts';

const USERS = {
  alice: { id: 'u-1', name: 'Alice', email: 'alice@example.com' },
  bob: { id: 'u-2', name: 'Bob', email: 'bob@example.com' },
};

let upstream: FakeUpstream;
let rig: Rig;
/** Client ID metadata documents, served to the authorization server by URL. */
const documents = new Map<string, unknown>();

beforeAll(async () => {
  upstream = await startFakeUpstream(USERS);
  rig = await startRig(upstream, {
    clientIdMetadataDocuments: {
      fetch: async (url) => {
        const document = documents.get(String(url));
        return document === undefined
          ? new Response('not found', { status: 404 })
          : Response.json(document, { headers: { 'cache-control': 'max-age=60' } });
      },
    },
  });
});

afterAll(async () => {
  await rig.close();
  await upstream.close();
});

describe('discovery', () => {
  it('serves RFC 8414 metadata: code + PKCE S256 only, registration, revocation, client ID metadata documents', async () => {
    const response = await fetch(`${rig.issuer}/.well-known/oauth-authorization-server`);
    const metadata = (await response.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: rig.issuer,
      authorization_endpoint: `${rig.issuer}/authorize`,
      token_endpoint: `${rig.issuer}/token`,
      registration_endpoint: `${rig.issuer}/register`,
      revocation_endpoint: `${rig.issuer}/revoke`,
      jwks_uri: `${rig.issuer}/jwks`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
    expect(metadata.scopes_supported).toEqual(
      expect.arrayContaining(['read', 'write', 'admin', 'offline_access']),
    );
    expect(metadata.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(rig.server.metadata).toMatchObject({
      issuer: rig.issuer,
      token_endpoint: metadata.token_endpoint,
    });
  });

  it('writes nothing to stdout, the MCP wire of a stdio server (oidc-provider notices go to the logger or nowhere)', async () => {
    const written: string[] = [];
    const spies = [
      jest
        .spyOn(process.stdout, 'write')
        .mockImplementation((chunk: unknown) => (written.push(String(chunk)), true)),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
        jest
          .spyOn(console, level)
          .mockImplementation((...args: unknown[]) => void written.push(args.join(' '))),
      ),
    ];
    try {
      const fresh = await startRig(upstream);
      const { client, tokens } = await signIn(fresh, 'alice');
      const tokenCall = await fetch(`${fresh.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: tokens.refresh_token!,
          client_id: client.client_id,
        }),
      });
      expect(tokenCall.status).toBe(200);
      await fresh.close();
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(written).toEqual([]);
  });

  it('leaves the MCP endpoint, health and protected-resource metadata to the resource server', async () => {
    for (const path of ['/mcp', '/health', '/.well-known/oauth-protected-resource/mcp', '/tasks']) {
      const response = { statusCode: 0 } as never;
      expect(await rig.server.endpoints.handle({ url: path, method: 'GET' } as never, response, path)).toBe(
        false,
      );
    }
  });
});

describe('access tokens', () => {
  it('are RFC 9068 JWTs for the MCP resource that any verifier checks against /jwks', async () => {
    const { tokens } = await signIn(rig, 'alice', { scope: 'read' });
    const { payload, protectedHeader } = await jwtVerify(
      tokens.access_token,
      createRemoteJWKSet(new URL(`${rig.issuer}/jwks`)),
      {
        issuer: rig.issuer,
        audience: rig.resource,
        typ: 'at+jwt',
      },
    );
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({
      sub: 'fake:u-1',
      scope: 'read',
      client_id: expect.any(String),
      gid: expect.any(String),
    });
    // Nothing of the upstream tokens travels in it.
    for (const issued of upstream.issued)
      expect(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()).not.toContain(issued);
  });

  it('are signed with MCP_AUTH_SIGNING_KEY when it is set', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const withKey = await startRig(upstream, {
      env: { MCP_AUTH_SIGNING_KEY: JSON.stringify(await exportJWK(privateKey)) },
    });
    try {
      const { tokens } = await signIn(withKey, 'bob');
      expect(decodeProtectedHeader(tokens.access_token).alg).toBe('RS256');
      expect((await withKey.server.verifier.verify(tokens.access_token)).subject).toBe('fake:u-2');
      // Another server's token (other key, other issuer) is refused here.
      await expect(rig.server.verifier.verify(tokens.access_token)).rejects.toMatchObject({
        code: 'invalid_token',
      });
    } finally {
      await withKey.close();
    }
  });
});

describe('client ID metadata documents', () => {
  const clientId = 'https://client.example/oauth/mcp-client.json';

  it('an https client_id is resolved from its document, without registration', async () => {
    documents.set(clientId, {
      client_id: clientId,
      client_name: 'Example MCP client',
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    });
    const client = { client_id: clientId, redirect_uris: [CLIENT_REDIRECT] };
    const { tokens } = await signIn(rig, 'bob', { client });
    const context = await rig.server.verifier.verify(tokens.access_token);
    expect(context).toMatchObject({ subject: 'fake:u-2', clientId });
  });

  it('a document that names another client_id, or is missing, leaves the client unknown', async () => {
    const impostor = 'https://client.example/oauth/impostor.json';
    documents.set(impostor, {
      client_id: clientId,
      redirect_uris: [CLIENT_REDIRECT],
      token_endpoint_auth_method: 'none',
    });
    for (const id of [impostor, 'https://client.example/oauth/absent.json']) {
      const attempt = await authorize(
        rig,
        { client_id: id, redirect_uris: [CLIENT_REDIRECT] },
        { user: 'bob' },
      );
      expect(attempt.visited.map((url) => url.origin)).toEqual([rig.issuer]);
      expect(attempt.response?.status).toBe(400);
      expect(await attempt.response?.text()).toMatch(/invalid_client/);
    }
  });
});

describe('signing in through the upstream provider', () => {
  it("the MCP SDK client's auth(): discovery from the resource, registration, PKCE through the upstream login, token", async () => {
    const browser = new Browser();
    const provider = new MemoryClientProvider();
    expect(await auth(provider, { serverUrl: rig.resource })).toBe('REDIRECT');
    const authorizationUrl = provider.authorizationUrl!;
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(rig.resource);
    authorizationUrl.searchParams.set('login_hint', 'alice');
    const back = await browser.follow(authorizationUrl, (url) => url.href.startsWith(CLIENT_REDIRECT));
    // authorize → interaction → upstream authorize → upstream callback → interaction → resume → client
    expect(
      back.visited.map((url) =>
        url.origin === upstream.url ? 'upstream' : url.pathname.replace(/\/[\w-]{16,}/, '/:uid'),
      ),
    ).toEqual([
      '/authorize',
      '/interaction/:uid',
      'upstream',
      '/oauth/callback',
      '/interaction/:uid/upstream',
      '/authorize/:uid',
      '/callback',
    ]);
    expect(back.url.searchParams.get('iss')).toBe(rig.issuer);
    const code = back.url.searchParams.get('code')!;
    const iss = back.url.searchParams.get('iss')!;
    expect(await auth(provider, { serverUrl: rig.resource, authorizationCode: code, iss })).toBe(
      'AUTHORIZED',
    );
    const tokens = provider.saved!;
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const me = await whoami(rig, tokens.access_token);
    expect(me).toEqual({
      status: 200,
      body: { subject: 'fake:u-1', scopes: ['read', 'write', 'admin'], upstreamUser: USERS.alice },
    });
  });

  it('two users at once: each token carries its own user upstream', async () => {
    const [alice, bob] = await Promise.all([signIn(rig, 'alice'), signIn(rig, 'bob')]);
    expect((await whoami(rig, alice.tokens.access_token)).body).toMatchObject({
      subject: 'fake:u-1',
      upstreamUser: USERS.alice,
    });
    expect((await whoami(rig, bob.tokens.access_token)).body).toMatchObject({
      subject: 'fake:u-2',
      upstreamUser: USERS.bob,
    });
    const aliceContext = await rig.server.verifier.verify(alice.tokens.access_token);
    const bobContext = await rig.server.verifier.verify(bob.tokens.access_token);
    expect(aliceContext.cacheKey).not.toBe(bobContext.cacheKey);
    expect(aliceContext.cacheKey).toBe(
      (await rig.server.verifier.verify((await signIn(rig, 'alice')).tokens.access_token)).cacheKey,
    );
  });

  it('grants the requested scopes the server offers and nothing else', async () => {
    const { tokens } = await signIn(rig, 'alice', { scope: 'read delete_everything' });
    expect(tokens.scope?.split(' ')).toEqual(['read']);
    expect((await rig.server.verifier.verify(tokens.access_token)).scopes).toEqual(['read']);
  });

  it('a client that asks for no scope gets the default scopes (read write admin unless the app says otherwise)', async () => {
    for (const edit of [
      (url: URL) => url.searchParams.delete('scope'),
      (url: URL) => url.searchParams.set('scope', ''),
    ]) {
      const { tokens } = await signIn(rig, 'alice', { edit });
      expect(tokens.scope?.split(' ').sort()).toEqual(['admin', 'read', 'write']);
    }
  });

  it('passes login_hint upstream; without it the upstream shows its own page (no silent approval)', async () => {
    const client = await registerPublicClient(rig);
    const withoutHint = await authorize(rig, client);
    expect(withoutHint.url.origin).toBe(upstream.url);
    expect(withoutHint.url.searchParams.has('login_hint')).toBe(false);
    expect(withoutHint.response?.status).toBe(200);
  });

  it('the upstream refusing the login sends access_denied back to the client', async () => {
    const client = await registerPublicClient(rig);
    const refused = await authorize(rig, client, { user: 'refuse' });
    expect(refused.url.href.startsWith(CLIENT_REDIRECT)).toBe(true);
    expect(refused.url.searchParams.get('error')).toBe('access_denied');
    expect(refused.url.searchParams.get('state')).toBe('client-state');
    expect(refused.code).toBeNull();
  });

  it('an upstream token endpoint failure is temporarily_unavailable, and the next sign-in works', async () => {
    const client = await registerPublicClient(rig);
    upstream.failNextToken = 503;
    const failed = await authorize(rig, client, { user: 'alice' });
    expect(failed.url.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(rig.logs.join('\n')).toMatch(/upstream sign-in failed.*HTTP 503.*Try again shortly/);
    expect((await signIn(rig, 'alice', { client })).tokens.access_token).toEqual(expect.any(String));
  });

  it('a sign-in cannot be finished in another browser (the interaction is bound to its cookie)', async () => {
    const client = await registerPublicClient(rig);
    const { authorizationUrl } = await startAuthorization(rig.issuer, {
      metadata: rig.metadata,
      clientInformation: client,
      redirectUrl: CLIENT_REDIRECT,
      scope: 'read',
      resource: rig.resource,
    });
    authorizationUrl.searchParams.set('login_hint', 'bob');
    // The attacker signs in upstream as themselves and stops at the callback, holding its code…
    const atCallback = await new Browser().follow(
      authorizationUrl,
      (url) => url.pathname === '/oauth/callback',
    );
    // …and lures the victim's browser there, hoping to log the victim in as the attacker.
    const lured = await new Browser().follow(atCallback.url, (url) => url.href.startsWith(CLIENT_REDIRECT));
    expect(lured.response?.status).toBe(400);
    expect(await lured.response?.text()).toMatch(/opened in another browser/);
    expect(lured.visited.some((url) => url.href.startsWith(CLIENT_REDIRECT))).toBe(false);
  });
});

describe('hostile clients', () => {
  it('a replayed authorization code is refused, and the tokens it gave are revoked', async () => {
    const client = await registerPublicClient(rig);
    const authorized = await authorize(rig, client, { user: 'alice' });
    const exchange = () =>
      exchangeAuthorization(rig.issuer, {
        metadata: rig.metadata,
        clientInformation: client,
        authorizationCode: authorized.code!,
        codeVerifier: authorized.codeVerifier,
        redirectUri: CLIENT_REDIRECT,
        resource: rig.resource,
        iss: rig.issuer,
      });
    const first = await exchange();
    expect((await whoami(rig, first.access_token)).status).toBe(200);
    await expectOAuthError(exchange(), 'invalid_grant');
    expect((await whoami(rig, first.access_token)).status).toBe(401);
    await expectOAuthError(refresh(client, first.refresh_token!), 'invalid_grant');
  });

  it('PKCE: a wrong verifier is refused', async () => {
    const client = await registerPublicClient(rig);
    const authorized = await authorize(rig, client, { user: 'alice' });
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: authorized.code!,
      code_verifier: 'x'.repeat(43),
      redirect_uri: CLIENT_REDIRECT,
      client_id: client.client_id,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('PKCE: code_challenge_method=plain and a missing challenge are refused before any login', async () => {
    const client = await registerPublicClient(rig);
    const plain = await authorize(rig, client, {
      user: 'alice',
      edit: (url) => {
        url.searchParams.set('code_challenge_method', 'plain');
        url.searchParams.set('code_challenge', 'x'.repeat(43));
      },
    });
    expect(plain.url.searchParams.get('error')).toBe('invalid_request');
    expect(plain.url.searchParams.get('error_description')).toMatch(/code_challenge_method/);
    const missing = await authorize(rig, client, {
      user: 'alice',
      edit: (url) => {
        url.searchParams.delete('code_challenge');
        url.searchParams.delete('code_challenge_method');
      },
    });
    expect(missing.url.searchParams.get('error')).toBe('invalid_request');
    for (const attempt of [plain, missing])
      expect(attempt.visited.some((url) => url.origin === upstream.url)).toBe(false);
  });

  it('redirect URIs must match exactly: trailing slash, other port, other path, other case', async () => {
    const web = await registerPublicClient(rig, {
      redirect_uris: ['https://app.example.com/cb'],
      application_type: 'web',
    } as never);
    for (const variant of [
      'https://app.example.com/cb/',
      'https://app.example.com:8443/cb',
      'https://app.example.com/other',
      'https://app.example.com/CB',
      'https://APP.example.com/cb',
      'http://app.example.com/cb',
      'https://app.example.com/cb?x=1',
    ]) {
      const attempt = await authorize(rig, web, { user: 'alice', redirectUrl: variant });
      expect(attempt.visited.map((url) => url.origin)).toEqual([rig.issuer]);
      expect(attempt.response?.status).toBe(400);
      expect(await attempt.response?.text()).toMatch(/redirect_uri/);
    }
    const native = await registerPublicClient(rig);
    for (const variant of [
      `${CLIENT_REDIRECT}/`,
      'http://127.0.0.1:53682/other',
      'http://localhost:53682/callback',
    ]) {
      const attempt = await authorize(rig, native, { user: 'alice', redirectUrl: variant });
      expect(attempt.response?.status).toBe(400);
    }
    // RFC 8252 §7.3: a native client's loopback redirect may use any port (it picks one when it runs).
    const otherPort = await authorize(rig, native, {
      user: 'alice',
      redirectUrl: 'http://127.0.0.1:40001/callback',
    });
    expect(otherPort.code).toEqual(expect.any(String));
  });

  it('a token for another resource is refused at authorization and at the token endpoint', async () => {
    const client = await registerPublicClient(rig);
    const other = await authorize(rig, client, { user: 'alice', resource: 'http://127.0.0.1:1/mcp' });
    expect(other.url.searchParams.get('error')).toBe('invalid_target');
    const authorized = await authorize(rig, client, { user: 'alice' });
    const response = await tokenRequest({
      grant_type: 'authorization_code',
      code: authorized.code!,
      code_verifier: authorized.codeVerifier,
      redirect_uri: CLIENT_REDIRECT,
      client_id: client.client_id,
      resource: `${rig.issuer}/other`,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_target' });
  });

  it('refresh tokens rotate; the old one used again revokes the whole grant', async () => {
    const { client, tokens } = await signIn(rig, 'bob');
    const rotated = await refresh(client, tokens.refresh_token!);
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await whoami(rig, rotated.access_token)).status).toBe(200);
    // A stolen copy of the first refresh token is used after the rotation:
    await expectOAuthError(refresh(client, tokens.refresh_token!), 'invalid_grant');
    // …so the legitimate holder's new tokens die too (the grant is revoked).
    await expectOAuthError(refresh(client, rotated.refresh_token!), 'invalid_grant');
    expect((await whoami(rig, rotated.access_token)).status).toBe(401);
    expect((await whoami(rig, tokens.access_token)).status).toBe(401);
  });

  it('a refresh cannot widen the scope', async () => {
    const { client, tokens } = await signIn(rig, 'alice', { scope: 'read' });
    const response = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token!,
      client_id: client.client_id,
      scope: 'read write admin',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it("a client cannot refresh another client's token", async () => {
    const alice = await signIn(rig, 'alice');
    const other = await registerPublicClient(rig);
    await expectOAuthError(refresh(other, alice.tokens.refresh_token!), 'invalid_grant');
  });

  it('revoking the refresh token ends the grant: refresh fails and the access token is refused', async () => {
    const { client, tokens } = await signIn(rig, 'alice');
    const revoked = await fetch(`${rig.issuer}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token!, client_id: client.client_id }),
    });
    expect(revoked.status).toBe(200);
    await expectOAuthError(refresh(client, tokens.refresh_token!), 'invalid_grant');
    expect((await whoami(rig, tokens.access_token)).status).toBe(401);
  });

  it('the verifier refuses tampered, foreign and oversized tokens, naming what to do', async () => {
    const { tokens } = await signIn(rig, 'alice');
    const [header, payload, signature] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'fake:u-2' })).toString('base64url')}.${signature}`;
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"at+jwt"}').toString('base64url')}.${payload}.`;
    for (const token of [forged, noneAlg, 'x'.repeat(5000), 'not-a-jwt']) {
      const error = await rig.server.verifier.verify(token).then(
        () => undefined,
        (e: unknown) => e as { code: string; message: string },
      );
      expect(error?.code).toBe('invalid_token');
      expect(error?.message).not.toContain(tokens.access_token);
    }
  });
});

describe('revocation (RFC 7009)', () => {
  it('revoking the access token (how VS Code and Claude sign out) ends the grant: it and its refresh token are refused at once', async () => {
    const { client, tokens } = await signIn(rig, 'alice');
    const other = await signIn(rig, 'alice', { client });
    expect((await whoami(rig, tokens.access_token)).status).toBe(200);
    for (const hint of [{ token_type_hint: 'access_token' }, {}] as Record<string, string>[]) {
      const revoked = await revoke({ token: tokens.access_token, client_id: client.client_id, ...hint });
      expect(revoked.status).toBe(200);
      expect(await revoked.text()).toBe('');
    }
    expect((await whoami(rig, tokens.access_token)).status).toBe(401);
    await expectOAuthError(refresh(client, tokens.refresh_token!), 'invalid_grant');
    // The same client's other sign-in (another grant) is untouched.
    expect((await whoami(rig, other.tokens.access_token)).status).toBe(200);
    expect((await refresh(client, other.tokens.refresh_token!)).access_token).toEqual(expect.any(String));
  });

  it('a forged, expired, foreign-audience or foreign-issuer JWT is answered 200 and revokes nothing', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const keyed = await startRig(upstream, {
      env: { MCP_AUTH_SIGNING_KEY: JSON.stringify(await exportJWK(privateKey)) },
    });
    try {
      const { client, tokens } = await signIn(keyed, 'alice');
      const claims = decodeJwt(tokens.access_token);
      const { kid } = decodeProtectedHeader(tokens.access_token);
      const sign = (key: CryptoKey, edit: (claims: JWTPayload) => JWTPayload) =>
        new SignJWT(edit({ ...claims }))
          .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', ...(kid ? { kid } : {}) })
          .sign(key);
      const otherKey = (await generateKeyPair('RS256')).privateKey;
      const hour = Math.floor(Date.now() / 1000) - 3600;
      const attempts = {
        forged: await sign(otherKey, (c) => c),
        expired: await sign(privateKey, (c) => ({ ...c, iat: hour - 60, exp: hour })),
        audience: await sign(privateKey, (c) => ({ ...c, aud: 'https://other.example/mcp' })),
        issuer: await sign(privateKey, (c) => ({ ...c, iss: 'https://other.example' })),
      };
      for (const [name, token] of Object.entries(attempts)) {
        const answer = await revoke({ token, client_id: client.client_id }, keyed);
        expect({ name, status: answer.status }).toEqual({ name, status: 200 });
        expect({ name, status: (await whoami(keyed, tokens.access_token)).status }).toEqual({
          name,
          status: 200,
        });
      }
      // Control: the same claims signed with the real key do revoke (only the flaw above held it back).
      const genuine = await sign(privateKey, (c) => c);
      expect((await revoke({ token: genuine, client_id: client.client_id }, keyed)).status).toBe(200);
      expect((await whoami(keyed, tokens.access_token)).status).toBe(401);
    } finally {
      await keyed.close();
    }
  });

  it("a client cannot revoke another client's access token: a public one is told nothing, a confidential one invalid_request", async () => {
    const alice = await signIn(rig, 'alice');
    const stranger = await registerPublicClient(rig);
    const publicAttempt = await revoke({ token: alice.tokens.access_token, client_id: stranger.client_id });
    expect(publicAttempt.status).toBe(200);
    expect((await whoami(rig, alice.tokens.access_token)).status).toBe(200);

    const confidential = await registerPublicClient(rig, {
      token_endpoint_auth_method: 'client_secret_post',
    });
    expect(confidential.client_secret).toEqual(expect.any(String));
    const confidentialAttempt = await revoke({
      token: alice.tokens.access_token,
      client_id: confidential.client_id,
      client_secret: confidential.client_secret!,
    });
    expect(confidentialAttempt.status).toBe(400);
    expect(await confidentialAttempt.json()).toMatchObject({ error: 'invalid_request' });
    // Without the right secret the client is not authenticated, whatever the token.
    const wrongSecret = await revoke({
      token: alice.tokens.access_token,
      client_id: confidential.client_id,
      client_secret: 'x'.repeat(43),
    });
    expect(wrongSecret.status).toBe(401);
    expect((await whoami(rig, alice.tokens.access_token)).status).toBe(200);
    expect((await refresh(alice.client, alice.tokens.refresh_token!)).access_token).toEqual(
      expect.any(String),
    );
  });
});

function revoke(params: Record<string, string>, at: Rig = rig) {
  return fetch(`${at.issuer}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

async function expectOAuthError(promise: Promise<unknown>, code: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e as { code?: string },
  );
  expect(error?.code).toBe(code);
}

async function refresh(client: OAuthClientInformationMixed, refreshToken: string): Promise<OAuthTokens> {
  return refreshAuthorization(rig.issuer, {
    metadata: rig.metadata,
    clientInformation: client,
    refreshToken,
    resource: rig.resource,
  });
}

function tokenRequest(params: Record<string, string>) {
  return fetch(`${rig.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
}

/** The MCP SDK client's OAuthClientProvider, kept in memory: what a desktop client implements. */
class MemoryClientProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;
  discovery?: OAuthDiscoveryState;

  get redirectUrl() {
    return CLIENT_REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: 'memory client',
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

describe('behind a TLS-terminating proxy', () => {
  it("builds every URL from the configured https issuer, whatever the request's scheme or forwarded headers say", async () => {
    const issuer = 'https://mcp.example.test';
    const server = await createAuthorizationServer({
      issuer,
      upstream: upstream.provider(),
      env: {},
      logger: createStreamLogger({ level: 'error', write: () => {} }),
    });
    // Plain HTTP on 127.0.0.1, as behind nginx that terminated TLS.
    const http = createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      void server.endpoints.handle(req, res, pathname).then((handled) => {
        if (!handled) res.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const registered = await fetch(`${origin}/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: [CLIENT_REDIRECT],
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
        }),
      });
      expect(registered.status).toBe(201);
      const client = (await registered.json()) as { client_id: string; registration_client_uri?: string };
      if (client.registration_client_uri)
        expect(client.registration_client_uri.startsWith(issuer)).toBe(true);
      const query = new URLSearchParams({
        client_id: client.client_id,
        redirect_uri: CLIENT_REDIRECT,
        response_type: 'code',
        scope: 'read',
        state: 's1',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        resource: `${issuer}/mcp`,
      });
      // Forwarded headers a client made up (or a proxy passed on) change nothing.
      for (const headers of [
        {},
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'x-forwarded-for': '6.6.6.6' },
      ]) {
        const response = await fetch(`${origin}/authorize?${query}`, { headers, redirect: 'manual' });
        expect(response.status).toBe(303);
        // A relative redirect stays on the origin the browser used; an absolute one is the issuer's.
        expect(new URL(response.headers.get('location')!, issuer).href).toMatch(
          /^https:\/\/mcp\.example\.test\/interaction\//,
        );
        // Cookies for an https origin are Secure.
        const cookies = response.headers.getSetCookie();
        expect(cookies.length).toBeGreaterThan(0);
        for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('secure');
        expect(JSON.stringify([...response.headers])).not.toContain('evil.example');
        // The discovery documents name the issuer's https endpoints, not the request's http origin.
        for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
          const document = (await (await fetch(`${origin}${path}`, { headers })).json()) as Record<
            string,
            unknown
          >;
          expect(document.issuer).toBe(issuer);
          for (const key of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'jwks_uri'])
            expect(String(document[key])).toMatch(/^https:\/\/mcp\.example\.test\//);
        }
      }
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
      await server.close();
    }
  });
});
