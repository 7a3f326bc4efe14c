/**
 * Verifies the access tokens the built-in authorization server issues: JWTs (RFC 9068, `typ:
 * at+jwt`) signed with its own key, for its own issuer and for the MCP resource only (RFC 8707),
 * checked with jose against the public keys in hand (no JWKS fetch). A token is refused as soon as
 * its grant is gone — revoked, or killed because a rotated refresh token was used again — not
 * only when it expires. The context it returns carries the user's upstream credentials from the
 * token vault; the MCP client's token itself never goes upstream.
 */
import { OAuthError, OAuthErrorCode } from '@modelcontextprotocol/server';
import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import type { AuthContext, TokenVerifier } from '../auth-context.ts';
import { digest, type SealedRecords } from './sealed-records.ts';
import type { TokenVault } from './token-vault.ts';

/** Longer than any token this server issues; anything bigger is refused before parsing. */
const MAX_TOKEN_LENGTH = 4096;

export interface BuiltinVerifierOptions {
  issuer: string;
  /** The `aud` of every token: the MCP resource. */
  audience: string;
  /** Public keys of the authorization server and the algorithm it signs with. */
  keys: { keys: JWK[] };
  algorithm: string;
  records: SealedRecords;
  vault: TokenVault;
  /** Leeway for `exp` against clock skew between replicas, in seconds. @default 10 */
  clockToleranceSec?: number;
}

const invalid = (description: string) => new OAuthError(OAuthErrorCode.InvalidToken, description);

export function createBuiltinTokenVerifier(options: BuiltinVerifierOptions): TokenVerifier {
  const jwks = createLocalJWKSet(options.keys);
  const verifyOptions = {
    issuer: options.issuer,
    audience: options.audience,
    algorithms: [options.algorithm],
    typ: 'at+jwt',
    clockTolerance: options.clockToleranceSec ?? 10,
    requiredClaims: ['exp', 'sub', 'client_id'],
  };
  return {
    async verify(token) {
      if (token.length > MAX_TOKEN_LENGTH) {
        throw invalid('The access token is longer than any this server issues: send the token it issued.');
      }
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, jwks, verifyOptions));
      } catch (error) {
        throw describe(error, options);
      }
      const subject = payload.sub!;
      const clientId = String(payload['client_id']);
      const grantId = payload['gid'];
      const grant =
        typeof grantId === 'string'
          ? await options.records.get<{ accountId?: string; clientId?: string }>('Grant', grantId)
          : undefined;
      if (!grant || grant.value.accountId !== subject || grant.value.clientId !== clientId) {
        throw invalid(
          'The access token was revoked (sign-out, revocation or a reused refresh token): sign in again.',
        );
      }
      const scope = payload['scope'];
      const context: AuthContext = {
        subject,
        clientId,
        scopes: typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [],
        ...(payload.exp === undefined ? {} : { expiresAt: payload.exp }),
        claims: payload,
        cacheKey: digest(`${options.issuer}\u0000${subject}`),
        upstreamCredentials: (signal) => options.vault.credentials(subject, signal),
      };
      return context;
    },
  };
}

function describe(error: unknown, options: BuiltinVerifierOptions): OAuthError {
  const { code, claim } = error as { code?: string; claim?: string };
  if (code === 'ERR_JWT_EXPIRED') {
    return invalid('The access token has expired: refresh it (or sign in again) and send the request again.');
  }
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'aud') {
    return invalid(
      `The access token was issued for another resource: request one for ${options.audience} (RFC 8707).`,
    );
  }
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'iss') {
    return invalid(
      `The access token was issued by another authorization server: this server accepts ${options.issuer}.`,
    );
  }
  return invalid(
    `The access token is not one ${options.issuer} issued for this server: sign in again to get one.`,
  );
}
