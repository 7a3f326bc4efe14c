import { describe, expect, it } from '@jest/globals';
import { decideRetry, isIdempotentRequest, mayHaveSucceeded, type AttemptFailure } from './retry-policy.ts';

const status = (code: number, retryAfterMs?: number): AttemptFailure => ({
  kind: 'status',
  status: code,
  hasRetryAfter: retryAfterMs !== undefined,
  retryAfterMs,
});

const FAILURES: Record<string, AttemptFailure> = {
  '400': status(400),
  '404': status(404),
  '429': status(429),
  '429 + Retry-After 2s': status(429, 2000),
  '429 + Retry-After 2min': status(429, 120_000),
  '500': status(500),
  '501': status(501),
  '502': status(502),
  '503': status(503),
  '503 + Retry-After 2s': status(503, 2000),
  '504': status(504),
  timeout: { kind: 'timeout' },
  'network, not sent': { kind: 'network', sent: false },
  'network, maybe sent': { kind: 'network', sent: true },
  'network, bad port': { kind: 'network', sent: false, permanent: true },
  other: { kind: 'other' },
};

describe('decideRetry', () => {
  it('follows the documented table for idempotent and non-idempotent requests', () => {
    const table = Object.fromEntries(
      Object.entries(FAILURES).map(([name, failure]) => [
        name,
        {
          idempotent: decideRetry(failure, { idempotent: true, maxRetryAfterMs: 60_000 }),
          nonIdempotent: decideRetry(failure, { idempotent: false, maxRetryAfterMs: 60_000 }),
          mayHaveSucceeded: mayHaveSucceeded(failure, false),
        },
      ]),
    );
    expect(table).toMatchInlineSnapshot(`
{
  "400": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "404": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "429": {
    "idempotent": "backoff",
    "mayHaveSucceeded": false,
    "nonIdempotent": "backoff",
  },
  "429 + Retry-After 2min": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "429 + Retry-After 2s": {
    "idempotent": "server-delay",
    "mayHaveSucceeded": false,
    "nonIdempotent": "server-delay",
  },
  "500": {
    "idempotent": "stop",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
  "501": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "502": {
    "idempotent": "backoff",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
  "503": {
    "idempotent": "backoff",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
  "503 + Retry-After 2s": {
    "idempotent": "server-delay",
    "mayHaveSucceeded": false,
    "nonIdempotent": "server-delay",
  },
  "504": {
    "idempotent": "backoff",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
  "network, bad port": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "network, maybe sent": {
    "idempotent": "backoff",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
  "network, not sent": {
    "idempotent": "backoff",
    "mayHaveSucceeded": false,
    "nonIdempotent": "backoff",
  },
  "other": {
    "idempotent": "stop",
    "mayHaveSucceeded": false,
    "nonIdempotent": "stop",
  },
  "timeout": {
    "idempotent": "backoff",
    "mayHaveSucceeded": true,
    "nonIdempotent": "stop",
  },
}
`);
  });

  it('gives up at once when the server asks to wait longer than maxRetryAfterMs', () => {
    expect(decideRetry(status(503, 5000), { idempotent: true, maxRetryAfterMs: 4999 })).toBe('stop');
    expect(decideRetry(status(503, 5000), { idempotent: true, maxRetryAfterMs: 5000 })).toBe('server-delay');
  });

  it('never reports an idempotent request as possibly applied', () => {
    for (const failure of Object.values(FAILURES)) expect(mayHaveSucceeded(failure, true)).toBe(false);
  });
});

describe('isIdempotentRequest', () => {
  it('treats GET, HEAD, PUT, DELETE, OPTIONS as idempotent and POST, PATCH as not', () => {
    expect(['GET', 'head', 'PUT', 'DELETE', 'OPTIONS'].map((m) => isIdempotentRequest(m))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['POST', 'PATCH'].map((m) => isIdempotentRequest(m))).toEqual([false, false]);
  });

  it('lets a request override the method default', () => {
    expect(isIdempotentRequest('POST', true)).toBe(true);
    expect(isIdempotentRequest('PUT', false)).toBe(false);
  });
});
