import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from './create-tracker-emulator.ts';
import { createSeedState } from './seed.ts';

let tracker: TrackerEmulator;
beforeAll(async () => {
  tracker = await createTrackerEmulator();
});
afterAll(() => tracker.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${tracker.url}${path}`, {
    headers: { authorization: `OAuth ${tracker.token}`, 'x-org-id': tracker.orgId, ...headers },
  });

describe('the Tracker emulator', () => {
  it("answers like the API: 401 without a token, 403 for a wrong organisation, the API's error body", async () => {
    const anonymous = await fetch(`${tracker.url}/v2/myself`);
    expect(anonymous.status).toBe(401);
    const wrongOrg = await get('/v2/myself', { 'x-org-id': '1' });
    expect(wrongOrg.status).toBe(403);
    expect(await wrongOrg.json()).toEqual({
      statusCode: 403,
      errors: {},
      errorMessages: ['Organization is not available, not ready or not found'],
      errorsData: {},
    });
    const both = await get('/v2/myself', { 'x-cloud-org-id': tracker.cloudOrgId });
    expect(both.status).toBe(400);
  });

  it('serves the same paths under /v2 and /v3', async () => {
    const [v2, v3] = await Promise.all([get('/v2/issues/DEMO-1'), get('/v3/issues/DEMO-1')]);
    expect(((await v2.json()) as { key: string }).key).toBe('DEMO-1');
    expect(((await v3.json()) as { key: string }).key).toBe('DEMO-1');
  });

  it('sends rel="next" forever on cursor lists, and continues after a deleted cursor item', async () => {
    const first = await get('/v2/issues/DEMO-1/comments?perPage=2');
    const page = (await first.json()) as Array<{ id: number }>;
    expect(page).toHaveLength(2);
    expect(first.headers.get('link')).toContain('rel="next"');
    const last = await get(`/v2/issues/DEMO-1/comments?perPage=2&id=${page[1]!.id}`);
    expect(((await last.json()) as unknown[]).length).toBe(1);
    const empty = await get(`/v2/issues/DEMO-1/comments?perPage=2&id=999999`);
    expect(await empty.json()).toEqual([]);
    expect(empty.headers.get('link')).toContain('rel="next"');
    // The cursor's item is gone: the next page starts after where it stood.
    const deleted = page[0]!.id;
    tracker.state.comments = tracker.state.comments.filter((c) => c.id !== deleted);
    const after = await get(`/v2/issues/DEMO-1/comments?perPage=5&id=${deleted}`);
    expect(((await after.json()) as Array<{ id: number }>).map((c) => c.id)).toEqual([
      page[1]!.id,
      expect.any(Number),
    ]);
  });

  it('pages by page number with X-Total-Count and X-Total-Pages', async () => {
    const response = await fetch(`${tracker.url}/v3/issues/_search?perPage=5&page=3`, {
      method: 'POST',
      headers: {
        authorization: `OAuth ${tracker.token}`,
        'x-org-id': tracker.orgId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ queue: 'DEMO' }),
    });
    expect(response.headers.get('x-total-count')).toBe('12');
    expect(response.headers.get('x-total-pages')).toBe('3');
    expect(((await response.json()) as unknown[]).length).toBe(2);
  });

  describe('reset()', () => {
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${tracker.url}${path}`, {
        method,
        headers: {
          authorization: `OAuth ${tracker.token}`,
          'x-org-id': tracker.orgId,
          'content-type': 'application/json',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    it('puts the state back to the seed in place, and forgets requests, faults and scrolls', async () => {
      const state = tracker.state;
      await send('POST', '/v2/issues', { queue: 'DEMO', summary: 'Made before the reset' });
      await send('PATCH', '/v2/issues/DEMO-1', { summary: 'Changed', tags: { add: ['x'] } });
      await send('POST', '/v2/issues/DEMO-1/comments', { text: 'Hello' });
      const scroll = await send('POST', '/v2/issues/_search?scrollType=unsorted&perScroll=1', {
        query: 'Queue: DEMO',
      });
      const scrollId = scroll.headers.get('x-scroll-id')!;
      tracker.state.users.push({ ...tracker.state.users[0]!, login: 'zed', uid: 1 });
      tracker.faults.add({ kind: 'status', status: 503, path: '/v2/myself' });
      tracker.failAfterHandling({ method: 'POST', path: '/v2/issues', status: 500 });

      tracker.reset();

      expect(tracker.state).toBe(state);
      expect(tracker.state).toEqual(createSeedState());
      expect(tracker.requests).toHaveLength(0);
      expect((await get('/v2/myself')).status).toBe(200);
      const again = await send('POST', '/v2/issues', { queue: 'DEMO', summary: 'Made after the reset' });
      expect(again.status).toBe(201);
      expect(((await again.json()) as { key: string }).key).toBe('DEMO-13');
      const stale = await send('POST', `/v2/issues/_search?scrollId=${scrollId}`, { query: 'Queue: DEMO' });
      expect(stale.status).toBe(404);
      expect(tracker.requests).toHaveLength(3);
      tracker.reset();
    });

    it('resets to the state it was created with, unchanged by later writes', async () => {
      const custom = createSeedState();
      custom.issues = custom.issues.slice(0, 2);
      await using small = await createTrackerEmulator({ state: custom });
      small.state.issues.pop();
      small.state.sequences.set('issue', 100);
      small.reset();
      expect(small.state.issues.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2']);
      expect(small.state.sequences.get('issue')).toBe(21);
    });
  });
});
