import { afterEach, describe, expect, it } from '@jest/globals';
import { OAuthError } from '@modelcontextprotocol/server';
import { SignJWT } from 'jose';
import { ConfigError } from '../errors/config-error.ts';
import { makeKey, segment, startTestIssuer, type TestIssuer } from './__fixtures__/test-issuer.ts';
import { createJwtVerifier, type JwtVerifierOptions } from './jwt-verifier.ts';
import { authCacheKey } from './token-hash.ts';

const AUDIENCE = 'http://127.0.0.1:3000/mcp';

const issuers: TestIssuer[] = [];
afterEach(async () => {
  await Promise.all(issuers.splice(0).map((issuer) => issuer.close()));
});

async function setup(options: Partial<JwtVerifierOptions> = {}) {
  const issuer = await startTestIssuer({ audience: AUDIENCE });
  issuers.push(issuer);
  const verifier = createJwtVerifier({
    issuer: issuer.issuer,
    audience: AUDIENCE,
    jwksUri: issuer.jwksUri,
    ...options,
  });
  return { issuer, verifier };
}

/** The OAuthError a verification throws (fails the test when it succeeds). */
async function refusal(promise: Promise<unknown>): Promise<OAuthError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OAuthError);
  return error as OAuthError;
}

describe('createJwtVerifier', () => {
  it.each(['RS256', 'ES256'] as const)('accepts a %s token of the issuer for this audience', async (alg) => {
    const { issuer, verifier } = await setup();
    const key = alg === 'ES256' ? await issuer.rotate('ES256') : issuer.current;
    const token = await issuer.sign({ sub: 'alice', client_id: 'cli', scope: 'read write' }, { key });
    const auth = await verifier.verify(token);
    expect(auth).toMatchObject({ subject: 'alice', clientId: 'cli', scopes: ['read', 'write'] });
    expect(auth.cacheKey).toBe(authCacheKey(issuer.issuer, 'alice'));
    expect(auth.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(JSON.stringify(auth.claims)).not.toContain(token);
  });

  it('reads scp lists and azp as the client', async () => {
    const { issuer, verifier } = await setup();
    const auth = await verifier.verify(await issuer.sign({ sub: 'bob', azp: 'web', scp: ['read'] }));
    expect(auth).toMatchObject({ subject: 'bob', clientId: 'web', scopes: ['read'] });
  });

  it('refuses expired tokens, other audiences and issuers, and tokens without exp or sub', async () => {
    const { issuer, verifier } = await setup();
    const cases: [Promise<string>, string][] = [
      [issuer.sign({ sub: 'a' }, { expiresIn: -60 }), 'has expired'],
      [
        issuer.sign({ sub: 'a' }, { audience: 'https://other.example.com/mcp' }),
        `request a token for ${AUDIENCE}`,
      ],
      [
        issuer.sign({ sub: 'a' }, { issuer: 'https://evil.example.com' }),
        'issued by another authorization server',
      ],
      [issuer.sign({ sub: 'a' }, { noExpiry: true }), 'no expiry'],
      [issuer.sign({}), 'names no subject'],
    ];
    for (const [token, message] of cases) {
      const error = await refusal(verifier.verify(await token));
      expect(error.code).toBe('invalid_token');
      expect(error.message).toContain(message);
    }
  });

  it('refuses a bad signature, alg none and HS256 keyed with the public key', async () => {
    const { issuer, verifier } = await setup();
    // Signed by a key the issuer does not publish, under the kid of one it does.
    const forged = await issuer.sign({ sub: 'a' }, { key: await makeKey('RS256'), kid: issuer.current.kid });
    expect((await refusal(verifier.verify(forged))).message).toContain('signature does not verify');

    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: 'a', iss: issuer.issuer, aud: AUDIENCE, exp: now + 300 };
    const none = `${segment({ alg: 'none', typ: 'JWT' })}.${segment(claims)}.`;
    expect((await refusal(verifier.verify(none))).message).toContain('algorithm this server does not accept');

    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: issuer.current.kid })
      .sign(new TextEncoder().encode(JSON.stringify(issuer.current.publicJwk)));
    const error = await refusal(verifier.verify(hmac));
    expect(error.message).toContain('algorithm this server does not accept');
    expect(error.message).not.toContain(hmac);
  });

  it('picks up a rotated key: one fetch of the JWKS for the new kid', async () => {
    const { issuer, verifier } = await setup({ jwks: { cooldownMs: 0 } });
    await verifier.verify(await issuer.sign({ sub: 'a' }));
    expect(issuer.counts.jwks).toBe(1);
    const next = await issuer.rotate('ES256');
    issuer.retire('key-1');
    await expect(verifier.verify(await issuer.sign({ sub: 'a' }, { key: next }))).resolves.toMatchObject({
      subject: 'a',
    });
    expect(issuer.counts.jwks).toBe(2);
    await verifier.verify(await issuer.sign({ sub: 'b' }, { key: next }));
    expect(issuer.counts.jwks).toBe(2);
  });

  it('does not fetch the JWKS again for every unknown kid within the cooldown', async () => {
    const { issuer, verifier } = await setup(); // the default 30 s cooldown
    await verifier.verify(await issuer.sign({ sub: 'a' }));
    for (let i = 0; i < 20; i++) {
      const error = await refusal(verifier.verify(await issuer.sign({ sub: 'a' }, { kid: `made-up-${i}` })));
      expect(error.message).toContain('key');
    }
    expect(issuer.counts.jwks).toBe(1);
  });

  it('answers temporarily_unavailable when the JWKS cannot be fetched', async () => {
    const { issuer } = await setup();
    const verifier = createJwtVerifier({
      issuer: issuer.issuer,
      audience: AUDIENCE,
      jwksUri: 'http://127.0.0.1:9/jwks',
      jwks: { timeoutMs: 500 },
    });
    const error = await refusal(verifier.verify(await issuer.sign({ sub: 'a' })));
    expect(error.code).toBe('temporarily_unavailable');
  });

  it('refuses to be configured with symmetric algorithms or none', () => {
    for (const algorithms of [['HS256'], ['none'], []]) {
      expect(() =>
        createJwtVerifier({ issuer: 'https://a', audience: AUDIENCE, jwksUri: 'https://a/jwks', algorithms }),
      ).toThrow(ConfigError);
    }
  });
});
