/**
 * The authorization server's own secrets: the key that signs access tokens (published at `/jwks`)
 * and the keys that sign its cookies. Taken from the environment when set
 * (`MCP_AUTH_SIGNING_KEY`: a private JWK or a JWKS whose first key signs, `MCP_AUTH_COOKIE_KEYS`:
 * comma-separated secrets, the first signs); otherwise generated once and kept, encrypted, in the
 * store — the first replica to start writes them and the others read the same ones.
 */
import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { ConfigError } from '../../errors/config-error.ts';
import type { SealedRecords } from './sealed-records.ts';

export const SIGNING_KEY_VARIABLE = 'MCP_AUTH_SIGNING_KEY';
export const COOKIE_KEYS_VARIABLE = 'MCP_AUTH_COOKIE_KEYS';

const MODEL = 'ServerKeys';

/** The JWS algorithm each key type signs with, when the JWK does not say. */
const DEFAULT_ALG: Record<string, string | undefined> = { EC: 'ES256', RSA: 'RS256', OKP: 'EdDSA' };

export interface ServerKeys {
  /** Private keys, the first signs (oidc-provider's `jwks`). */
  readonly signing: { keys: JWK[] };
  /** The algorithm of the first key: what access tokens are signed with. */
  readonly signingAlg: string;
  /** Public halves of `signing`, for verifying access tokens. */
  readonly verification: { keys: JWK[] };
  /** Cookie signing secrets, the first signs. */
  readonly cookieKeys: string[];
}

export interface ServerKeySources {
  records: SealedRecords;
  /** `MCP_AUTH_SIGNING_KEY`'s value. */
  signingKey?: string;
  /** `MCP_AUTH_COOKIE_KEYS`'s value. */
  cookieKeys?: string;
}

export async function loadServerKeys(sources: ServerKeySources): Promise<ServerKeys> {
  const signing = sources.signingKey?.trim()
    ? await parseSigningKeys(sources.signingKey)
    : await kept(sources.records, 'signing', generateSigningKeys);
  const cookieKeys = sources.cookieKeys?.trim()
    ? parseCookieKeys(sources.cookieKeys)
    : await kept(sources.records, 'cookies', async () => [randomBytes(32).toString('base64url')]);
  const first = signing.keys[0]!;
  return {
    signing,
    signingAlg: first.alg ?? DEFAULT_ALG[first.kty ?? '']!,
    verification: { keys: signing.keys.map(publicHalf) },
    cookieKeys,
  };
}

/** Generated once: whoever writes first wins, everyone uses what is stored. */
async function kept<T>(records: SealedRecords, id: string, generate: () => Promise<T>): Promise<T> {
  const existing = await records.get<T>(MODEL, id);
  if (existing) return existing.value;
  await records.putIfAbsent(MODEL, id, await generate());
  const stored = await records.get<T>(MODEL, id);
  if (!stored)
    throw new Error(`The generated ${id} keys were written but cannot be read back from the store.`);
  return stored.value;
}

async function generateSigningKeys(): Promise<{ keys: JWK[] }> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  return { keys: [{ ...jwk, alg: 'ES256', use: 'sig', kid: await calculateJwkThumbprint(jwk) }] };
}

async function parseSigningKeys(value: string): Promise<{ keys: JWK[] }> {
  const problem = (text: string) =>
    new ConfigError({
      problems: [
        {
          variable: SIGNING_KEY_VARIABLE,
          problem: `is malformed: ${text}.`,
          howToFix:
            'Give a private JWK (EC P-256, RSA or Ed25519, with "d") or a JWKS {"keys": [...]} whose first key signs; ' +
            'leave it unset to have one generated and kept in the store.',
        },
      ],
    });
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw problem('it is not JSON');
  }
  const keys = (
    parsed && typeof parsed === 'object' && 'keys' in parsed ? (parsed as { keys: unknown }).keys : [parsed]
  ) as unknown;
  if (!Array.isArray(keys) || keys.length === 0) throw problem('it holds no key');
  const checked = keys.map((key, index) => {
    const jwk = key as JWK;
    if (!jwk || typeof jwk !== 'object' || typeof jwk.kty !== 'string' || !DEFAULT_ALG[jwk.kty]) {
      throw problem(`key ${index + 1} is not an EC, RSA or OKP JWK`);
    }
    if (typeof jwk.d !== 'string')
      throw problem(`key ${index + 1} is a public key; the private key (with "d") is needed`);
    return jwk;
  });
  // Tokens name their key (kid) and verifiers pick the key by it, so every key gets one.
  return {
    keys: await Promise.all(
      checked.map(async (jwk) => ({
        use: 'sig',
        ...jwk,
        kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)),
      })),
    ),
  };
}

function parseCookieKeys(value: string): string[] {
  const keys = value
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  const short = keys.findIndex((key) => key.length < 32);
  if (keys.length === 0 || short !== -1) {
    throw new ConfigError({
      problems: [
        {
          variable: COOKIE_KEYS_VARIABLE,
          problem: `is malformed: ${keys.length === 0 ? 'it is empty' : `key ${short + 1} is shorter than 32 characters`}.`,
          howToFix: 'Give comma-separated random secrets of at least 32 characters, the newest first.',
        },
      ],
    });
  }
  return keys;
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

function publicHalf(jwk: JWK): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([member]) => !PRIVATE_MEMBERS.has(member))) as JWK;
}
