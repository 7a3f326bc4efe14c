/**
 * The API's rate limit (research §2.2): a number of requests per token per minute (100 on Free
 * Forever … 10,000 on Enterprise). Each answer carries `X-RateLimit-Limit`, `X-RateLimit-Remaining`
 * and `X-RateLimit-Reset` (Unix seconds); over the limit the answer is 429 with the same headers.
 */
import { rateLimited } from './clickup-error.ts';

export interface RateLimiter {
  /** Requests per token per minute. Changeable while running. */
  perMinute: number;
  /** Counts one request of `token`; returns the headers, or throws the 429 error. */
  hit(token: string): Record<string, string>;
  /** Forgets the counts (a new window for every token). */
  reset(): void;
}

export function createRateLimiter(perMinute: number, now: () => number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const limiter: RateLimiter = {
    perMinute,
    hit(token) {
      const at = now();
      let window = windows.get(token);
      if (!window || at >= window.start + 60_000) {
        window = { start: at, count: 0 };
        windows.set(token, window);
      }
      window.count += 1;
      const headers = {
        'X-RateLimit-Limit': String(limiter.perMinute),
        'X-RateLimit-Remaining': String(Math.max(0, limiter.perMinute - window.count)),
        'X-RateLimit-Reset': String(Math.ceil((window.start + 60_000) / 1000)),
      };
      if (window.count > limiter.perMinute) throw rateLimited(headers);
      return headers;
    },
    reset: () => windows.clear(),
  };
  return limiter;
}
