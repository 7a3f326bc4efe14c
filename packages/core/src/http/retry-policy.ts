/**
 * The HTTP client's retry policy, in one place. ky runs the retry loop (backoff, jitter, waiting
 * for `Retry-After`); this module only decides WHETHER a failed attempt may be sent again.
 *
 * Retried failures: HTTP 429, 502, 503, 504, timeouts, and network errors — a connection that
 * breaks while the answer's body is read included (the client reads the whole body within the
 * attempt, so that failure reaches this policy like any other).
 *
 * | failure                                  | idempotent request | non-idempotent request (POST, PATCH) |
 * | ---------------------------------------- | ------------------ | ------------------------------------ |
 * | 429                                      | retry              | retry (the server refused it)        |
 * | 503 with `Retry-After`                   | retry              | retry (the server refused it)        |
 * | 503 without it (rate-limit headers only) | retry              | stop, `mayHaveSucceeded`             |
 * | 502, 504                                 | retry              | stop, `mayHaveSucceeded`             |
 * | timeout (headers or body too slow)       | retry              | stop, `mayHaveSucceeded`             |
 * | connection refused, DNS, TLS (not sent)  | retry              | retry                                |
 * | connection reset / closed (maybe sent)   | retry              | stop, `mayHaveSucceeded`             |
 * | connection closed mid-body (answered)    | retry              | stop, `mayHaveSucceeded`             |
 * | 500 and any other 5xx but 501            | stop               | stop, `mayHaveSucceeded`             |
 * | 501, and any other status (4xx)          | stop               | stop                                 |
 *
 * A 500 is not retried: it is the server failing on this request, not a passing outage (the
 * transient statuses are the gateway's and the overloaded server's 502, 503, 504), so sending the
 * same request again mostly fails the same way, later. Server configuration texts say so
 * ("429, 502, 503 or 504"), never "5xx".
 *
 * `mayHaveSucceeded` — the effect of a non-idempotent request is unknown — follows from where the
 * failure came: a 5xx says the server (or a gateway in front of it) failed while the request was in
 * its hands, and a write may be made before the failure (a 500 raised while the answer was built,
 * a gateway's 502/504 after the server took the request, a 503 from a proxy whose upstream broke
 * off). Only a 503 with `Retry-After` (the server refusing it for now, retried as such) and a 501
 * (the method is not implemented) say it was not carried out; a 4xx is a refusal. A timeout, and a
 * connection that broke after the request may have been sent, leave it unknown as well.
 *
 * A 429/503 whose requested wait is longer than `maxRetryAfterMs` is not retried at all: the
 * caller gets the error (with `retryAfterMs`) at once instead of blocking for the cap and failing.
 *
 * Idempotent methods: GET, HEAD, PUT, DELETE, OPTIONS (and TRACE). A request marked
 * `idempotent: true` (for instance because it carries an idempotency key) is treated like a GET.
 */

export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'PUT',
  'DELETE',
  'OPTIONS',
  'TRACE',
]);

/** Statuses that can be retried at all (subject to the table above). */
export const RETRYABLE_STATUSES: readonly number[] = [429, 502, 503, 504];

/** Statuses whose retry waits for the server's `Retry-After` / rate-limit reset header when present. */
export const RETRY_AFTER_STATUSES: readonly number[] = [429, 503];

/** One failed attempt, as the policy sees it. */
export type AttemptFailure =
  | {
      kind: 'status';
      status: number;
      /** A retry timing header was present (even if unreadable). */
      hasRetryAfter: boolean;
      /** The wait it asks for, when readable. */
      retryAfterMs: number | undefined;
    }
  | { kind: 'timeout' }
  /**
   * `sent: false` only when the request certainly never reached the server (refused, DNS, TLS);
   * `permanent`: it never can be as configured (a port fetch refuses), so it is not retried.
   */
  | { kind: 'network'; sent: boolean; permanent?: boolean }
  | { kind: 'other' };

/**
 * - `backoff`: retry after the exponential backoff delay (with jitter).
 * - `server-delay`: retry after the delay the server asked for (ky reads the header).
 * - `stop`: do not retry.
 */
export type RetryDecision = 'backoff' | 'server-delay' | 'stop';

export interface RetryPolicyInput {
  /** GET-like: safe to send twice. */
  idempotent: boolean;
  /** Longest server-requested wait the client accepts. */
  maxRetryAfterMs: number;
}

export function isIdempotentRequest(method: string, override?: boolean): boolean {
  return override ?? IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function decideRetry(
  failure: AttemptFailure,
  { idempotent, maxRetryAfterMs }: RetryPolicyInput,
): RetryDecision {
  switch (failure.kind) {
    case 'status': {
      const { status, hasRetryAfter, retryAfterMs } = failure;
      if (!RETRYABLE_STATUSES.includes(status)) return 'stop';
      const honoursHeader = RETRY_AFTER_STATUSES.includes(status) && hasRetryAfter;
      if (honoursHeader && retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) return 'stop';
      if (status === 429) return honoursHeader ? 'server-delay' : 'backoff';
      if (status === 503 && honoursHeader) return 'server-delay';
      return idempotent ? 'backoff' : 'stop';
    }
    case 'timeout':
      return idempotent ? 'backoff' : 'stop';
    case 'network':
      if (failure.permanent) return 'stop';
      return idempotent || !failure.sent ? 'backoff' : 'stop';
    case 'other':
      return 'stop';
  }
}

/**
 * True when the final failure of a non-idempotent request leaves its effect unknown: it may have
 * been applied, so it was not re-sent and the caller must check before calling again.
 */
export function mayHaveSucceeded(failure: AttemptFailure, idempotent: boolean): boolean {
  if (idempotent) return false;
  switch (failure.kind) {
    case 'status':
      if (failure.status < 500 || failure.status === 501) return false;
      return !(failure.status === 503 && failure.hasRetryAfter);
    case 'timeout':
      return true;
    case 'network':
      return failure.sent;
    case 'other':
      return false;
  }
}
