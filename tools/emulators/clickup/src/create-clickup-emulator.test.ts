import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from './__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from './create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

const SPRINT = '901510000001';

describe('auth', () => {
  it('takes the personal token bare, without Bearer', async () => {
    expect(clickup.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(clickup.token).toMatch(/^pk_\d+_/);
    const { status, json } = await call('GET', '/user');
    expect(status).toBe(200);
    expect(json).toMatchObject({
      user: { id: 81000001, username: 'Alice Martin', email: 'alice@example.com' },
    });
  });

  it('answers 401 OAUTH_017 without the header and OAUTH_025 for a wrong token or a Bearer personal token', async () => {
    expect(await call('GET', '/user', undefined, { auth: null })).toMatchObject({
      status: 401,
      json: { err: 'Authorization header required', ECODE: 'OAUTH_017' },
    });
    for (const auth of ['pk_1_wrong', `Bearer ${clickup.token}`, clickup.oauth.accessToken]) {
      const { status, json } = await call('GET', '/user', undefined, { auth });
      expect({ status, json }).toEqual({ status: 401, json: { err: 'Token invalid', ECODE: 'OAUTH_025' } });
    }
  });

  it('takes the OAuth token issued up front to Alice as Bearer (the flow: oauth/oauth-routes.test.ts)', async () => {
    const auth = `Bearer ${clickup.oauth.accessToken}`;
    const user = await call<{ user: { id: number } }>('GET', '/user', undefined, { auth });
    expect(user.json.user.id).toBe(81000001);
    const team = await call<{ teams: Array<{ id: string }> }>('GET', '/team', undefined, { auth });
    expect(team.json.teams.map((t) => t.id)).toEqual([clickup.teamId]);
  });

  it('answers 401 Team not authorized for another workspace, 404 for an unknown route', async () => {
    expect(await call('GET', '/team/123/space')).toMatchObject({
      status: 401,
      json: { err: 'Team not authorized', ECODE: 'OAUTH_027' },
    });
    expect(await call('GET', '/nothing/here')).toMatchObject({ status: 404, json: { ECODE: 'APP_001' } });
  });
});

describe('rate limit', () => {
  it('counts per token per minute, sends X-RateLimit-* on every answer and 429 over the limit', async () => {
    let now = Date.UTC(2026, 2, 1, 12, 0, 0);
    await using limited = await createClickUpEmulator({ rateLimitPerMinute: 2, now: () => now });
    const get = apiCaller(limited);
    const first = await get('GET', '/user');
    expect(first.headers.get('x-ratelimit-limit')).toBe('2');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
    const reset = String(Math.ceil((now + 60_000) / 1000));
    expect(first.headers.get('x-ratelimit-reset')).toBe(reset);
    await get('GET', '/user');
    const over = await get('GET', '/user');
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ err: 'Rate limit reached', ECODE: 'APP_002' });
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(over.headers.get('x-ratelimit-reset')).toBe(reset);
    // Another token has its own budget; a minute later the first one has a new window.
    const oauth = await get('GET', '/user', undefined, { auth: `Bearer ${limited.oauth.accessToken}` });
    expect(oauth.status).toBe(200);
    now += 60_000;
    expect((await get('GET', '/user')).status).toBe(200);
  });
});

describe('faults', () => {
  it('injects 5xx, 429, latency and resets before handling, and records every request', async () => {
    await using faulty = await createClickUpEmulator();
    const get = apiCaller(faulty);
    faulty.faults.add(
      { kind: 'status', status: 503, path: '/api/v2/user', json: { err: 'Service unavailable' } },
      { kind: 'rateLimit', path: '/api/v2/user', reset: { seconds: 30 } },
    );
    expect((await get('GET', '/user')).status).toBe(503);
    const limited = await get('GET', '/user');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    faulty.faults.add({ kind: 'latency', ms: 50, path: '/api/v2/user' });
    const started = performance.now();
    expect((await get('GET', '/user')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    faulty.faults.add({ kind: 'reset', path: '/api/v2/user' });
    await expect(get('GET', '/user')).rejects.toThrow();
    expect(faulty.requests.map((r) => r.fault)).toEqual(['status', 'rateLimit', undefined, 'reset']);
  });

  it('an ambiguous create: the task is made, then the answer is a 5xx — or never comes', async () => {
    await using ambiguous = await createClickUpEmulator();
    const post = apiCaller(ambiguous);
    ambiguous.failAfterHandling({ method: 'POST', path: '/list/:list_id/task', status: 502 });
    const count = () => ambiguous.state.tasks.filter((t) => t.name === 'Ambiguous').length;
    const failed = await post('POST', `/list/${SPRINT}/task`, { name: 'Ambiguous' });
    expect(failed).toMatchObject({ status: 502, json: { err: 'Internal Server Error' } });
    expect(count()).toBe(1);

    ambiguous.failAfterHandling({ method: 'POST', path: '/list/:list_id/task', timeout: true });
    await expect(
      post('POST', `/list/${SPRINT}/task`, { name: 'Ambiguous' }, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(count()).toBe(2);
    // Later requests are answered normally.
    const ok = await post<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'Ambiguous' });
    expect(ok.status).toBe(200);
    expect(count()).toBe(3);
  });

  it('lets a test assert that no request reached the API', async () => {
    await using quiet = await createClickUpEmulator();
    expect(quiet.requests).toHaveLength(0);
  });
});
