import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { decodeProtectedHeader } from 'jose';
import { ConfigError } from '../../errors/config-error.ts';
import { encryptionKeysFromEnv, parseEncryptionKeys } from './encryption-keys.ts';

const key = () => randomBytes(32).toString('base64url');

describe('parseEncryptionKeys', () => {
  it('seals with the first key as compact JWE (dir, A256GCM, kid) and opens what it sealed', async () => {
    const ring = parseEncryptionKeys(`k2:${key()}, k1:${key()}`);
    const jwe = await ring.seal('upstream-token');
    expect(jwe.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(jwe)).toEqual({ alg: 'dir', enc: 'A256GCM', kid: 'k2' });
    expect(jwe).not.toContain('upstream-token');
    expect(await ring.open(jwe)).toEqual({ plaintext: 'upstream-token', kid: 'k2', stale: false });
  });

  it('opens values sealed under an older key of the ring and calls them stale (rotation)', async () => {
    const k1 = `k1:${key()}`;
    const old = await parseEncryptionKeys(k1).seal('kept');
    const rotated = parseEncryptionKeys(`k2:${key()},${k1}`);
    expect(await rotated.open(old)).toEqual({ plaintext: 'kept', kid: 'k1', stale: true });
  });

  it('refuses a value under a key it does not hold, naming the kid to put back', async () => {
    const sealed = await parseEncryptionKeys(`gone:${key()}`).seal('x');
    await expect(parseEncryptionKeys(`k1:${key()}`).open(sealed)).rejects.toThrow(
      /"gone".*MCP_AUTH_ENCRYPTION_KEYS.*add that kid:key pair back/,
    );
  });

  it('refuses an altered value', async () => {
    const ring = parseEncryptionKeys(`k1:${key()}`);
    const [header, , iv, ciphertext, tag] = (await ring.seal('payload')).split('.');
    const bytes = Buffer.from(ciphertext!, 'base64url');
    bytes[0] = bytes[0]! ^ 1;
    const flipped = bytes.toString('base64url');
    await expect(ring.open([header, '', iv, flipped, tag].join('.'))).rejects.toThrow();
  });

  it('says what is wrong with each malformed pair, never quoting a key', () => {
    const secret = randomBytes(16).toString('base64url');
    const valid = key();
    let error: unknown;
    try {
      parseEncryptionKeys(`${secret}, k1:${secret}, k2:${valid}, k2:${valid}`);
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toMatch(/MCP_AUTH_ENCRYPTION_KEYS: is malformed: pair 1 has no kid/);
    expect(message).toMatch(/the key of kid "k1" is not 32 bytes of base64url \(16 bytes\)/);
    expect(message).toMatch(/kid "k2" is given twice/);
    expect(message).toMatch(/randomBytes\(32\)/);
    expect(message).not.toContain(secret);
    expect(message).not.toContain(valid);
  });

  it('reads MCP_AUTH_ENCRYPTION_KEYS from the environment; unset or blank is undefined', () => {
    expect(encryptionKeysFromEnv({})).toBeUndefined();
    expect(encryptionKeysFromEnv({ MCP_AUTH_ENCRYPTION_KEYS: '  ' })).toBeUndefined();
    expect(encryptionKeysFromEnv({ MCP_AUTH_ENCRYPTION_KEYS: `main:${key()}` })?.currentKid).toBe('main');
  });
});
