/**
 * Verifies opaque access tokens by asking the authorization server (RFC 7662 token
 * introspection): a POST of the token, authenticated with this server's own client credentials
 * (`MCP_AUTH_CLIENT_ID` / `MCP_AUTH_CLIENT_SECRET`). The answer must say `active: true`, name this
 * server in `aud` (RFC 8707: a token for another resource is refused) and expire (`exp`).
 *
 * Answers are cached briefly so that a client's burst of calls costs one round trip: by the SHA-256
 * of the token (never the token), until the earlier of `cacheTtlMs` and the token's `exp`, at most
 * `maxCacheEntries` tokens (least recently used dropped). A token revoked at the authorization
 * server is therefore still accepted for up to `cacheTtlMs`; lower it (or 0) when that matters more
 * than latency. Concurrent requests with the same token share one introspection.
 */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger.ts';
import { LruMap } from '../util/lru-map.ts';
import type { AuthContext, TokenVerifier } from './auth-context.ts';
import { contextFromClaims } from './jwt-verifier.ts';
import { sha256 } from './token-hash.ts';

export interface IntrospectionVerifierOptions {
  /** The authorization server's `introspection_endpoint`. */
  endpoint: string | URL;
  /** The authorization server's issuer: compared with `iss` when the answer has one. */
  issuer: string;
  /** This server's canonical MCP URL: the answer's `aud` must include it. */
  audience: string;
  /** This server's client at the authorization server (HTTP Basic on the introspection request). */
  clientId?: string;
  clientSecret?: string;
  /** @default 5000 */
  timeoutMs?: number;
  /** Longest time an answer is reused (never past the token's `exp`); 0 asks every time. @default 60000 */
  cacheTtlMs?: number;
  /** @default 10000 */
  maxCacheEntries?: number;
  /** Failures of the authorization server itself (warn), never with the token. */
  logger?: Logger;
  /** For tests and custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
}

const invalid = (description: string) => new OAuthError(OAuthErrorCode.InvalidToken, description);

/** A verifier that introspects tokens at one authorization server, with a short cache. */
export function createIntrospectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const endpoint = new URL(options.endpoint).href;
  const post = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const ttlMs = options.cacheTtlMs ?? 60_000;
  const cache = new LruMap<string, { context: AuthContext; until: number }>(
    options.maxCacheEntries ?? 10_000,
  );
  const pending = new Map<string, Promise<AuthContext>>();
  const credentials =
    options.clientId !== undefined && options.clientSecret !== undefined
      ? `Basic ${Buffer.from(
          `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`,
        ).toString('base64')}`
      : undefined;

  const unavailable = (problem: string) => {
    options.logger?.warn('Token introspection failed', { endpoint, problem });
    return new OAuthError(
      OAuthErrorCode.TemporarilyUnavailable,
      'The authorization server could not be asked about the token. Try again shortly.',
    );
  };

  const introspect = async (token: string): Promise<AuthContext> => {
    let response: Response;
    try {
      response = await post(endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          ...(credentials ? { authorization: credentials } : {}),
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw unavailable(
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : `unreachable: ${(error as Error).message}`,
      );
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw unavailable(
        response.status === 401 || response.status === 403
          ? `HTTP ${response.status}: the authorization server refused this server's client credentials (MCP_AUTH_CLIENT_ID, MCP_AUTH_CLIENT_SECRET)`
          : `HTTP ${response.status}`,
      );
    }
    let answer: unknown;
    try {
      answer = await response.json();
    } catch {
      throw unavailable('the answer is not JSON');
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) {
      throw unavailable('the answer is not a JSON object');
    }
    const claims = answer as Record<string, unknown>;
    if (claims['active'] !== true) {
      throw invalid(
        'The access token is not active (expired, revoked or unknown to the authorization server): get a new token.',
      );
    }
    if (claims['iss'] !== undefined && claims['iss'] !== options.issuer) {
      throw invalid(
        `The access token was issued by another authorization server: this server accepts tokens of ${options.issuer}.`,
      );
    }
    const audience = claims['aud'];
    const audiences = typeof audience === 'string' ? [audience] : Array.isArray(audience) ? audience : [];
    if (!audiences.includes(options.audience)) {
      throw invalid(
        `The access token was not issued for this resource: request a token for ${options.audience} (the resource parameter, RFC 8707).`,
      );
    }
    const exp = claims['exp'];
    if (typeof exp !== 'number') {
      throw invalid('The access token has no expiry (exp): this server accepts only tokens that expire.');
    }
    if (exp * 1000 <= Date.now()) {
      throw invalid('The access token has expired: get a new one (refresh it) and send the request again.');
    }
    return contextFromClaims(options.issuer, claims);
  };

  return {
    async verify(token) {
      const digest = sha256(token);
      const now = Date.now();
      const hit = cache.get(digest);
      if (hit !== undefined) {
        if (hit.until > now) return hit.context;
        cache.delete(digest);
      }
      const running = pending.get(digest);
      if (running) return running;
      const asked = introspect(token).finally(() => pending.delete(digest));
      pending.set(digest, asked);
      const context = await asked;
      const until = Math.min(Date.now() + ttlMs, (context.expiresAt ?? 0) * 1000);
      if (ttlMs > 0 && until > Date.now()) cache.set(digest, { context, until });
      return context;
    },
  };
}
