/**
 * The core HTTP client against the fake API over a real socket, under each injected fault.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import {
  ApiError,
  AuthError,
  CancelledError,
  createHttpClient,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  type HttpClientOptions,
  type LogFields,
  type Logger,
} from '@toolsmith/core';
import { createFakeApi, type FakeApi } from './fake-api.ts';

const TOKEN = 'y0_AgAAAAB-very-secret-oauth-token';

const routes = {
  'GET /v2/issues/:key': ({ params }: { params: Record<string, string> }) => ({
    json: { key: params['key'] },
  }),
  'POST /v2/issues': ({ body }: { body: unknown }) => ({ status: 201, json: { created: body } }),
};

let api: FakeApi | undefined;
afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function start(): Promise<FakeApi> {
  api = await createFakeApi({ routes });
  return api;
}

function capturingLogger() {
  const lines: string[] = [];
  const log = (level: string) => (message: string, fields?: LogFields) =>
    lines.push(JSON.stringify({ level, message, fields }));
  const logger: Logger = {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: () => logger,
  };
  return { logger, lines };
}

function clientFor(fake: FakeApi, options: Partial<HttpClientOptions> = {}) {
  const { logger, lines } = capturingLogger();
  const http = createHttpClient({
    baseUrl: fake.url,
    headers: () => ({ Authorization: `OAuth ${TOKEN}` }),
    secrets: () => [TOKEN],
    retry: { limit: 3, baseDelayMs: 5, backoffLimitMs: 20 },
    timeoutMs: 2000,
    logger,
    ...options,
  });
  return { http, lines };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the request to fail');
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('HTTP client under injected faults: rate limits', () => {
  it('honours a 429 Retry-After before retrying, then succeeds', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1 });
    const { http, lines } = clientFor(fake);
    const started = performance.now();
    const res = await http.get('/v2/issues/Q-1');
    const elapsed = performance.now() - started;
    expect(res.data).toEqual({ key: 'Q-1' });
    expect(elapsed).toBeGreaterThanOrEqual(990);
    expect(fake.requests.map((r) => r.fault)).toEqual(['rateLimit', undefined]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"attempt":2');
  });

  it('retries a 429 up to the retry limit, then gives up with RateLimitedError', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'rateLimit', retryAfterSeconds: 0, times: Infinity });
    const { http } = clientFor(fake);
    const error = await failure(http.get('/v2/issues/Q-1'));
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 429, retryAfterMs: 0 });
    expect(error.message).toContain('Still rate limited after 4 attempts');
    expect(fake.requests).toHaveLength(4);
  });

  it('reads a rate-limit reset timestamp and fails at once when it is beyond maxRetryAfterMs', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'rateLimit', reset: { header: 'X-RateLimit-Reset', seconds: 120, as: 'epoch' } });
    const { http } = clientFor(fake, { maxRetryAfterMs: 5000 });
    const error = (await failure(http.get('/v2/issues/Q-1'))) as ApiError;
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThan(115_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(121_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a POST on 429: the server refused it', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'rateLimit', retryAfterSeconds: 0, method: 'POST' });
    const { http } = clientFor(fake);
    const res = await http.post('/v2/issues', { json: { summary: 'x' } });
    expect(res).toMatchObject({ status: 201, data: { created: { summary: 'x' } } });
    expect(fake.requests.map((r) => [r.method, r.fault, r.body])).toEqual([
      ['POST', 'rateLimit', { summary: 'x' }],
      ['POST', undefined, { summary: 'x' }],
    ]);
  });
});

describe('HTTP client under injected faults: 5xx', () => {
  it('retries a GET on 503, 502 and 504, then succeeds', async () => {
    const fake = await start();
    fake.faults.add(
      { kind: 'status', status: 503 },
      { kind: 'status', status: 502 },
      { kind: 'status', status: 504 },
    );
    const { http } = clientFor(fake);
    expect((await http.get('/v2/issues/Q-1')).data).toEqual({ key: 'Q-1' });
    expect(fake.requests.map((r) => r.fault)).toEqual(['status', 'status', 'status', undefined]);
  });

  it('retries a POST on 503 only when the server sent Retry-After', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'status', status: 503, headers: { 'Retry-After': '0' } });
    const { http } = clientFor(fake);
    expect((await http.post('/v2/issues', { json: {} })).status).toBe(201);
    expect(fake.requests).toHaveLength(2);

    fake.reset();
    fake.faults.add({ kind: 'status', status: 503 });
    const error = await failure(http.post('/v2/issues', { json: {} }));
    // Not re-sent, and nothing in this 503 says the server refused it: its effect is unknown.
    expect(error).toMatchObject({ status: 503, mayHaveSucceeded: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('does not re-send a POST after a 502 and says it may have succeeded', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'status', status: 502, text: 'Bad Gateway' });
    const { http } = clientFor(fake);
    const error = await failure(http.post('/v2/issues', { json: { summary: 'x' } }));
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 502, mayHaveSucceeded: true, body: 'Bad Gateway' });
    expect(error.message).toContain('check whether it took effect before calling again');
    expect(fake.requests).toHaveLength(1);
  });
});

describe('HTTP client under injected faults: timeouts', () => {
  it('sends a POST that hangs past the timeout exactly once and fails with mayHaveSucceeded', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'hang', times: Infinity });
    const { http } = clientFor(fake, { timeoutMs: 250 });
    const error = await failure(http.post('/v2/issues', { json: { summary: 'x' } }));
    await settle(300);
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ timeoutMs: 250, mayHaveSucceeded: true });
    expect(error.message).toContain('Check whether it took effect before calling again');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a GET that hangs, then fails with TimeoutError', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'hang', times: Infinity });
    const { http } = clientFor(fake, { timeoutMs: 150 });
    const error = await failure(http.get('/v2/issues/Q-1'));
    expect(error).toMatchObject({ code: 'timeout', mayHaveSucceeded: false });
    expect(fake.requests).toHaveLength(4);
  });

  it('retries a GET that timed out once, then succeeds', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'hang' });
    const { http } = clientFor(fake, { timeoutMs: 250 });
    expect((await http.get('/v2/issues/Q-1')).data).toEqual({ key: 'Q-1' });
    expect(fake.requests.map((r) => r.fault)).toEqual(['hang', undefined]);
  });

  it('cancels a hanging request when the caller aborts', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'hang' });
    const { http } = clientFor(fake);
    const controller = new AbortController();
    const pending = http.get('/v2/issues/Q-1', { signal: controller.signal });
    // Abort once the request is hanging at the server (not on a timer: a loaded machine is slower).
    while (fake.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(CancelledError.isInstance(await failure(pending))).toBe(true);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('HTTP client under injected faults: connection resets', () => {
  it('retries a GET whose connection was reset, then succeeds', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset' });
    const { http } = clientFor(fake);
    expect((await http.get('/v2/issues/Q-1')).data).toEqual({ key: 'Q-1' });
    expect(fake.requests.map((r) => r.fault)).toEqual(['reset', undefined]);
  });

  it('does not re-send a POST whose connection reset after the body was read', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset', when: 'after-body', times: Infinity });
    const { http } = clientFor(fake);
    const error = await failure(http.post('/v2/issues', { json: { summary: 'x' } }));
    await settle(50);
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: true });
    expect(error.message).toContain('may have reached the server; it was not re-sent');
    expect(fake.requests).toMatchObject([{ method: 'POST', body: { summary: 'x' } }]);
  });

  it('does not re-send a POST whose connection reset before the body was read either (it cannot tell)', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset', when: 'before-body', times: Infinity });
    const { http } = clientFor(fake);
    const error = await failure(http.post('/v2/issues', { json: {} }));
    expect(error).toMatchObject({ code: 'network_error', mayHaveSucceeded: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('retries a POST marked idempotent like a GET', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset', when: 'after-body' }, { kind: 'status', status: 504 });
    const { http } = clientFor(fake);
    const res = await http.post('/v2/issues', {
      json: { summary: 'x' },
      headers: { 'Idempotency-Key': 'k-1' },
      idempotent: true,
    });
    expect(res.status).toBe(201);
    expect(fake.requests.map((r) => [r.fault, r.headers['idempotency-key']])).toEqual([
      ['reset', 'k-1'],
      ['status', 'k-1'],
      [undefined, 'k-1'],
    ]);
  });

  it('retries a POST whose connection was refused: it never reached the server', async () => {
    const fake = await start();
    const { http, lines } = clientFor(fake);
    await fake.close();
    const error = await failure(http.post('/v2/issues', { json: {} }));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ mayHaveSucceeded: false });
    expect(error.message).toContain('connection refused [ECONNREFUSED] after 4 attempts');
    expect(lines).toHaveLength(4);
  });

  it('retries a GET whose response is cut off mid-body, like any other network failure', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset', when: 'mid-response' });
    const { http } = clientFor(fake);
    expect((await http.get('/v2/issues/Q-1')).data).toEqual({ key: 'Q-1' });
    expect(fake.requests.map((r) => r.fault)).toEqual(['reset', undefined]);

    fake.faults.add({ kind: 'reset', when: 'mid-response', times: Infinity });
    const error = await failure(http.get('/v2/issues/Q-1'));
    expect(NetworkError.isInstance(error)).toBe(true);
    expect(error.message).toContain('the connection closed while the response was being read');
    expect(fake.requests).toHaveLength(2 + 4);
  });

  it('does not re-send a POST whose response is cut off mid-body: it was answered', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'reset', when: 'mid-response', times: Infinity });
    const { http } = clientFor(fake);
    const error = await failure(http.post('/v2/issues', { json: { summary: 'x' } }));
    expect(error).toMatchObject({ code: 'network_error', mayHaveSucceeded: true });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('HTTP client under injected faults: bodies, concurrency, secrets', () => {
  it('turns a malformed JSON body into invalid_response', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'malformedBody' });
    const { http } = clientFor(fake);
    const error = await failure(http.get('/v2/issues/Q-1'));
    expect(error).toMatchObject({ code: 'invalid_response', status: 200 });
    expect(error.message).toContain('content-type: application/json; charset=utf-8');
    expect(error.message).toContain('starting: "{\\"items\\": [{\\"id\\": 1');
    expect(fake.requests).toHaveLength(1);
  });

  it('never has more requests in flight than the concurrency limit', async () => {
    const fake = await start();
    fake.faults.add({ kind: 'latency', ms: 30, times: Infinity });
    const { http } = clientFor(fake, { concurrency: 3 });
    const results = await Promise.all(Array.from({ length: 9 }, (_, i) => http.get(`/v2/issues/Q-${i}`)));
    expect(results.map((r) => r.data)).toEqual(Array.from({ length: 9 }, (_, i) => ({ key: `Q-${i}` })));
    expect(fake.requests).toHaveLength(9);
    expect(fake.maxInFlight).toBe(3);
  });

  it('never lets the token reach an error message, an error body or a log line', async () => {
    api = await createFakeApi({
      routes: {
        'GET /v2/me': ({ headers }) => ({
          status: 401,
          json: { message: `Token ${headers['authorization']} is expired` },
        }),
        'GET /v2/echo': ({ headers }) => ({
          status: 400,
          json: { errors: { auth: headers['authorization'] } },
        }),
        'GET /v2/bad': ({ headers }) => ({
          headers: { 'content-type': 'application/json' },
          text: `not json ${headers['authorization']}`,
        }),
      },
    });
    const fake = api;
    const { http, lines } = clientFor(fake, { timeoutMs: 250 });
    const errors: Error[] = [];
    errors.push(await failure(http.get('/v2/me', { query: { token: TOKEN } })));
    errors.push(await failure(http.get('/v2/echo')));
    errors.push(await failure(http.get('/v2/bad')));
    fake.faults.add(
      { kind: 'hang' },
      { kind: 'reset' },
      { kind: 'status', status: 502, text: `upstream said ${TOKEN}` },
    );
    errors.push(await failure(http.post('/v2/issues', { json: {}, query: { access_token: TOKEN } })));
    errors.push(await failure(http.post('/v2/issues', { json: {} })));
    errors.push(await failure(http.post('/v2/issues', { json: {} })));

    expect(AuthError.isInstance(errors[0])).toBe(true);
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual([
      'unauthorized',
      'api_error',
      'invalid_response',
      'timeout',
      'network_error',
      'api_error',
    ]);
    expect(fake.requests.every((r) => r.headers['authorization'] === `OAuth ${TOKEN}`)).toBe(true);
    const everything = JSON.stringify({
      errors: errors.map((e) => ({ ...e, message: e.message, cause: String(e.cause) })),
      lines,
    });
    expect(everything).not.toContain(TOKEN);
    expect(everything).toContain('[REDACTED]');
    expect(lines.length).toBeGreaterThanOrEqual(6);
  });
});
