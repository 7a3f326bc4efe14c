/**
 * Yandex Cloud IAM's service-account token exchange, `POST /iam/v1/tokens` with `{"jwt": "…"}`: the
 * JWT is verified with `jose` against the public keys of the service accounts configured here —
 * PS256 only, `kid` a known key, `iss` that key's service account, `aud`
 * `https://iam.api.cloud.yandex.net/iam/v1/tokens`, `iat` and `exp` present and `exp` no more than an
 * hour after `iat` — and answered `{iamToken: "t1.…", expiresAt: "<RFC 3339>"}`. IAM tokens live
 * `tokenTtlMs` (12 hours at Yandex; short in tests so a refresh shows) and act in Tracker as the
 * user the service account is bound to (`Authorization: Bearer <iam>` with `X-Cloud-Org-ID`).
 *
 * Errors are the gRPC gateway's `{code, message, details}`: 400 with code 3 (INVALID_ARGUMENT) for a
 * body without a JWT or one that is not a JWT, 401 with code 16 (UNAUTHENTICATED) for a JWT that does
 * not verify. Keys and tokens survive `reset()` (credentials, not tracker data).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import { IAM_TOKEN_AUDIENCE, type ServiceAccountKeyFile } from './service-account-key.ts';

/** The longest a JWT may live, `exp − iat` (Yandex Cloud: one hour). */
const MAX_JWT_LIFETIME_SECONDS = 3600;
/** How far in the future `iat` may be (clock skew the emulator tolerates). */
const IAT_SKEW_SECONDS = 300;

export class IamError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  toJson() {
    return {
      code: this.code,
      message: this.message,
      details: [{ '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: randomUUID() }],
    };
  }
}

const invalidArgument = (message: string) => new IamError(400, 3, message);
const unauthenticated = (message: string) => new IamError(401, 16, message);

interface BoundKey {
  serviceAccountId: string;
  publicKey: CryptoKey;
  /** The Tracker login the service account acts as. */
  login: string;
}

interface IamTokenRecord {
  serviceAccountId: string;
  login: string;
  expiresAt: number;
}

export interface IamTokenResponse {
  iamToken: string;
  expiresAt: string;
}

export interface IamServiceOptions {
  now: () => number;
  tokenTtlMs: number;
}

export class IamService {
  readonly #keys = new Map<string, BoundKey>();
  readonly #tokens = new Map<string, IamTokenRecord>();
  readonly #now: () => number;
  /** Lifetime of the IAM tokens issued from now on; tests may change it. */
  tokenTtlMs: number;

  constructor(options: IamServiceOptions) {
    this.#now = options.now;
    this.tokenTtlMs = options.tokenTtlMs;
  }

  /** Accepts JWTs signed by this key from now on, for its service account acting as `login`. */
  async addKey(file: Pick<ServiceAccountKeyFile, 'id' | 'service_account_id' | 'public_key'>, login: string) {
    const publicKey = await importSPKI(file.public_key, 'PS256');
    this.#keys.set(file.id, { serviceAccountId: file.service_account_id, publicKey, login });
  }

  /** Deletes a key (JWTs it signs are refused); tokens already issued stay valid until they expire. */
  removeKey(keyId: string): boolean {
    return this.#keys.delete(keyId);
  }

  async exchange(body: unknown): Promise<IamTokenResponse> {
    const jwt =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['jwt'] : undefined;
    if (typeof jwt !== 'string' || jwt === '') {
      throw invalidArgument('Request must carry {"jwt": "<PS256 JWT signed with the service account key>"}');
    }
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(jwt).kid;
    } catch {
      throw invalidArgument('jwt is not a JWT (three base64url parts with a JSON header)');
    }
    const key = kid === undefined ? undefined : this.#keys.get(kid);
    if (!key)
      throw unauthenticated(`Invalid JWT: no authorized key with id "${kid ?? ''}" (the header's kid)`);
    const now = this.#now();
    let payload;
    try {
      ({ payload } = await jwtVerify(jwt, key.publicKey, {
        algorithms: ['PS256'],
        issuer: key.serviceAccountId,
        audience: IAM_TOKEN_AUDIENCE,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now),
      }));
    } catch (error) {
      throw unauthenticated(`Invalid JWT: ${(error as Error).message}`);
    }
    if (payload.exp! - payload.iat! > MAX_JWT_LIFETIME_SECONDS) {
      throw unauthenticated('Invalid JWT: exp must be at most one hour after iat');
    }
    if (payload.iat! > now / 1000 + IAT_SKEW_SECONDS)
      throw unauthenticated('Invalid JWT: iat is in the future');
    const iamToken = `t1.${randomBytes(48).toString('base64url')}.${randomBytes(64).toString('base64url')}`;
    const expiresAt = now + this.tokenTtlMs;
    this.#tokens.set(iamToken, { serviceAccountId: key.serviceAccountId, login: key.login, expiresAt });
    return { iamToken, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** The login behind an IAM token; `expired` after `expiresAt`; undefined when unknown or revoked. */
  lookup(iamToken: string): { login: string; serviceAccountId: string } | 'expired' | undefined {
    const record = this.#tokens.get(iamToken);
    if (!record) return undefined;
    if (record.expiresAt <= this.#now()) return 'expired';
    return { login: record.login, serviceAccountId: record.serviceAccountId };
  }

  revoke(iamToken: string): boolean {
    return this.#tokens.delete(iamToken);
  }
}
