/** Dashboards: the list by `_search` in pages (a plain GET is 405), one with its widgets, a 404. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '../create-tracker-emulator.ts';

let tracker: TrackerEmulator;
beforeAll(async () => {
  tracker = await createTrackerEmulator();
});
beforeEach(() => tracker.reset());
afterAll(() => tracker.close());

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${tracker.url}${path}`, {
    method,
    headers: {
      authorization: `OAuth ${tracker.token}`,
      'x-org-id': tracker.orgId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    json: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

describe('dashboards', () => {
  it('lists dashboards by _search in pages; a plain GET is 405', async () => {
    const page = await call('POST', '/v3/dashboards/_search?perPage=1', {});
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.json).toEqual([
      expect.objectContaining({ id: 1, name: 'Team overview', layout: 'two-columns' }),
    ]);
    expect((page.json as Array<Record<string, unknown>>)[0]!['widgets']).toBeUndefined();
    expect((await call('GET', '/v3/dashboards')).status).toBe(405);
    expect((await call('POST', '/v3/dashboards/_search', { owner: 'bob' })).status).toBe(400);
  });

  it('reads one dashboard with its widgets; a missing one is a 404', async () => {
    const one = await call('GET', '/v3/dashboards/2');
    expect(one.json).toMatchObject({
      id: 2,
      owner: { display: 'Bob Petrov' },
      widgets: [
        { id: 21, type: 'cycleTime', fromStatuses: [{ key: 'open' }], toStatuses: [{ key: 'closed' }] },
      ],
    });
    expect((await call('GET', '/v3/dashboards/9')).status).toBe(404);
  });
});
