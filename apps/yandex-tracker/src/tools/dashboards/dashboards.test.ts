import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;

beforeAll(async () => {
  t = await startInProcess();
}, 30_000);
afterAll(() => t.close());

describe('tracker_get_dashboards', () => {
  it('lists dashboards through _search, one page at a time, saying when it read only the first', async () => {
    const first = await t.call('tracker_get_dashboards', { perPage: 1 });
    const page = first.json as { items: unknown[]; total: number; nextCursor?: string };
    expect(page).toMatchObject({
      items: [{ dashboardId: 1, name: 'Team overview', owner: 'Alice Ivanova' }],
      total: 2,
    });
    const request = t.emulator.requests.at(-1)!;
    expect([request.method, request.path, request.body]).toEqual(['POST', '/v3/dashboards/_search', {}]);
    const next = (await t.call('tracker_get_dashboards', { perPage: 1, cursor: page.nextCursor }))
      .json as typeof page;
    expect(next.items).toEqual([{ dashboardId: 2, name: 'Ops health', owner: 'Bob Petrov' }]);
    expect(next.nextCursor).toBeUndefined();
  });
});

describe('tracker_get_dashboard', () => {
  it('reads a dashboard named by its name (converted) with its widgets', async () => {
    const result = await t.call('tracker_get_dashboard', { dashboardId: 'team overview' });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe('converted: dashboardId "team overview" → 1 (Team overview)');
    expect(result.json).toEqual({
      dashboardId: 1,
      name: 'Team overview',
      owner: 'Alice Ivanova',
      layout: 'two-columns',
      version: 3,
      widgets: [
        {
          widgetId: 11,
          type: 'cycleTime',
          description: 'Cycle time, DEMO',
          query: 'Queue: DEMO',
          from: ['open'],
          to: ['closed'],
        },
        {
          widgetId: 12,
          type: 'cycleTime',
          description: 'Review time, DEMO',
          query: 'Queue: DEMO',
          from: ['inReview'],
          to: ['resolved'],
        },
      ],
    });
    const projected = await t.call('tracker_get_dashboard', {
      dashboardId: 2,
      fields: ['widgets.description'],
    });
    expect(projected.json).toEqual({ widgets: [{ description: 'Incident cycle time' }] });
  });

  it('refuses an unknown dashboard before reading it, listing the dashboards', async () => {
    const before = t.emulator.requests.length;
    const result = await t.call('tracker_get_dashboard', { dashboardId: 9 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- dashboardId: "9" is not a dashboard.');
    expect(result.text).toContain('1 (Team overview), 2 (Ops health)');
    expect(t.emulator.requests.slice(before).some((r) => r.path === '/v3/dashboards/9')).toBe(false);
  });
});
