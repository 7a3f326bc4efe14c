/**
 * The ClickUp client under faults the emulator injects over a real socket: rate limits (the
 * emulator's own per-token limiter and injected 429s), 5xx, timeouts, a lost answer to a create,
 * a bad token and ClickUp's `{err, ECODE}` bodies. Each test counts the requests the API saw.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import {
  ApiError,
  AuthError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  type LogFields,
  type Logger,
} from '@toolsmith/core';
import { createClickUpClient, type ClickUpClientOptions } from './clickup-client.ts';

const SPRINT = '901510000001';
const TASK = 'DEV-1';

let emulator: ClickUpEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** The emulator's clock is `Date.now() + shift.ms`: a test moves its rate-limit window. */
async function start(options: Parameters<typeof createClickUpEmulator>[0] = {}) {
  const shift = { ms: 0 };
  emulator = await createClickUpEmulator({ now: () => Date.now() + shift.ms, ...options });
  return { emulator, shift };
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

function clientFor(api: ClickUpEmulator, options: Partial<ClickUpClientOptions> = {}) {
  return createClickUpClient({
    baseUrl: api.url,
    authorization: api.token,
    teamId: api.teamId,
    retries: 2,
    retryBaseDelayMs: 20,
    timeoutMs: 2000,
    maxWaitMs: 10_000,
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

const seen = (api: ClickUpEmulator, method: string, path: string) =>
  api.requests.filter((r) => r.method === method && r.path === `/api/v2${path}`).length;

describe('rate limits', () => {
  it("waits for the emulator's own X-RateLimit-Reset (a Unix time) and then succeeds", async () => {
    const { emulator: api, shift } = await start({ rateLimitPerMinute: 1 });
    const client = clientFor(api);
    // The window opened 58.5 s ago: its one request is used, and it resets in about 1.5 s.
    shift.ms = -58_500;
    await client.get(`/list/${SPRINT}`);
    shift.ms = 0;
    const started = performance.now();
    const list = await client.get<{ id: string }>(`/list/${SPRINT}`);
    const waited = performance.now() - started;
    expect(list.id).toBe(SPRINT);
    expect(waited).toBeGreaterThanOrEqual(1000);
    expect(waited).toBeLessThan(5000);
    expect(api.requests.map((r) => r.method)).toHaveLength(3); // the first, the 429, the retry
  }, 20_000);

  it('honours an injected 429 with Retry-After, and with X-RateLimit-Reset as a Unix time', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    api.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1, path: `/api/v2/list/${SPRINT}` });
    let started = performance.now();
    await client.get(`/list/${SPRINT}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(seen(api, 'GET', `/list/${SPRINT}`)).toBe(2);

    api.faults.add({ kind: 'rateLimit', reset: { seconds: 1 }, path: `/api/v2/list/${SPRINT}` });
    started = performance.now();
    await client.get(`/list/${SPRINT}`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(500);
    expect(seen(api, 'GET', `/list/${SPRINT}`)).toBe(4);
  }, 20_000);

  it('fails at once, saying when to call again, when the reset is further away than maxWaitMs', async () => {
    const { emulator: api } = await start({ rateLimitPerMinute: 1 });
    const client = clientFor(api, { maxWaitMs: 5000 });
    await client.get(`/list/${SPRINT}`);
    const started = performance.now();
    const error = await failure(client.get(`/list/${SPRINT}`));
    expect(performance.now() - started).toBeLessThan(1000); // no hang
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect((error as RateLimitedError).retryAfterMs).toBeGreaterThan(5000);
    expect(error.message).toMatch(/Rate limit reached \(APP_002\)/);
    expect(error.message).toMatch(
      /asks to wait \d+ s, longer than this client waits \(5 s\); call again after that/,
    );
    expect(api.requests).toHaveLength(2); // the 429 was not retried
  });

  it('retries a 429 that names no wait (bounded), then says to wait and make fewer calls', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    api.faults.add({
      kind: 'rateLimit',
      times: Infinity,
      json: { err: 'Rate limit reached', ECODE: 'APP_002' },
    });
    const error = await failure(client.get(`/list/${SPRINT}`));
    expect(RateLimitedError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/Still rate limited after 3 attempts; wait a while before calling again/);
    expect(api.requests).toHaveLength(3);
  });
});

describe('5xx', () => {
  it('retries a GET after 503 and 502 before handling, then succeeds', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    api.faults.add(
      { kind: 'status', status: 503, json: { err: 'Service Unavailable' } },
      { kind: 'status', status: 502, text: '<html>Bad gateway</html>' },
    );
    const task = await client.get<{ custom_id: string }>(`/task/${TASK}`, {
      query: { custom_task_ids: 'true', team_id: api.teamId },
    });
    expect(task.custom_id).toBe(TASK);
    expect(api.requests).toHaveLength(3);
  });

  it("retries a GET whose 503 carries only ClickUp's X-RateLimit-Reset by backoff, not by waiting for the window", async () => {
    // ClickUp sends X-RateLimit-* on every answer; on a 503 the reset is the rate-limit window's
    // end (up to a minute away), not a time to retry at.
    const { emulator: api } = await start();
    const client = clientFor(api);
    api.failAfterHandling({ method: 'GET', path: `/list/${SPRINT}`, status: 503 });
    const started = performance.now();
    const list = await client.get<{ id: string }>(`/list/${SPRINT}`);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(list.id).toBe(SPRINT);
    expect(api.requests).toHaveLength(2);
    expect(api.requests[0]!.method).toBe('GET');
  });

  it('gives up on a persistent 5xx after the retries, naming the status and what to do', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    api.faults.add({ kind: 'status', status: 500, times: Infinity, json: { err: 'Internal error' } });
    api.faults.add({ kind: 'status', status: 503, times: Infinity }); // after the 500s: never reached
    const error = await failure(client.get(`/list/${SPRINT}`));
    expect(ApiError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/failed with HTTP 500/);
    expect(error.message).toMatch(/try again later/);
    expect(api.requests).toHaveLength(1); // a 500 is not a transient status: not retried

    api.faults.clear();
    api.faults.add({ kind: 'status', status: 503, times: Infinity });
    const unavailable = await failure(client.get(`/list/${SPRINT}`));
    expect(unavailable.message).toMatch(/failed with HTTP 503.*try again later/);
    expect(api.requests).toHaveLength(1 + 3); // the first try and 2 retries
  });

  it('never re-sends a create answered 503 just before the rate-limit window resets', async () => {
    // The 503 carries X-RateLimit-Reset ≈ 2 s away, well within maxWaitMs: it must not be read as
    // "retry then" (the create would be sent again, and the task made twice).
    const { emulator: api, shift } = await start();
    const client = clientFor(api, { maxWaitMs: 60_000 });
    shift.ms = -58_000;
    await client.get(`/list/${SPRINT}`); // opens the window 58 s in the past
    shift.ms = 0;
    api.failAfterHandling({ method: 'POST', path: `/list/${SPRINT}/task`, status: 503 });
    const started = performance.now();
    const error = await failure(client.post(`/list/${SPRINT}/task`, { json: { name: 'Near the reset' } }));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ApiError.isInstance(error) && error.status).toBe(503);
    expect(seen(api, 'POST', `/list/${SPRINT}/task`)).toBe(1);
    expect(api.state.tasks.filter((t) => t.name === 'Near the reset')).toHaveLength(1);
  });

  it('never re-sends a create answered 503 after the task was made', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    const before = api.state.tasks.length;
    api.failAfterHandling({ method: 'POST', path: `/list/${SPRINT}/task`, status: 503 });
    const error = await failure(client.post(`/list/${SPRINT}/task`, { json: { name: 'Once only' } }));
    expect(ApiError.isInstance(error) && error.status).toBe(503);
    expect(seen(api, 'POST', `/list/${SPRINT}/task`)).toBe(1);
    expect(api.state.tasks.filter((t) => t.name === 'Once only')).toHaveLength(1);
    expect(api.state.tasks).toHaveLength(before + 1);
  });
});

describe('timeouts', () => {
  it('retries a GET that outlasts timeoutMs, then says it timed out on each attempt', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api, { timeoutMs: 300 });
    api.faults.add({ kind: 'latency', ms: 1000, path: `/api/v2/list/${SPRINT}` });
    const list = await client.get<{ id: string }>(`/list/${SPRINT}`);
    expect(list.id).toBe(SPRINT);
    expect(api.requests).toHaveLength(2);

    api.faults.add({ kind: 'hang', times: Infinity });
    const error = await failure(client.get(`/list/${SPRINT}`));
    expect(TimeoutError.isInstance(error)).toBe(true);
    expect(error.message).toMatch(/timed out after 300 ms on each of 3 attempts\. Try again later/);
    expect(api.requests).toHaveLength(2 + 3);
  });

  it('never re-sends a create that timed out; says it may have been applied', async () => {
    const { emulator: api } = await start();
    const client = clientFor(api, { timeoutMs: 300 });
    api.failAfterHandling({ method: 'POST', path: `/list/${SPRINT}/task`, timeout: true });
    const error = await failure(client.post(`/list/${SPRINT}/task`, { json: { name: 'Timed out' } }));
    expect(TimeoutError.isInstance(error) && error.mayHaveSucceeded).toBe(true);
    expect(error.message).toMatch(/not retried because it may already have been applied/);
    expect(api.requests).toHaveLength(1);
    expect(api.state.tasks.filter((t) => t.name === 'Timed out')).toHaveLength(1);
  });
});

describe('errors in words', () => {
  it('explains a rejected token without echoing it, in the error and the log', async () => {
    const { emulator: api } = await start();
    const { logger, lines } = capturingLogger();
    const token = 'pk_99_THIS0TOKEN0IS0WRONG';
    const client = clientFor(api, { authorization: token, logger });
    const error = await failure(client.get(`/list/${SPRINT}`));
    expect(AuthError.isInstance(error) && error.status).toBe(401);
    expect(error.message).toMatch(/Token invalid \(OAUTH_025\)/);
    expect(error.message).toMatch(/Create a new one and set CLICKUP_API_TOKEN/);
    expect(error.message).not.toContain(token);
    expect(lines.join('\n')).not.toContain(token);
    expect(api.requests).toHaveLength(1); // a 401 is not retried
  });

  it("turns ClickUp's {err, ECODE} into what to do", async () => {
    const { emulator: api } = await start();
    const client = clientFor(api);
    const status = await failure(
      client.put(`/task/${api.state.tasks[0]!.id}`, { json: { status: 'no such status' } }),
    );
    expect(status.message).toMatch(/ITEM_114.*Call clickup_get_list for the list's statuses/);
    const doomed = api.state.tasks[1]!.id;
    await client.delete(`/task/${doomed}`);
    const missing = await failure(client.get(`/task/${doomed}`));
    expect(NotFoundError.isInstance(missing)).toBe(true);
    expect(missing.message).toMatch(/Task not found, deleted \(ITEM_013\).*does not exist or is not visible/);
    // An id outside the workspace, or a custom id without the flag: ClickUp says "Team not authorized".
    const customWithoutFlag = await failure(client.get('/task/DEV-1'));
    expect(AuthError.isInstance(customWithoutFlag) && customWithoutFlag.apiCode).toBe('OAUTH_027');
    expect(customWithoutFlag.message).toMatch(/custom task id was sent without the custom-id flag/);
  });
});
