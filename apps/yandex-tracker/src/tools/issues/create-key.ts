/**
 * The `unique` key of an issue create, derived from the call so that the agent's retry of the same
 * call sends the same key and Tracker refuses a second issue (409): a create whose answer was lost
 * ("timed out", a 5xx, a reset) is then safe to call again, and returns the issue made the first
 * time.
 *
 * The key is a hash of
 * - the normalised create body (the API body after every declared value was resolved, so "Bob
 *   Petrov" and "bob" are the same call; object keys sorted, lists of plain values sorted, strings
 *   in Unicode NFC, absent fields left out),
 * - the caller: the organisation and who calls — the principal of the credentials (a hash of the
 *   static token, the service account's id, the user's auth cache key; auth/credential-source.ts),
 *   hashed again ({@link callerIdentity}): a token never leaves the process in a form that can be
 *   reversed, and a service account keeps its keys across IAM tokens,
 * - the time bucket: `floor(now / CREATE_WINDOW_MS)`.
 *
 * A call computes the key of its own bucket and of the one before, and returns the issue the
 * earlier key made if that issue was created less than {@link CREATE_WINDOW_MS} ago: the same call
 * repeated within the window gets the first issue back, whichever side of a bucket boundary the two
 * calls fall; one repeated later creates a new issue. `allowDuplicate: true` sends a random key.
 */
import { sha256 } from '../../auth/credential-source.ts';

/** How long the same create call returns the issue the first one made: 10 minutes. */
export const CREATE_WINDOW_MS = 10 * 60_000;

/** Bumped when the derivation changes, so that keys of two derivations never meet. */
const DERIVATION = 'toolsmith-create-v1';

/** An opaque identity of the organisation and of who calls Tracker (a credential source's principal). */
export function callerIdentity(org: { header: string; id: string }, principal: string) {
  return sha256(`${org.header}:${org.id}\n${principal}`).slice(0, 32);
}

/** The bucket of the window a moment falls in. */
export function windowBucket(nowMs: number): number {
  return Math.floor(nowMs / CREATE_WINDOW_MS);
}

/** The `unique` key of a create body for a caller and a bucket. */
export function createKey(body: Record<string, unknown>, caller: string, bucket: number): string {
  const digest = sha256(`${DERIVATION}\n${caller}\n${bucket}\n${canonicalJson(body)}`);
  return `toolsmith-${digest.slice(0, 32)}`;
}

/** A key no other call shares: a deliberate second issue with the same content. */
export function randomKey(): string {
  return `toolsmith-${process.getBuiltinModule('node:crypto').randomUUID()}`;
}

/** JSON with object keys sorted, lists of plain values sorted, strings NFC, `undefined` left out. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(normalise(value)) ?? 'null';
}

function normalise(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (Array.isArray(value)) {
    const items = value.map(normalise);
    const plain = items.every((item) => item === null || typeof item !== 'object');
    return plain ? items.toSorted((a, b) => compare(JSON.stringify(a), JSON.stringify(b))) : items;
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).toSorted(compare)) {
      const item = (value as Record<string, unknown>)[key];
      if (item !== undefined) out[key] = normalise(item);
    }
    return out;
  }
  return value;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
