import { afterEach, describe, expect, it } from '@jest/globals';
import { OAuthError } from '@modelcontextprotocol/server';
import { createStreamLogger } from '../logging/logger.ts';
import { startTestIssuer, type TestIssuer } from './__fixtures__/test-issuer.ts';
import { createIntrospectionVerifier, type IntrospectionVerifierOptions } from './introspection-verifier.ts';

const AUDIENCE = 'http://127.0.0.1:3000/mcp';
const CLIENT = { id: 'mcp-server', secret: 'a client secret: with odd characters' };

const issuers: TestIssuer[] = [];
afterEach(async () => {
  await Promise.all(issuers.splice(0).map((issuer) => issuer.close()));
});

async function setup(options: Partial<IntrospectionVerifierOptions> = {}) {
  const issuer = await startTestIssuer({ audience: AUDIENCE, client: CLIENT });
  issuers.push(issuer);
  const verifier = createIntrospectionVerifier({
    endpoint: issuer.introspectionEndpoint,
    issuer: issuer.issuer,
    audience: AUDIENCE,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    ...options,
  });
  const active = (token: string, claims: Record<string, unknown> = {}) =>
    issuer.introspection.set(token, {
      active: true,
      sub: 'alice',
      client_id: 'cli',
      scope: 'read',
      aud: AUDIENCE,
      iss: issuer.issuer,
      exp: Math.floor(Date.now() / 1000) + 300,
      ...claims,
    });
  return { issuer, verifier, active };
}

async function refusal(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe('createIntrospectionVerifier', () => {
  it('accepts an active token for this audience and caches the answer by hash', async () => {
    const { issuer, verifier, active } = await setup();
    active('opaque-token-1');
    const auth = await verifier.verify('opaque-token-1');
    expect(auth).toMatchObject({ subject: 'alice', clientId: 'cli', scopes: ['read'] });
    expect(JSON.stringify(auth)).not.toContain('opaque-token-1');
    await verifier.verify('opaque-token-1');
    await Promise.all([verifier.verify('opaque-token-1'), verifier.verify('opaque-token-1')]);
    expect(issuer.counts.introspection).toBe(1);
  });

  it('shares one introspection between concurrent requests with the same token', async () => {
    const { issuer, verifier, active } = await setup();
    active('burst');
    await Promise.all(Array.from({ length: 10 }, () => verifier.verify('burst')));
    expect(issuer.counts.introspection).toBe(1);
  });

  it('asks again once the cache time is over, and never past the token expiry', async () => {
    const { issuer, verifier, active } = await setup({ cacheTtlMs: 50 });
    active('short');
    await verifier.verify('short');
    await new Promise((resolve) => setTimeout(resolve, 80));
    await verifier.verify('short');
    expect(issuer.counts.introspection).toBe(2);
    // At least a whole second ahead (a floor could leave a few ms, and a slow machine then sees it
    // expired before the first verify), and waited out to past it below.
    const exp = Math.ceil(Date.now() / 1000) + 1;
    active('expiring', { exp });
    const uncached = createIntrospectionVerifier({
      endpoint: issuer.introspectionEndpoint,
      issuer: issuer.issuer,
      audience: AUDIENCE,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    });
    await uncached.verify('expiring');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, exp * 1000 - Date.now()) + 50));
    expect((await refusal(uncached.verify('expiring'))).message).toContain('expired');
  });

  it('refuses inactive tokens, other audiences and issuers, and tokens without exp', async () => {
    const { verifier, active } = await setup();
    expect((await refusal(verifier.verify('unknown'))).message).toContain('not active');
    active('other-aud', { aud: ['https://other.example.com/mcp'] });
    expect((await refusal(verifier.verify('other-aud'))).message).toContain(
      `request a token for ${AUDIENCE}`,
    );
    active('no-aud', { aud: undefined });
    expect((await refusal(verifier.verify('no-aud'))).message).toContain('not issued for this resource');
    active('other-iss', { iss: 'https://evil.example.com' });
    expect((await refusal(verifier.verify('other-iss'))).message).toContain('another authorization server');
    active('no-exp', { exp: undefined });
    expect((await refusal(verifier.verify('no-exp'))).message).toContain('no expiry');
  });

  it('asks again for a refused token: refusals are not cached', async () => {
    const { issuer, verifier } = await setup();
    expect((await refusal(verifier.verify('never'))).code).toBe('invalid_token');
    expect((await refusal(verifier.verify('never'))).code).toBe('invalid_token');
    expect(issuer.counts.introspection).toBe(2);
  });

  it('answers temporarily_unavailable when its client credentials are refused or the server is down', async () => {
    const { issuer, active } = await setup();
    active('t');
    const lines: string[] = [];
    const logger = createStreamLogger({ level: 'debug', write: (line) => void lines.push(line) });
    const wrongSecret = createIntrospectionVerifier({
      endpoint: issuer.introspectionEndpoint,
      issuer: issuer.issuer,
      audience: AUDIENCE,
      clientId: CLIENT.id,
      clientSecret: 'wrong',
      logger,
    });
    expect((await refusal(wrongSecret.verify('t'))).code).toBe('temporarily_unavailable');
    expect(lines.join('')).toContain('MCP_AUTH_CLIENT_SECRET');
    expect(lines.join('')).not.toContain('wrong');
    const down = createIntrospectionVerifier({
      endpoint: 'http://127.0.0.1:9/introspect',
      issuer: issuer.issuer,
      audience: AUDIENCE,
      timeoutMs: 500,
    });
    expect((await refusal(down.verify('t'))).code).toBe('temporarily_unavailable');
  });

  it('keeps at most maxCacheEntries answers', async () => {
    const { issuer, verifier, active } = await setup({ maxCacheEntries: 2 });
    for (const token of ['a', 'b', 'c']) {
      active(token);
      await verifier.verify(token);
    }
    await verifier.verify('c');
    await verifier.verify('a'); // dropped to make room for c: asked again
    expect(issuer.counts.introspection).toBe(4);
  });
});
