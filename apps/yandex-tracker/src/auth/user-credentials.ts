/**
 * The calling user's own Tracker credentials, from the request's auth context (core's
 * `AuthContext.upstreamCredentials()`): a Yandex OAuth token the built-in authorization server
 * keeps for the user, or the token a gateway passed through. Read for every request, so a token
 * refreshed upstream is used at once; never the server's own credentials.
 */
import { sha256, type CredentialSource, type TrackerCredentials } from './credential-source.ts';
import { UpstreamCredentialsError } from './upstream-credentials-error.ts';

/** The part of core's `AuthContext` this needs (structurally the same). */
export interface UserAuth {
  readonly cacheKey: string;
  upstreamCredentials?(signal?: AbortSignal): Promise<{
    readonly scheme: 'Bearer' | 'OAuth' | 'raw';
    readonly token: string;
    readonly expiresAt?: number;
  }>;
}

/**
 * `auth()` is the user's latest auth context (the per-user deps keep one source and hand it the
 * newest context of each request).
 */
export function userCredentials(auth: () => UserAuth): CredentialSource {
  return {
    kind: 'user',
    principal: sha256(`user:${auth().cacheKey}`),
    async credentials(signal): Promise<TrackerCredentials> {
      const context = auth();
      if (!context.upstreamCredentials) throw UpstreamCredentialsError.missing();
      const upstream = await context.upstreamCredentials(signal);
      if (upstream.scheme === 'raw') throw UpstreamCredentialsError.rawScheme();
      return { scheme: upstream.scheme, token: upstream.token };
    },
  };
}
