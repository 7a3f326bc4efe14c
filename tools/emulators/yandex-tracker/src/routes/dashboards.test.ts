/** Dashboards: the list by `_search` in pages (a plain GET is 405), one with its widgets, a 404. */
import { describe, expect, it } from '@jest/globals';
import { useTrackerEmulator } from '../__fixtures__/emulator-harness.ts';

const harness = useTrackerEmulator();
const { call } = harness;

describe('dashboards', () => {
  it('lists dashboards by _search in pages; a plain GET is 405', async () => {
    const page = await call<Array<Record<string, unknown>>>('POST', '/v3/dashboards/_search?perPage=1', {});
    expect(page.status).toBe(200);
    expect(page.headers.get('x-total-count')).toBe('2');
    expect(page.json).toEqual([
      expect.objectContaining({ id: 1, name: 'Team overview', layout: 'two-columns' }),
    ]);
    expect(page.json[0]!['widgets']).toBeUndefined();
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
