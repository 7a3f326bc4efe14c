import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../errors/api-error.ts';
import { AuthError } from '../errors/auth-error.ts';
import { CancelledError } from '../errors/cancelled-error.ts';
import { NetworkError } from '../errors/network-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { RateLimitedError } from '../errors/rate-limited-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';
import type { LogFields, Logger } from '../logging/logger.ts';
import { createHttpClient, type HttpClientOptions } from './http-client.ts';
import type { HttpApiError } from './map-http-error.ts';

const TOKEN = 'y0_secret-token-1234567890';
const BASE = 'https://api.example.com/v2';

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

type Responder = (request: Request, attempt: number) => Response | Promise<Response>;

/** A fetch that answers with `responders` in turn (the last one repeats) and records every call. */
function scriptedFetch(...responders: Responder[]) {
  const seen: Seen[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: await request.clone().text(),
    });
    const responder = responders[Math.min(seen.length, responders.length) - 1]!;
    return responder(request, seen.length);
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

const text =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    new Response(body, { status, headers: { 'content-type': 'text/plain', ...headers } });

/** Rejects like undici does when the connection fails. */
const networkFailure = (code: string) => () =>
  Promise.reject(
    new TypeError('fetch failed', { cause: Object.assign(new Error(`${code} 10.0.0.1:443`), { code }) }),
  );

/** Never answers; rejects when the request is aborted (timeout or caller). */
const hang: Responder = (request) =>
  new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

function capturingLogger() {
  const lines: { message: string; fields: LogFields | undefined }[] = [];
  const logger: Logger = {
    debug: (message, fields) => lines.push({ message, fields }),
    info: (message, fields) => lines.push({ message, fields }),
    warn: (message, fields) => lines.push({ message, fields }),
    error: (message, fields) => lines.push({ message, fields }),
    child: () => logger,
  };
  return { logger, lines };
}

function client(fetch: typeof globalThis.fetch, options: Partial<HttpClientOptions> = {}) {
  return createHttpClient({
    baseUrl: BASE,
    fetch,
    headers: () => ({ Authorization: `OAuth ${TOKEN}` }),
    retry: { limit: 2, baseDelayMs: 1, backoffLimitMs: 5 },
    ...options,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

describe('createHttpClient: requests', () => {
  it('joins the path to the base URL, encodes the query and sends JSON', async () => {
    const { fetch, seen } = scriptedFetch(json(201, { id: 7 }));
    const http = client(fetch, { userAgent: 'toolsmith-test/1' });
    const res = await http.post<{ id: number }>('/issues', {
      query: { fields: ['a', 'b'], draft: true },
      json: { summary: 'x' },
    });
    expect(res).toMatchObject({ status: 201, data: { id: 7 } });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: `${BASE}/issues?fields=a&fields=b&draft=true`,
      body: '{"summary":"x"}',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'toolsmith-test/1',
      },
    });
  });

  it('evaluates the headers lazily, once per request, at request time', async () => {
    let token = 'first-token';
    let calls = 0;
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const http = client(fetch, {
      headers: () => {
        calls += 1;
        return { Authorization: `Bearer ${token}` };
      },
    });
    expect(calls).toBe(0);
    await http.get('/a');
    token = 'second-token';
    await http.get('/b');
    expect(calls).toBe(2);
    expect(seen.map((s) => s.headers['authorization'])).toEqual([
      'Bearer first-token',
      'Bearer second-token',
    ]);
  });

  it('accepts async header providers and lets request headers override them', async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const http = client(fetch, { headers: async () => ({ 'x-org-id': '1', 'x-mode': 'client' }) });
    await http.get('/a', { headers: { 'x-mode': 'request' } });
    expect(seen[0]!.headers).toMatchObject({ 'x-org-id': '1', 'x-mode': 'request' });
  });

  it('sends a raw body with its content type', async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    await client(fetch).put('/file', { body: 'a,b\n1,2', contentType: 'text/csv' });
    expect(seen[0]).toMatchObject({
      method: 'PUT',
      body: 'a,b\n1,2',
      headers: { 'content-type': 'text/csv' },
    });
  });

  it('returns undefined data for 204, empty bodies and HEAD', async () => {
    const { fetch } = scriptedFetch(
      () => new Response(null, { status: 204 }),
      () => new Response('', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    const http = client(fetch);
    expect((await http.delete('/a')).data).toBeUndefined();
    expect((await http.delete('/b')).data).toBeUndefined();
    expect((await http.request({ method: 'HEAD', path: '/c' })).data).toBeUndefined();
  });

  it('reads text and bytes responses', async () => {
    const { fetch } = scriptedFetch(
      text(200, 'plain'),
      () => new Response(new Uint8Array([1, 2, 3]), { status: 200 }),
    );
    const http = client(fetch);
    expect((await http.request({ path: '/t', responseType: 'text' })).data).toBe('plain');
    const bytes = await http.request({ path: '/b', responseType: 'bytes' });
    expect([...bytes.data]).toEqual([1, 2, 3]);
  });

  it('returns an expected non-2xx status as is, and fails on an unexpected 2xx', async () => {
    const { fetch } = scriptedFetch(json(404, { message: 'gone' }), json(200, {}));
    const http = client(fetch);
    const res = await http.get('/maybe', { expectStatus: [200, 404] });
    expect(res).toMatchObject({ status: 404, data: { message: 'gone' } });
    const error = await failure(http.post('/create', { expectStatus: 201 }));
    expect(error).toMatchObject({ code: 'unexpected_status', status: 200 });
    expect(error.message).toContain('answered 200, expected 201');
  });
});

describe('createHttpClient: options', () => {
  it('refuses a relative base URL and out-of-range settings at construction', () => {
    expect(() => createHttpClient({ baseUrl: '/api' })).toThrow('baseUrl must be an absolute URL');
    expect(() => createHttpClient({ baseUrl: BASE, concurrency: 0 })).toThrow(
      'concurrency must be an integer ≥ 1, got 0.',
    );
    expect(() => createHttpClient({ baseUrl: BASE, retry: { limit: 1.5 } })).toThrow(
      'retry.limit must be an integer ≥ 0',
    );
  });
});

describe('createHttpClient: response parsing', () => {
  it('turns a 2xx body that is not JSON into invalid_response, quoting the start of it, redacted', async () => {
    const html = `<html><body>Proxy error for token ${TOKEN}</body></html>`;
    const { fetch } = scriptedFetch(
      () => new Response(html, { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(client(fetch).get('/issues'));
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(error.message).not.toContain(TOKEN);
    expect(error.message).toMatchInlineSnapshot(
      `"GET https://api.example.com/v2/issues answered 200 with a body that is not valid JSON (content-type: text/html; 74 characters, starting: "<html><body>Proxy error for token [REDACTED]</body></html>"). The service or a proxy in front of it returned something unexpected; try again later, and report it if it persists."`,
    );
  });

  it('quotes at most 200 characters of a truncated JSON body', async () => {
    const body = `{"items": [${'"x",'.repeat(200)}`;
    const { fetch } = scriptedFetch(text(200, body, { 'content-type': 'application/json' }));
    const error = await failure(client(fetch).get('/issues'));
    expect(error).toMatchObject({ code: 'invalid_response' });
    const quoted = JSON.parse(/starting: (".*")\)/.exec(error.message)?.[1] ?? '""') as string;
    expect(quoted).toBe(`${body.slice(0, 200)}…`);
    expect(error.message).toContain('content-type: application/json');
  });
  it('says a POST with an unreadable 2xx body was accepted, so it may have taken effect', async () => {
    const { fetch } = scriptedFetch(text(201, '{"id": 1', { 'content-type': 'application/json' }));
    const http = client(fetch);
    const post = (await failure(http.post('/issues', { json: {} }))) as HttpApiError;
    expect(post).toMatchObject({ code: 'invalid_response', status: 201, mayHaveSucceeded: true });
    expect(post.message).toContain(
      'The POST itself was accepted (HTTP 201): check its effect before calling again.',
    );
    const get = (await failure(http.get('/issues'))) as HttpApiError;
    expect(get).toMatchObject({ code: 'invalid_response', mayHaveSucceeded: false });
    expect(get.message).not.toContain('accepted');
  });
});

describe('createHttpClient: error mapping', () => {
  it('maps 401 and 403 to AuthError that never contains the token', async () => {
    const { fetch } = scriptedFetch(
      json(401, { message: `token ${TOKEN} is expired` }),
      json(403, { message: 'no access' }),
    );
    const http = client(fetch);
    const unauthorized = await failure(http.get('/me'));
    expect(AuthError.isInstance(unauthorized)).toBe(true);
    expect(unauthorized).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(unauthorized.message).not.toContain(TOKEN);
    expect(unauthorized.message).toContain(
      'check that the token configured for this server is set, valid and not expired',
    );
    expect(JSON.stringify((unauthorized as ApiError).body)).not.toContain(TOKEN);
    const forbidden = await failure(http.get('/admin'));
    expect(forbidden).toMatchObject({ code: 'forbidden', status: 403 });
    expect(forbidden.message).toContain('no access');
  });

  it('maps 404 to NotFoundError with the API message', async () => {
    const { fetch } = scriptedFetch(json(404, { errorMessages: ['Issue does not exist.'], statusCode: 404 }));
    const error = await failure(client(fetch).get('/issues/Q-1'));
    expect(NotFoundError.isInstance(error)).toBe(true);
    expect(error.message).toMatchInlineSnapshot(
      `"GET https://api.example.com/v2/issues/Q-1 failed with HTTP 404: Issue does not exist. The resource does not exist or is not visible to this account; check the id or key (search or list to find the right one)."`,
    );
  });

  it('maps other statuses to ApiError with status, apiCode, requestId and body', async () => {
    const { fetch } = scriptedFetch(
      json(422, { err: 'Status not found', ECODE: 'ITEM_057' }, { 'x-request-id': 'req-42' }),
    );
    const error = (await failure(client(fetch).post('/task', { json: {} }))) as HttpApiError;
    expect(error).toMatchObject({
      code: 'api_error',
      status: 422,
      apiCode: 'ITEM_057',
      requestId: 'req-42',
      body: { err: 'Status not found', ECODE: 'ITEM_057' },
      mayHaveSucceeded: false,
    });
    expect(error.message).toBe(
      'POST https://api.example.com/v2/task failed with HTTP 422: Status not found [ITEM_057]. Fix the request parameters and call again.',
    );
  });

  it('keeps the first 2 KB of a text error body', async () => {
    const { fetch } = scriptedFetch(text(500, 'E'.repeat(5000)));
    const error = (await failure(client(fetch).get('/x'))) as ApiError;
    expect(error.status).toBe(500);
    expect(typeof error.body).toBe('string');
    expect((error.body as string).length).toBe(2049);
  });

  it('uses the API-specific parseError', async () => {
    const { fetch } = scriptedFetch(
      json(400, { problems: [{ field: 'due', text: 'bad date' }], kind: 'E_DATE' }),
    );
    const http = client(fetch, {
      parseError: (body) => {
        const b = body as { problems: { field: string; text: string }[]; kind: string };
        return {
          message: b.problems.map((p) => `${p.field}: ${p.text}`).join('; '),
          apiCode: b.kind,
          details: { fields: ['due'] },
        };
      },
    });
    const error = await failure(http.post('/x', { json: {} }));
    expect(error).toMatchObject({ apiCode: 'E_DATE' });
    expect(error.message).toContain('failed with HTTP 400: due: bad date [E_DATE] {"fields":["due"]}.');
  });

  it('maps a 429 that outlasts the retries to RateLimitedError with retryAfterMs', async () => {
    const { fetch, seen } = scriptedFetch(json(429, { message: 'slow down' }, { 'retry-after': '0' }));
    const error = await failure(client(fetch).get('/x'));
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 0 });
    expect(seen).toHaveLength(3);
    expect(error.message).toContain('Still rate limited after 3 attempts');
  });

  it('does not wait when the server asks for longer than maxRetryAfterMs', async () => {
    const { fetch, seen } = scriptedFetch(json(429, {}, { 'retry-after': '120' }));
    const started = Date.now();
    const error = await failure(client(fetch, { maxRetryAfterMs: 1000 }).get('/x'));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000 });
    expect(error.message).toContain('The API asks to wait 120 s, longer than this client waits (1 s)');
  });

  it('maps connection failures to NetworkError and never exposes the raw error', async () => {
    const { fetch, seen } = scriptedFetch(networkFailure('ECONNREFUSED'));
    const error = await failure(client(fetch).get('/x'));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: false });
    expect(error.message).toBe(
      'GET https://api.example.com/v2/x failed: connection refused [ECONNREFUSED] after 3 attempts. The service may be unreachable; try again later.',
    );
    expect(seen).toHaveLength(3);
    expect((error.cause as { code?: string }).code).toBe('ECONNREFUSED');
  });
  it('does not retry a port fetch refuses, and says to change it', async () => {
    // Node's own fetch (undici): 6000 is on the Fetch standard's bad-ports list; nothing listens there.
    const started = Date.now();
    const error = await failure(
      createHttpClient({
        baseUrl: 'http://127.0.0.1:6000/api',
        retry: { limit: 3, baseDelayMs: 1000, jitter: false },
      }).get('/x'),
    );
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.message).toBe(
      'GET http://127.0.0.1:6000/api/x failed: fetch refuses to connect to this port (it is on the Fetch standard\'s "bad ports" list, e.g. 6000, 6665–6669, 10080). Serve the API on another port and change the base URL; retrying cannot help.',
    );
    expect(Date.now() - started).toBeLessThan(1000); // no backoff
  });
});

describe('createHttpClient: retries with an injected fetch', () => {
  it('retries a GET on 503 and 504, then succeeds', async () => {
    const { fetch, seen } = scriptedFetch(json(503, {}), json(504, {}), json(200, { ok: true }));
    const res = await client(fetch).get('/x');
    expect(res.data).toEqual({ ok: true });
    expect(seen).toHaveLength(3);
  });

  it('does not re-send a POST after a 502 and says it may have succeeded', async () => {
    const { fetch, seen } = scriptedFetch(json(502, {}));
    const error = (await failure(client(fetch).post('/x', { json: {} }))) as HttpApiError;
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 502, mayHaveSucceeded: true });
    expect(error.message).toContain('check whether it took effect before calling again');
  });

  it('retries a POST whose connection was refused, but not one whose connection was reset', async () => {
    const refused = scriptedFetch(networkFailure('ECONNREFUSED'), json(200, { id: 1 }));
    expect((await client(refused.fetch).post('/x', { json: {} })).data).toEqual({ id: 1 });
    expect(refused.seen).toHaveLength(2);

    const reset = scriptedFetch(networkFailure('ECONNRESET'));
    const error = await failure(client(reset.fetch).post('/x', { json: {} }));
    expect(reset.seen).toHaveLength(1);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: true });
  });

  it('retries a POST marked idempotent like a GET', async () => {
    const { fetch, seen } = scriptedFetch(json(502, {}), json(200, { id: 1 }));
    await client(fetch).post('/x', { json: { a: 1 }, idempotent: true });
    expect(seen.map((s) => s.body)).toEqual(['{"a":1}', '{"a":1}']);
  });

  it('times a 503 by Retry-After only: a rate-limit reset on it is the window’s end, not a retry time', async () => {
    // APIs such as ClickUp send X-RateLimit-Reset on every answer, the 5xx included.
    const reset = { 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3) };
    const get = scriptedFetch(json(503, {}, reset), json(200, { ok: true }));
    const started = Date.now();
    expect((await client(get.fetch).get('/x')).data).toEqual({ ok: true });
    expect(Date.now() - started).toBeLessThan(1500); // backoff, not the 3 s to the reset
    expect(get.seen).toHaveLength(2);

    // A POST is not re-sent: nothing in this 503 says the server refused it.
    const post = scriptedFetch(json(503, {}, reset), json(201, { id: 1 }));
    const error = await failure(client(post.fetch).post('/x', { json: {} }));
    expect(post.seen).toHaveLength(1);
    expect(error).toMatchObject({ status: 503, retryAfterMs: undefined });

    // A 429 is still timed by it.
    const limited = scriptedFetch(json(429, {}, { 'x-ratelimit-reset': reset['x-ratelimit-reset'] }));
    const tooLong = await failure(client(limited.fetch, { maxRetryAfterMs: 1000 }).get('/x'));
    expect(RateLimitedError.isInstance(tooLong)).toBe(true);
    expect((tooLong as RateLimitedError).retryAfterMs).toBeGreaterThan(1000);
    expect(limited.seen).toHaveLength(1);
  });

  it('does not retry 400 or 500', async () => {
    const { fetch, seen } = scriptedFetch(json(500, {}));
    await failure(client(fetch).get('/x'));
    expect(seen).toHaveLength(1);
  });

  it('says a POST answered 500 or a 503 without Retry-After may have taken effect, never "try again later"', async () => {
    for (const [status, headers] of [
      [500, {}],
      [503, { 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 3) }],
    ] as const) {
      const post = scriptedFetch(json(status, {}, headers));
      const error = await failure(client(post.fetch).post('/x', { json: {} }));
      expect(post.seen).toHaveLength(1);
      expect(error).toMatchObject({ status, mayHaveSucceeded: true });
      expect(error.message).toContain('check whether it took effect before calling again');
      expect(error.message).not.toMatch(/try again later/);
    }
    // A 501 (not implemented) and a 503 with Retry-After (refused, past the longest wait) were not carried out.
    const notImplemented = scriptedFetch(json(501, {}));
    expect(await failure(client(notImplemented.fetch).post('/x', { json: {} }))).toMatchObject({
      status: 501,
      mayHaveSucceeded: false,
    });
    const refused = scriptedFetch(json(503, {}, { 'retry-after': '3600' }));
    expect(await failure(client(refused.fetch).post('/x', { json: {} }))).toMatchObject({
      status: 503,
      mayHaveSucceeded: false,
    });
  });
});

describe('createHttpClient: timeouts and cancellation', () => {
  it('times out each attempt and retries an idempotent request', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const error = await failure(client(fetch, { timeoutMs: 20 }).get('/slow'));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(seen).toHaveLength(3);
    expect(error).toMatchObject({ timeoutMs: 20, mayHaveSucceeded: false });
    expect(error.message).toContain('timed out after 20 ms on each of 3 attempts');
  });

  it('does not re-send a POST that timed out', async () => {
    const { fetch, seen } = scriptedFetch(hang);
    const error = await failure(client(fetch).post('/slow', { json: {}, timeoutMs: 20 }));
    expect(seen).toHaveLength(1);
    expect(error).toMatchObject({ code: 'timeout', mayHaveSucceeded: true });
    expect(error.message).toContain('Check whether it took effect before calling again');
  });

  it('cancels the request in flight when the signal aborts', async () => {
    const { fetch } = scriptedFetch(hang);
    const controller = new AbortController();
    const pending = client(fetch).get('/slow', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const error = await failure(pending);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect(error.message).toBe('GET https://api.example.com/v2/slow was cancelled.');
  });

  it('cancels a pending retry wait without waiting it out', async () => {
    const { fetch, seen } = scriptedFetch(json(503, {}, { 'retry-after': '30' }));
    const controller = new AbortController();
    const started = Date.now();
    const pending = client(fetch).get('/x', { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const error = await failure(pending);
    expect(CancelledError.isInstance(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(seen).toHaveLength(1);
  });

  it('rejects a request queued behind the concurrency limit as soon as it is aborted', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { fetch, seen } = scriptedFetch(async () => {
      await gate;
      return json(200, {})();
    });
    const http = client(fetch, { concurrency: 1 });
    const first = http.get('/first');
    const controller = new AbortController();
    const queued = http.get('/queued', { signal: controller.signal });
    controller.abort();
    expect(CancelledError.isInstance(await failure(queued))).toBe(true);
    release();
    await first;
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/v2/first']);
  });

  it('rejects at once when the signal is already aborted, without calling fetch', async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const error = await failure(client(fetch).get('/x', { signal: AbortSignal.abort() }));
    expect(CancelledError.isInstance(error)).toBe(true);
    expect(seen).toHaveLength(0);
  });
});

describe('createHttpClient: redaction and logging', () => {
  it('scrubs secrets() values and secret query parameters from errors and log lines', async () => {
    const other = 'another-secret-value';
    const { fetch } = scriptedFetch(json(500, { echo: `${TOKEN} ${other}`, access_token: 'abcd-efgh' }));
    const { logger, lines } = capturingLogger();
    const http = client(fetch, { logger, secrets: () => [other, undefined] });
    const error = (await failure(
      http.get('/x', { query: { access_token: 'query-secret-xyz', page: 1 } }),
    )) as ApiError;
    const everything = JSON.stringify({ message: error.message, body: error.body, url: error.url, lines });
    for (const secret of [TOKEN, other, 'query-secret-xyz', 'abcd-efgh'])
      expect(everything).not.toContain(secret);
    expect(error.url).toBe('https://api.example.com/v2/x?access_token=%5BREDACTED%5D&page=1');
  });

  it('logs one debug line per attempt with method, redacted URL, status, duration and attempt, never headers or bodies', async () => {
    const { fetch } = scriptedFetch(
      json(503, { secret: 'body' }),
      networkFailure('ECONNRESET'),
      json(200, { fine: true }),
    );
    const { logger, lines } = capturingLogger();
    let clock = 1000;
    await client(fetch, { logger, now: () => (clock += 5) }).get('/x', { query: { token: TOKEN } });
    expect(lines.map((l) => l.fields)).toEqual([
      { method: 'GET', url: `${BASE}/x?token=%5BREDACTED%5D`, status: 503, durationMs: 5, attempt: 1 },
      {
        method: 'GET',
        url: `${BASE}/x?token=%5BREDACTED%5D`,
        outcome: 'connection reset by the server [ECONNRESET]',
        durationMs: 5,
        attempt: 2,
      },
      { method: 'GET', url: `${BASE}/x?token=%5BREDACTED%5D`, status: 200, durationMs: 5, attempt: 3 },
    ]);
    expect(lines[0]!.message).toBe(
      'GET https://api.example.com/v2/x?token=%5BREDACTED%5D → 503 in 5 ms (attempt 1)',
    );
    expect(JSON.stringify(lines)).not.toMatch(/OAuth|secret|fine/);
  });
});
