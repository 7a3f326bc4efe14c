/**
 * How long a server asked us to wait, read with the same precedence and formats as ky (which does
 * the actual waiting), so the client's "is this wait too long?" decision and the `retryAfterMs`
 * it reports agree with the delay ky applies:
 *
 * 1. `Retry-After`: delay seconds (`120`) or an HTTP date (`Wed, 21 Oct 2026 07:28:00 GMT`).
 * 2. `RateLimit-Reset`: delay seconds, or a Unix timestamp in seconds.
 * 3. `X-RateLimit-Retry-After`: delay seconds.
 * 4. `X-RateLimit-Reset` / `X-Rate-Limit-Reset`: delay seconds, or a Unix timestamp in seconds.
 *
 * Numbers at or past 2024-01-01 when read as epoch seconds are timestamps; smaller ones are
 * delays. Returns `undefined` when no header is present or it cannot be read.
 *
 * Given the answer's `status`, only a 429 is timed by the rate-limit headers (2–4): APIs such as
 * ClickUp send them on every answer, and on a 503 they give the end of the rate-limit window (up to
 * a minute away), not a time to retry at. Any other status is timed by `Retry-After` alone.
 */

const TIMESTAMP_THRESHOLD_MS = Date.parse('2024-01-01');
const DIGITS = /^\d+$/;

const HEADERS: readonly { name: string; allowTimestamp: boolean }[] = [
  { name: 'retry-after', allowTimestamp: false },
  { name: 'ratelimit-reset', allowTimestamp: true },
  { name: 'x-ratelimit-retry-after', allowTimestamp: false },
  { name: 'x-ratelimit-reset', allowTimestamp: true },
  { name: 'x-rate-limit-reset', allowTimestamp: true },
];

/** The headers that time a retry of an answer with `status` (all of them when it is not given). */
const timingHeaders = (status: number | undefined) =>
  status === undefined || status === 429 ? HEADERS : HEADERS.slice(0, 1);

/** Whether any header a retry delay can be read from is present (its value may still be unreadable). */
export function hasRetryTimingHeader(headers: Headers, status?: number): boolean {
  return timingHeaders(status).some(({ name }) => headers.has(name));
}

export function retryAfterMs(
  headers: Headers,
  now: number = Date.now(),
  status?: number,
): number | undefined {
  const header = timingHeaders(status).find(({ name }) => headers.has(name));
  if (!header) return undefined;
  const value = (headers.get(header.name) ?? '').trim();
  if (DIGITS.test(value)) {
    const ms = Number(value) * 1000;
    if (header.allowTimestamp && ms >= TIMESTAMP_THRESHOLD_MS) return Math.max(0, ms - now);
    return ms;
  }
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}
