/**
 * SHA-256 digests that stand in for secrets wherever something must be remembered about them:
 * cache keys of introspection answers, stored API keys, per-user cache keys. A digest is never
 * turned back into the secret, and the secret itself is never kept or logged.
 */
import { createHash } from 'node:crypto';

/** The SHA-256 of `text`, base64url (43 characters). */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64url');
}

/**
 * The `AuthContext.cacheKey` of a user: equal for the same issuer and subject, different for any
 * other pair (a NUL separates them, so `("a", "b:c")` and `("a:b", "c")` differ).
 */
export function authCacheKey(issuer: string, subject: string): string {
  return sha256(`${issuer}\u0000${subject}`);
}
