import { describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair } from 'jose';
import { ephemeralEncryptionKeys } from './encryption-keys.ts';
import { createMemoryOAuthStore } from './oauth-store.ts';
import { createSealedRecords } from './sealed-records.ts';
import { loadServerKeys } from './server-keys.ts';

const records = () => createSealedRecords(createMemoryOAuthStore(), ephemeralEncryptionKeys());

describe('loadServerKeys', () => {
  it('generates an ES256 signing key and a cookie key once, and every later load gets the same', async () => {
    const shared = records();
    const [first, second] = await Promise.all([
      loadServerKeys({ records: shared }),
      loadServerKeys({ records: shared }),
    ]);
    const third = await loadServerKeys({ records: shared });
    expect(first.signingAlg).toBe('ES256');
    expect(first.signing.keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      alg: 'ES256',
      use: 'sig',
      kid: expect.any(String),
    });
    expect(second.signing).toEqual(first.signing);
    expect(third.signing).toEqual(first.signing);
    expect(third.cookieKeys).toEqual(first.cookieKeys);
    expect(first.verification.keys[0]).not.toHaveProperty('d');
  });

  it('takes MCP_AUTH_SIGNING_KEY (a JWK or a JWKS) and MCP_AUTH_COOKIE_KEYS from the environment', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    const keys = await loadServerKeys({
      records: records(),
      signingKey: JSON.stringify({ keys: [jwk] }),
      cookieKeys: `${'a'.repeat(32)},${'b'.repeat(40)}`,
    });
    expect(keys.signingAlg).toBe('RS256');
    expect(keys.signing.keys[0]!.kid).toEqual(expect.any(String));
    expect(keys.verification.keys[0]).toEqual(
      expect.not.objectContaining({ d: expect.anything(), p: expect.anything() }),
    );
    expect(keys.cookieKeys).toEqual(['a'.repeat(32), 'b'.repeat(40)]);
  });

  it('refuses a public key, a non-JSON value or short cookie keys, never quoting them', async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const publicJwk = JSON.stringify(await exportJWK(publicKey));
    await expect(loadServerKeys({ records: records(), signingKey: publicJwk })).rejects.toThrow(
      /MCP_AUTH_SIGNING_KEY: is malformed: key 1 is a public key; the private key \(with "d"\) is needed/,
    );
    const notJson = 'secret-not-json';
    const error = (await loadServerKeys({ records: records(), signingKey: notJson }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toMatch(/it is not JSON/);
    expect(error.message).not.toContain(notJson);
    await expect(loadServerKeys({ records: records(), cookieKeys: 'short' })).rejects.toThrow(
      /MCP_AUTH_COOKIE_KEYS: is malformed: key 1 is shorter than 32 characters/,
    );
  });
});
