/**
 * Verifies JWT access tokens (RFC 9068 and the like) against the issuer's published keys, with
 * jose: `createRemoteJWKSet` fetches the JWKS once, keeps it, and fetches it again when a token
 * names a key id it does not hold (key rotation) — at most once per cooldown, so a flood of made-up
 * key ids cannot turn into a flood of requests to the issuer — and `jwtVerify` checks signature,
 * `iss`, `aud` and the times. Only asymmetric algorithms are accepted: `alg: none` and the HMAC
 * family (`HS256`…, which would let anyone holding the public key sign) are refused before any key
 * is looked up.
 *
 * The audience is this server's canonical URL (RFC 8707): a token issued for another resource is
 * refused, even from the same issuer. Error descriptions say what to do and never quote the token.
 */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { createRemoteJWKSet, customFetch, jwtVerify, type JWTPayload } from 'jose';
import { ConfigError } from '../errors/config-error.ts';
import type { AuthContext, TokenVerifier } from './auth-context.ts';
import { authCacheKey } from './token-hash.ts';

/** The signature algorithms accepted by default: every asymmetric JWS algorithm jose verifies. */
export const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const;

export interface JwtVerifierOptions {
  /** The `iss` every token must carry (the issuer's metadata `issuer`). */
  issuer: string;
  /** The `aud` a token must include: this server's canonical MCP URL (RFC 8707). */
  audience: string;
  /** The issuer's JWKS (`jwks_uri` of its metadata). */
  jwksUri: string | URL;
  /** A subset of ASYMMETRIC_ALGORITHMS. @default ASYMMETRIC_ALGORITHMS */
  algorithms?: readonly string[];
  /** Leeway for `exp` and `nbf` against clock skew, in seconds. @default 10 */
  clockToleranceSec?: number;
  /** JWKS fetching (jose's defaults: 10 min cache, 30 s cooldown, 5 s timeout). */
  jwks?: {
    /** Keep the fetched keys this long before fetching them again. @default 600000 */
    cacheMaxAgeMs?: number;
    /** Least time between two fetches caused by unknown key ids. @default 30000 */
    cooldownMs?: number;
    /** @default 5000 */
    timeoutMs?: number;
  };
  /** For tests and custom agents. @default globalThis.fetch */
  fetch?: typeof fetch;
}

const invalid = (description: string) => new OAuthError(OAuthErrorCode.InvalidToken, description);

/** The token's scopes: OAuth's space-separated `scope`, or `scp` (a list or a string) as some issuers write it. */
export function claimScopes(claims: Record<string, unknown>): string[] {
  const scope = claims['scope'] ?? claims['scp'];
  if (typeof scope === 'string') return scope.split(' ').filter(Boolean);
  if (Array.isArray(scope)) return scope.filter((s): s is string => typeof s === 'string');
  return [];
}

/** The OAuth client holding a token: `client_id` (RFC 9068), `azp` (OpenID), else the subject. */
export function claimClientId(claims: Record<string, unknown>, subject: string): string {
  const client = claims['client_id'] ?? claims['azp'];
  return typeof client === 'string' && client !== '' ? client : subject;
}

/** The AuthContext of verified claims (JWT payload or introspection answer). */
export function contextFromClaims(issuer: string, claims: Record<string, unknown>): AuthContext {
  const subject = claims['sub'];
  if (typeof subject !== 'string' || subject === '') {
    throw invalid(
      'The access token names no subject (sub): ask the authorization server for a token issued to a user or client.',
    );
  }
  const exp = claims['exp'];
  return {
    subject,
    clientId: claimClientId(claims, subject),
    scopes: claimScopes(claims),
    ...(typeof exp === 'number' ? { expiresAt: exp } : {}),
    claims,
    cacheKey: authCacheKey(issuer, subject),
  };
}

/** jose's error for a token → an `invalid_token` saying what was wrong and what to do. */
function describe(error: unknown, options: JwtVerifierOptions, algorithms: readonly string[]): OAuthError {
  const { code, claim } = error as { code?: string; claim?: string };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return invalid('The access token has expired: get a new one (refresh it) and send the request again.');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'aud') {
        return invalid(
          `The access token was issued for another resource: request a token for ${options.audience} (the resource parameter, RFC 8707).`,
        );
      }
      if (claim === 'iss') {
        return invalid(
          `The access token was issued by another authorization server: this server accepts tokens of ${options.issuer}.`,
        );
      }
      if (claim === 'exp') {
        return invalid('The access token has no expiry (exp): this server accepts only tokens that expire.');
      }
      if (claim === 'nbf' || claim === 'iat') {
        return invalid('The access token is not valid yet: check the clocks, or get a new token.');
      }
      return invalid(`The access token's ${claim ?? 'claims'} claim is not valid: get a new token.`);
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
    case 'ERR_JOSE_NOT_SUPPORTED':
      return invalid(
        `The access token is signed with an algorithm this server does not accept. Accepted: ${algorithms.join(', ')}.`,
      );
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return invalid(
        'The access token signature does not verify: get a new token from the authorization server.',
      );
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return invalid(
        `The access token is signed with a key ${options.issuer} does not publish: get a new token.`,
      );
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return invalid(
        'The access token is not a valid JWT: send the access token the authorization server issued.',
      );
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
    case 'ERR_JOSE_GENERIC':
    case undefined:
      // The issuer's keys could not be read (network, timeout, a malformed JWKS): not the client's fault.
      return new OAuthError(
        OAuthErrorCode.TemporarilyUnavailable,
        'The authorization server keys could not be fetched to check the token. Try again shortly.',
      );
    default:
      return invalid(
        'The access token could not be verified: get a new token from the authorization server.',
      );
  }
}

/** A verifier of JWT access tokens for one issuer and audience. */
export function createJwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const algorithms = options.algorithms ?? ASYMMETRIC_ALGORITHMS;
  const refused = algorithms.filter((a) => !(ASYMMETRIC_ALGORITHMS as readonly string[]).includes(a));
  if (algorithms.length === 0 || refused.length > 0) {
    throw new ConfigError({
      problems: [
        {
          variable: 'algorithms',
          problem: `${refused.length ? refused.join(', ') : 'an empty list'} cannot verify access tokens here.`,
          howToFix: `Choose among the asymmetric algorithms ${ASYMMETRIC_ALGORITHMS.join(', ')}; "none" and shared-secret HMAC (HS256…) are never accepted.`,
        },
      ],
    });
  }
  const jwks = createRemoteJWKSet(new URL(options.jwksUri), {
    ...(options.jwks?.cacheMaxAgeMs !== undefined ? { cacheMaxAge: options.jwks.cacheMaxAgeMs } : {}),
    ...(options.jwks?.cooldownMs !== undefined ? { cooldownDuration: options.jwks.cooldownMs } : {}),
    ...(options.jwks?.timeoutMs !== undefined ? { timeoutDuration: options.jwks.timeoutMs } : {}),
    ...(options.fetch ? { [customFetch]: options.fetch } : {}),
  });
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: [...algorithms],
    clockTolerance: options.clockToleranceSec ?? 10,
    requiredClaims: ['exp'],
  };
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, jwks, verifyOptions));
      } catch (error) {
        throw describe(error, options, algorithms);
      }
      return contextFromClaims(options.issuer, payload as Record<string, unknown>);
    },
  };
}
