/**
 * Where the Tracker client gets the `Authorization` of each request: a static OAuth or IAM token,
 * a service account's IAM token (exchanged and refreshed, service-account-credentials.ts), or the
 * calling user's own upstream credentials (user-credentials.ts). The client asks on every request,
 * so a refreshed token is used from the next request on, without a restart.
 */

/** What Tracker takes in `Authorization`: `OAuth <token>` or `Bearer <IAM token>`. */
export interface TrackerCredentials {
  readonly scheme: 'OAuth' | 'Bearer';
  readonly token: string;
}

export type CredentialKind = 'oauth-token' | 'iam-token' | 'service-account' | 'user';

export interface CredentialSource {
  readonly kind: CredentialKind;
  /**
   * Who calls, without the secret: a hash, stable while the same account calls (a service
   * account keeps its principal across IAM tokens). Part of the issue-create `unique` key.
   */
  readonly principal: string;
  /** The credentials for the next request (may exchange or refresh a token first). */
  credentials(signal?: AbortSignal): Promise<TrackerCredentials>;
  /** Tracker answered 401 to these credentials: refresh before the next request where possible. */
  rejected?(credentials: TrackerCredentials): void;
}

// node:crypto loaded at the first hash, not at start (a static import compiles it into every start).
export const sha256 = (text: string) =>
  process.getBuiltinModule('node:crypto').createHash('sha256').update(text).digest('hex');

/** A token from the environment, sent as it is (YANDEX_TRACKER_TOKEN, YANDEX_TRACKER_IAM_TOKEN). */
export function staticCredentials(credentials: TrackerCredentials): CredentialSource {
  const fixed = { scheme: credentials.scheme, token: credentials.token };
  let principal: string | undefined;
  return {
    kind: credentials.scheme === 'OAuth' ? 'oauth-token' : 'iam-token',
    // Hashed when first read (the first issue created), not when the server starts.
    get principal() {
      return (principal ??= sha256(`${fixed.scheme} ${fixed.token}`));
    },
    credentials: async () => fixed,
  };
}
