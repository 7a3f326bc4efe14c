/**
 * The keys that encrypt what the built-in authorization server keeps at rest (upstream tokens, the
 * authorization server's own records, generated signing and cookie keys). Each value is a compact
 * JWE (`alg: dir`, `enc: A256GCM`, `kid` header) made by jose; the first key of the ring encrypts,
 * every key decrypts, and a value read under an older key is reported `stale` so its owner writes
 * it again under the current one (key rotation without a migration).
 *
 * `MCP_AUTH_ENCRYPTION_KEYS` holds the ring: comma-separated `kid:key` pairs, each key 32 random
 * bytes in base64url. To rotate, put a new pair first and keep the old one until every row has
 * been read (or rewritten) once.
 */
import { randomBytes } from 'node:crypto';
import { compactDecrypt, CompactEncrypt, decodeProtectedHeader } from 'jose';
import { ConfigError } from '../../errors/config-error.ts';
import { GENERATE_ENCRYPTION_KEY_COMMAND } from '../encryption-key-command.ts';

export const ENCRYPTION_KEYS_VARIABLE = 'MCP_AUTH_ENCRYPTION_KEYS';

const HOW_TO_FIX =
  'Give one or more comma-separated kid:key pairs, each key 32 random bytes in base64url, the newest first ' +
  `(generate one with: ${GENERATE_ENCRYPTION_KEY_COMMAND}).`;

const KID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

export interface OpenedValue {
  readonly plaintext: string;
  /** The key it was encrypted under. */
  readonly kid: string;
  /** Encrypted under a key other than the current one: write it again (`seal`) to rotate. */
  readonly stale: boolean;
}

export interface EncryptionKeyRing {
  /** The kid new values are encrypted under. */
  readonly currentKid: string;
  /** Compact JWE of `plaintext` under the current key. */
  seal(plaintext: string): Promise<string>;
  /** Decrypts a value sealed under any key of the ring; throws when none fits or it was altered. */
  open(jwe: string): Promise<OpenedValue>;
}

/** A ring from `kid:key` pairs (the format of `MCP_AUTH_ENCRYPTION_KEYS`). */
export function parseEncryptionKeys(value: string, variable = ENCRYPTION_KEYS_VARIABLE): EncryptionKeyRing {
  const keys = new Map<string, Uint8Array>();
  const problems: string[] = [];
  const pairs = value
    .split(',')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
  for (const [index, pair] of pairs.entries()) {
    const colon = pair.indexOf(':');
    const kid = colon === -1 ? '' : pair.slice(0, colon);
    const encoded = colon === -1 ? '' : pair.slice(colon + 1);
    // The key itself is never quoted back: the message names the pair by position and kid only.
    if (!KID_PATTERN.test(kid)) {
      problems.push(`pair ${index + 1} has no kid before ':' (letters, digits, '.', '_', '-')`);
      continue;
    }
    const key = /^[A-Za-z0-9_-]+$/.test(encoded) ? Buffer.from(encoded, 'base64url') : Buffer.alloc(0);
    if (key.length !== 32) {
      problems.push(`the key of kid "${kid}" is not 32 bytes of base64url (${key.length} bytes)`);
      continue;
    }
    if (keys.has(kid)) {
      problems.push(`kid "${kid}" is given twice`);
      continue;
    }
    keys.set(kid, new Uint8Array(key));
  }
  if (pairs.length === 0) problems.push('it is empty');
  if (problems.length > 0) {
    throw new ConfigError({
      problems: [{ variable, problem: `is malformed: ${problems.join('; ')}.`, howToFix: HOW_TO_FIX }],
    });
  }
  return createKeyRing(keys);
}

/**
 * The ring from the environment, or undefined when the variable is not set. Malformed values are a
 * `ConfigError` naming what is wrong (never the key).
 */
export function encryptionKeysFromEnv(env: Readonly<Record<string, string | undefined>> = process.env) {
  const value = env[ENCRYPTION_KEYS_VARIABLE]?.trim();
  return value ? parseEncryptionKeys(value) : undefined;
}

/** The error for a persistent store without keys: say what to set. */
export function missingEncryptionKeys(): ConfigError {
  return new ConfigError({
    problems: [
      {
        variable: ENCRYPTION_KEYS_VARIABLE,
        problem:
          'is not set, and the authorization server keeps tokens in a database, where they are stored encrypted.',
        howToFix: HOW_TO_FIX,
      },
    ],
  });
}

/** A one-key ring with a random key: for the in-memory store, whose rows die with the process. */
export function ephemeralEncryptionKeys(): EncryptionKeyRing {
  return createKeyRing(new Map([['ephemeral', new Uint8Array(randomBytes(32))]]));
}

function createKeyRing(keys: ReadonlyMap<string, Uint8Array>): EncryptionKeyRing {
  const [currentKid, currentKey] = [...keys.entries()][0]!;
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    currentKid,
    async seal(plaintext) {
      return new CompactEncrypt(encoder.encode(plaintext))
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: currentKid })
        .encrypt(currentKey);
    },
    async open(jwe) {
      const kid = decodeProtectedHeader(jwe).kid;
      const key = kid === undefined ? undefined : keys.get(kid);
      if (kid === undefined || key === undefined) {
        throw new Error(
          `A stored value was encrypted under key "${kid ?? '(none)'}", which ${ENCRYPTION_KEYS_VARIABLE} ` +
            'does not hold: add that kid:key pair back (after the current one) to read it.',
        );
      }
      const { plaintext } = await compactDecrypt(jwe, key, {
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
      });
      return { plaintext: decoder.decode(plaintext), kid, stale: kid !== currentKid };
    },
  };
}
