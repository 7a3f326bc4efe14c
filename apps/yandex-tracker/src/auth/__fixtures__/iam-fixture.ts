/**
 * Test set-up for service accounts: an authorized key generated with node:crypto (written as `yc`
 * writes key files, the "PLEASE DO NOT REMOVE THIS LINE!" line included), and an IAM token endpoint
 * on 127.0.0.1 (the fake API of @toolsmith/testing, with its fault injection) that verifies each
 * JWT with jose against the key's public half, as Yandex IAM does, and issues tokens of a lifetime
 * the test sets, on the test's clock.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createFakeApi, type FakeApi } from '@toolsmith/testing';
import { importSPKI, jwtVerify } from 'jose';
import { YANDEX_IAM_TOKEN_URL } from '../service-account-credentials.ts';

export interface GeneratedKey {
  /** The key file's JSON, as `yc iam key create --output key.json` writes it. */
  readonly file: string;
  readonly keyId: string;
  readonly serviceAccountId: string;
  readonly publicKeyPem: string;
  /** `private_key` as in the file (with Yandex's first line). */
  readonly privateKey: string;
}

export function generateServiceAccountKey(
  keyId = 'ajekey0000000000test',
  serviceAccountId = 'ajesa00000000000test',
): GeneratedKey {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const withLine = `PLEASE DO NOT REMOVE THIS LINE! Yandex.Cloud SA Key ID <${keyId}>\n${privateKey}`;
  const file = JSON.stringify({
    id: keyId,
    service_account_id: serviceAccountId,
    created_at: '2026-01-01T00:00:00.000000Z',
    key_algorithm: 'RSA_2048',
    public_key: publicKey,
    private_key: withLine,
  });
  return { file, keyId, serviceAccountId, publicKeyPem: publicKey, privateKey: withLine };
}

export interface IamEndpoint extends AsyncDisposable {
  /** `POST` here with `{jwt}`. */
  readonly url: string;
  readonly api: FakeApi;
  /** Tokens issued, in order. */
  readonly issued: readonly string[];
  /** Claims and header of every JWT accepted. */
  readonly jwts: readonly { header: Record<string, unknown>; claims: Record<string, unknown> }[];
  /** Lifetime of the tokens it issues from now on. */
  lifetimeMs: number;
  /** The token it issues next: a new distinct one per exchange unless set. */
  nextToken: (() => string) | undefined;
  close(): Promise<void>;
}

export async function createIamEndpoint(
  key: GeneratedKey,
  options: { now?: () => number; lifetimeMs?: number } = {},
): Promise<IamEndpoint> {
  const now = options.now ?? Date.now;
  const publicKey = await importSPKI(key.publicKeyPem, 'PS256');
  const issued: string[] = [];
  const jwts: { header: Record<string, unknown>; claims: Record<string, unknown> }[] = [];
  const endpoint = {
    lifetimeMs: options.lifetimeMs ?? 12 * 3_600_000,
    nextToken: undefined as (() => string) | undefined,
  };
  const api = await createFakeApi({
    routes: {
      'POST /iam/v1/tokens': async ({ body }) => {
        const jwt = (body as { jwt?: unknown } | undefined)?.jwt;
        if (typeof jwt !== 'string') return { status: 400, json: { code: 3, message: 'jwt is required' } };
        try {
          const { payload, protectedHeader } = await jwtVerify(jwt, publicKey, {
            algorithms: ['PS256'],
            audience: YANDEX_IAM_TOKEN_URL,
            issuer: key.serviceAccountId,
            currentDate: new Date(now()),
          });
          if (protectedHeader.kid !== key.keyId) throw new Error(`unknown kid ${protectedHeader.kid}`);
          jwts.push({ header: { ...protectedHeader }, claims: { ...payload } });
        } catch (error) {
          return { status: 401, json: { code: 16, message: `invalid JWT: ${(error as Error).message}` } };
        }
        const token = endpoint.nextToken?.() ?? `t1.IAM_TOKEN_${issued.length + 1}_${'x'.repeat(12)}`;
        issued.push(token);
        return {
          json: { iamToken: token, expiresAt: new Date(now() + endpoint.lifetimeMs).toISOString() },
        };
      },
    },
  });
  return Object.assign(endpoint, {
    url: `${api.url}/iam/v1/tokens`,
    api,
    issued,
    jwts,
    close: () => api.close(),
    [Symbol.asyncDispose]: () => api.close(),
  });
}
