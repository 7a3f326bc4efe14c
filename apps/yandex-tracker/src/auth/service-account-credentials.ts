/**
 * A service account's IAM token, kept fresh without a restart: a JWT signed with the authorized
 * key (PS256, `kid` = key id, `iss` = service account id, `aud` = the IAM token URL, one hour) is
 * exchanged at the IAM endpoint (`POST {jwt}` → `{iamToken, expiresAt}`), the token is cached and
 * sent as `Bearer`, and a new one is exchanged once 90% of its life has passed (less a random
 * jitter of up to 5%, so replicas do not exchange at once) by the first request after that point —
 * one exchange at a time, the requests meanwhile going on with the current token. A failed refresh
 * is logged at warn (never a token) and the current token is used until it expires; the next
 * attempt waits `retryDelayMs`. Only a request with no usable token waits for an exchange, and
 * fails with what to check when it fails.
 */
import { createHttpClient, silentLogger, type Logger } from '@toolsmith/core';
import type { CryptoKey } from 'jose';
import { z } from 'zod';
import { sha256, type CredentialSource, type TrackerCredentials } from './credential-source.ts';
import { ServiceAccountAuthError } from './service-account-auth-error.ts';
import type { ServiceAccountKey } from './service-account-key.ts';

/** The IAM token URL: where tokens are exchanged, and the `aud` of every JWT whatever the endpoint. */
export const YANDEX_IAM_TOKEN_URL = 'https://iam.api.cloud.yandex.net/iam/v1/tokens';

/** Lifetime of the JWT sent to the exchange (Yandex accepts at most one hour). */
const JWT_LIFETIME_S = 3600;
/** Share of the token's life after which it is refreshed, and the jitter taken off that point. */
const REFRESH_AT = 0.9;
const JITTER = 0.05;
/** A token this close to its expiry is not sent (it may expire in flight): at most 30 s, 5% of its life. */
const EXPIRY_MARGIN_MAX_MS = 30_000;
const EXPIRY_MARGIN = 0.05;
/** Assumed lifetime when the answer carries no readable `expiresAt` (Yandex's tokens live 12 h). */
const DEFAULT_LIFETIME_MS = 3_600_000;

const ExchangeAnswer = z.object({ iamToken: z.string().min(1), expiresAt: z.string().optional() });

export interface ServiceAccountCredentialsOptions {
  key: ServiceAccountKey;
  /** Where the JWT is exchanged (YANDEX_IAM_ENDPOINT). Default {@link YANDEX_IAM_TOKEN_URL}. */
  iamEndpoint?: string;
  /** The JWT's `aud`. Default {@link YANDEX_IAM_TOKEN_URL}. */
  audience?: string;
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
  retries?: number;
  retryBaseDelayMs?: number;
  /** After a failed refresh, the next attempt no sooner than this. Default 10 000 ms. */
  retryDelayMs?: number;
  /** Clock in ms. Default `Date.now`. */
  now?: () => number;
  /** In [0, 1): the jitter. Default `Math.random`. */
  random?: () => number;
}

interface IamToken {
  readonly credentials: TrackerCredentials;
  readonly expiresAtMs: number;
  /** Not sent after this (the expiry less the margin). */
  readonly usableUntilMs: number;
  /** A refresh starts with the first request after this. */
  readonly refreshAtMs: number;
}

export function createServiceAccountCredentials(options: ServiceAccountCredentialsOptions): CredentialSource {
  const { key } = options;
  const endpoint = options.iamEndpoint ?? YANDEX_IAM_TOKEN_URL;
  const audience = options.audience ?? YANDEX_IAM_TOKEN_URL;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const logger = (options.logger ?? silentLogger).child({ serviceAccountId: key.serviceAccountId });
  const retryDelayMs = options.retryDelayMs ?? 10_000;

  let current: IamToken | undefined;
  let exchanging: Promise<IamToken> | undefined;
  let nextAttemptMs = -Infinity;
  let lastFailure: ServiceAccountAuthError | undefined;
  let lastJwt: string | undefined;
  let signingKey: Promise<CryptoKey> | undefined;

  const http = createHttpClient({
    baseUrl: endpoint,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: { limit: options.retries ?? 3, baseDelayMs: options.retryBaseDelayMs ?? 500 },
    secrets: () => [lastJwt, current?.credentials.token],
    userAgent: 'yandex-tracker-mcp/0.1.0 (toolsmith)',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  const signJwt = async (): Promise<string> => {
    // Loaded on the first exchange: a server with a static token never pays for it at start-up.
    const { importPKCS8, SignJWT } = await import('jose');
    signingKey ??= importPKCS8(key.privateKeyPem, 'PS256');
    const issuedAt = Math.floor(now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: 'PS256', typ: 'JWT', kid: key.keyId })
      .setIssuer(key.serviceAccountId)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + JWT_LIFETIME_S)
      .sign(await signingKey);
  };

  const exchange = async (): Promise<IamToken> => {
    const jwt = await signJwt();
    lastJwt = jwt;
    const issuedMs = now();
    // Exchanging the same JWT twice is harmless: safe to retry after a lost answer.
    const { data } = await http.request<unknown>({
      method: 'POST',
      path: '',
      json: { jwt },
      idempotent: true,
    });
    const answer = ExchangeAnswer.safeParse(data);
    if (!answer.success) {
      throw new Error(
        `the answer has no "iamToken" (fields: ${Object.keys(Object(data)).join(', ') || 'none'})`,
      );
    }
    const parsedExpiry = answer.data.expiresAt === undefined ? NaN : Date.parse(answer.data.expiresAt);
    const expiresAtMs =
      Number.isFinite(parsedExpiry) && parsedExpiry > issuedMs
        ? parsedExpiry
        : issuedMs + DEFAULT_LIFETIME_MS;
    const lifeMs = expiresAtMs - issuedMs;
    return {
      credentials: { scheme: 'Bearer', token: answer.data.iamToken },
      expiresAtMs,
      usableUntilMs: expiresAtMs - Math.min(EXPIRY_MARGIN_MAX_MS, lifeMs * EXPIRY_MARGIN),
      refreshAtMs: issuedMs + lifeMs * (REFRESH_AT - JITTER * random()),
    };
  };

  /** One exchange at a time; its outcome is logged here, never with a token. */
  const refresh = (): Promise<IamToken> => {
    exchanging ??= (async () => {
      try {
        const token = await exchange();
        current = token;
        nextAttemptMs = -Infinity;
        logger.debug('service account IAM token exchanged', {
          expiresAt: new Date(token.expiresAtMs).toISOString(),
        });
        return token;
      } catch (error) {
        nextAttemptMs = now() + retryDelayMs;
        const usable = current !== undefined && now() < current.usableUntilMs;
        const reason = error instanceof Error ? error.message : String(error);
        if (usable) {
          logger.warn(
            'service account IAM token refresh failed; the current token is used until it expires',
            {
              expiresAt: new Date(current!.expiresAtMs).toISOString(),
              retryInMs: retryDelayMs,
              error: reason,
            },
          );
        } else {
          logger.error('service account IAM token exchange failed', { endpoint, error: reason });
        }
        throw (lastFailure = new ServiceAccountAuthError(key.serviceAccountId, endpoint, error));
      } finally {
        exchanging = undefined;
      }
    })();
    return exchanging;
  };

  return {
    kind: 'service-account',
    principal: sha256(`service-account:${key.serviceAccountId}`),
    async credentials(signal) {
      const at = now();
      if (current !== undefined && at < current.usableUntilMs) {
        if (at >= current.refreshAtMs && exchanging === undefined && at >= nextAttemptMs) {
          refresh().catch(() => undefined); // logged in refresh(); the current token goes on
        }
        return current.credentials;
      }
      // Within the wait after a failure, no token: the failure again, without calling IAM again.
      if (exchanging === undefined && at < nextAttemptMs && lastFailure) throw lastFailure;
      const pending = exchanging ?? refresh();
      if (!signal) return (await pending).credentials;
      signal.throwIfAborted();
      return (await Promise.race([pending, aborted(signal)])).credentials;
    },
    rejected(credentials) {
      // Tracker refused the token (revoked, say): the next request exchanges a new one first.
      if (current?.credentials.token === credentials.token) {
        current = { ...current, refreshAtMs: -Infinity, usableUntilMs: -Infinity };
        nextAttemptMs = -Infinity;
      }
    },
  };
}

function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) =>
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
  );
}
