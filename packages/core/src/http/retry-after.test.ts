import { describe, expect, it } from '@jest/globals';
import { hasRetryTimingHeader, retryAfterMs } from './retry-after.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('retryAfterMs', () => {
  it('reads Retry-After delay seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '7' }), NOW)).toBe(7000);
  });

  it('reads Retry-After as an HTTP date relative to now', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Mar 2026 12:00:30 GMT' }), NOW)).toBe(30_000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Mar 2026 11:00:00 GMT' }), NOW)).toBe(0);
  });

  it('reads reset headers as delay seconds or as a Unix timestamp', () => {
    expect(retryAfterMs(new Headers({ 'ratelimit-reset': '3' }), NOW)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 12) }), NOW)).toBe(12_000);
    expect(retryAfterMs(new Headers({ 'x-rate-limit-reset': '4' }), NOW)).toBe(4000);
    expect(retryAfterMs(new Headers({ 'x-ratelimit-retry-after': '5' }), NOW)).toBe(5000);
  });

  it('prefers Retry-After over reset headers', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '1', 'x-ratelimit-reset': '9' }), NOW)).toBe(1000);
  });

  it('times a 429 by every header, any other status by Retry-After alone', () => {
    const reset = new Headers({ 'x-ratelimit-reset': String(NOW / 1000 + 40) });
    expect(retryAfterMs(reset, NOW, 429)).toBe(40_000);
    expect(hasRetryTimingHeader(reset, 429)).toBe(true);
    expect(retryAfterMs(reset, NOW, 503)).toBeUndefined();
    expect(hasRetryTimingHeader(reset, 503)).toBe(false);
    const both = new Headers({ 'retry-after': '2', 'x-ratelimit-reset': String(NOW / 1000 + 40) });
    expect(retryAfterMs(both, NOW, 503)).toBe(2000);
  });

  it('is undefined without a header or with an unreadable one', () => {
    expect(retryAfterMs(new Headers(), NOW)).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), NOW)).toBeUndefined();
    expect(hasRetryTimingHeader(new Headers({ 'retry-after': 'soon' }))).toBe(true);
    expect(hasRetryTimingHeader(new Headers({ 'x-other': '1' }))).toBe(false);
  });
});
