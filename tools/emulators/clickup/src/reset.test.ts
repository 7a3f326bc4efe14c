/**
 * `reset()` and `writes()`: what an adversarial run needs to make thousands of calls against one
 * emulator — a fresh seed before each, cheaply, and the writes each call sent.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiCaller, type Caller, type TaskJson } from './__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from './create-clickup-emulator.ts';
import { createSeedState } from './seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator({ rateLimitPerMinute: 1000 });
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

const SPRINT = '901510000001';
const dev1 = () => clickup.state.tasks.find((t) => t.customId === 'DEV-1')!;

describe('reset()', () => {
  it('refills the same state object with the seed (same ids) and forgets the requests', async () => {
    const state = clickup.state;
    const created = await call<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'Made before reset' });
    await call('PUT', `/task/${dev1().id}`, { name: 'Renamed', priority: 4 });
    await call('POST', `/space/90151000001/tag`, { tag: { name: 'temporary' } });
    clickup.state.webhooks.push({ id: 'added by hand' } as never);
    expect(clickup.requests.length).toBeGreaterThan(0);

    clickup.reset();

    expect(clickup.state).toBe(state);
    expect(clickup.state).toEqual(createSeedState());
    expect(clickup.requests).toEqual([]);
    expect((await call('GET', `/task/${created.json.id}`)).status).toBe(401);
    const task = await call<TaskJson>('GET', `/task/${dev1().id}`);
    expect(task.json).toMatchObject({ name: 'Set up CI pipeline', priority: { priority: 'high' } });
    // Ids continue as after a fresh start: the next task gets the first created id again.
    const again = await call<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'Made after reset' });
    expect(again.json.id).toBe(created.json.id);
    expect(again.json.custom_id).toBe(created.json.custom_id);
  });

  it('forgets the rate-limit windows and puts rateLimit.perMinute back to the option', async () => {
    await using limited = await createClickUpEmulator({ rateLimitPerMinute: 2 });
    const get = apiCaller(limited);
    expect((await get('GET', '/user')).status).toBe(200);
    expect((await get('GET', '/user')).status).toBe(200);
    expect((await get('GET', '/user')).status).toBe(429);
    limited.rateLimit.perMinute = 1;
    limited.reset();
    expect(limited.rateLimit.perMinute).toBe(2);
    const fresh = await get('GET', '/user');
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('1');
  });

  it('drops pending faults, before and after handling', async () => {
    clickup.faults.add({ kind: 'status', status: 503, path: '/api/v2/user', times: 5 });
    clickup.failAfterHandling({ method: 'POST', path: '/list/:list_id/task', status: 502, times: 5 });
    clickup.reset();
    expect((await call('GET', '/user')).status).toBe(200);
    expect((await call('POST', `/list/${SPRINT}/task`, { name: 'Answered' })).status).toBe(200);
  });

  it('aborts webhook deliveries in flight and forgets the deliveries made', async () => {
    // A receiver that never answers: the delivery stays in flight until reset() aborts it.
    const hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      await using hooked = await createClickUpEmulator({ webhookTimeoutMs: 60_000 });
      const post = apiCaller(hooked);
      const port = (hanging.address() as AddressInfo).port;
      await post('POST', `/team/${hooked.teamId}/webhook`, {
        endpoint: `http://127.0.0.1:${port}/hook`,
        events: ['taskCreated'],
      });
      await post('POST', `/list/${SPRINT}/task`, { name: 'Fires a delivery' });
      expect(hooked.webhooks.deliveries).toHaveLength(1);
      hooked.reset();
      expect(hooked.webhooks.deliveries).toEqual([]);
      expect(hooked.state.webhooks).toEqual([]);
      const started = performance.now();
      await hooked.webhooks.settled();
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('goes back to a copy of the `state` option, not to the default seed', async () => {
    const custom = createSeedState();
    custom.tasks = custom.tasks.slice(0, 3);
    custom.team.name = 'Custom';
    await using own = await createClickUpEmulator({ state: custom });
    own.state.tasks.push({ ...own.state.tasks[0]!, id: 'extra' });
    own.state.team.name = 'Changed';
    own.reset();
    expect(own.state).toBe(custom);
    expect(own.state.tasks).toHaveLength(3);
    expect(own.state.team.name).toBe('Custom');
  });

  it('is cheap: well under a millisecond on average', () => {
    for (let i = 0; i < 50; i += 1) clickup.reset();
    const runs = 300;
    const started = performance.now();
    for (let i = 0; i < runs; i += 1) clickup.reset();
    const average = (performance.now() - started) / runs;
    // About 0.15–0.3 ms on a shared two-core machine; the bound leaves room for a loaded one.
    expect(average).toBeLessThan(5);
  });
});

describe('writes(since)', () => {
  it('lists the non-GET requests from an index of `requests` on', async () => {
    clickup.reset();
    await call('GET', `/list/${SPRINT}/task`);
    const mark = clickup.requests.length;
    expect(clickup.writes(mark)).toEqual([]);
    await call('GET', `/task/${dev1().id}`);
    expect(clickup.writes(mark)).toEqual([]);
    await call('PUT', `/task/${dev1().id}`, { name: 'Written' });
    await call('GET', `/task/${dev1().id}`);
    await call('DELETE', `/task/${dev1().id}/tag/feature`);
    const writes = clickup.writes(mark);
    expect(writes.map((w) => [w.method, w.path])).toEqual([
      ['PUT', `/api/v2/task/${dev1().id}`],
      ['DELETE', `/api/v2/task/${dev1().id}/tag/feature`],
    ]);
    expect(writes[0]!.body).toEqual({ name: 'Written' });
    // A refused write is still a write that reached the API.
    await call('PUT', `/task/${dev1().id}`, { status: 'nope' });
    expect(clickup.writes(mark)).toHaveLength(3);
    expect(clickup.writes()).toHaveLength(3);
  });
});
