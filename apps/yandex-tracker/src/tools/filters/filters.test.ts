import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;

beforeAll(async () => {
  t = await startInProcess();
}, 30_000);
afterAll(() => t.close());

/** A call refused with nothing written (reference data may be read to check its values). */
async function refusedUnwritten(
  h: TrackerHarness,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  const before = h.emulator.requests.length;
  const result = await h.call(name, args);
  expect(result.isError).toBe(true);
  expect(h.emulator.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return result.text;
}

const saved = (id: number) => t.emulator.state.filters.find((f) => f.id === id);

describe('tracker_get_filters, tracker_get_filter', () => {
  it("lists the caller's own filters compactly", async () => {
    const json = (await t.call('tracker_get_filters')).json;
    expect(json).toEqual({
      items: [
        {
          filterId: 1,
          name: 'My open issues',
          query: 'Assignee: me() Resolution: empty()',
          owner: 'Alice Ivanova',
        },
      ],
      total: 1,
    });
  });

  it("reads anyone's filter by id; a missing one names the list tool", async () => {
    const json = (await t.call('tracker_get_filter', { filterId: 2 })).json;
    expect(json).toEqual({
      filterId: 2,
      name: 'Ops blockers',
      filter: { queue: 'OPS', priority: 'blocker' },
      owner: 'Bob Petrov',
    });
    const missing = await t.call('tracker_get_filter', { filterId: 404 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Фильтр 404 не найден.');
    expect(missing.text).toContain('tracker_get_filters lists your filters and their ids.');
  });
});

describe('tracker_create_filter', () => {
  it('saves a YQL filter with its values checked and converted; tracker_find_issues runs it by filterId', async () => {
    const result = await t.call('tracker_create_filter', {
      name: 'Demo bugs',
      query: 'Queue: demo Type: Bug',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toContain('converted:');
    expect(result.json).toEqual({
      filterId: 3,
      name: 'Demo bugs',
      query: 'Queue: DEMO Type: bug',
      owner: 'Alice Ivanova',
    });
    const found = (await t.call('tracker_find_issues', { filterId: 3, fields: ['key', 'type.key'] }))
      .json as {
      items: { key: string; type: { key: string } }[];
    };
    expect(found.items.length).toBeGreaterThan(0);
    expect(found.items.every((i) => i.key.startsWith('DEMO-') && i.type.key === 'bug')).toBe(true);
  });

  it('saves a filter object, its values checked like a search filter', async () => {
    const result = await t.call('tracker_create_filter', {
      name: 'Web open',
      filter: { queue: 'WEB', status: 'open' },
    });
    expect(result.json).toMatchObject({ filterId: 4, filter: { queue: 'WEB', status: 'open' } });
    const text = await refusedUnwritten(t, 'tracker_create_filter', {
      name: 'Bad',
      filter: { status: 'opened' },
    });
    expect(text).toContain('is not a status');
  });

  it('refuses both or neither of query and filter before anything is sent', async () => {
    expect(
      await refusedUnwritten(t, 'tracker_create_filter', {
        name: 'Both',
        query: 'Queue: DEMO',
        filter: { queue: 'DEMO' },
      }),
    ).toContain('are both given, but a filter is one or the other.');
    expect(await refusedUnwritten(t, 'tracker_create_filter', { name: 'None' })).toContain(
      'says nothing to select issues by. Pass `query`',
    );
  });

  it('passes on the API refusal of a YQL it cannot parse', async () => {
    const result = await t.call('tracker_create_filter', { name: 'Broken', query: 'Queue: DEMO AND (' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/HTTP 400/);
  });
});

describe('tracker_update_filter, tracker_delete_filter', () => {
  it('renames a filter and replaces its query by a filter object', async () => {
    const result = await t.call('tracker_update_filter', {
      filterId: 1,
      name: 'Mine',
      filter: { assignee: 'alice' },
    });
    expect(result.json).toEqual({
      filterId: 1,
      name: 'Mine',
      filter: { assignee: 'alice' },
      owner: 'Alice Ivanova',
    });
    expect(saved(1)!.query).toBeUndefined();
    expect(await refusedUnwritten(t, 'tracker_update_filter', { filterId: 1 })).toContain(
      'says nothing to change.',
    );
  });

  it("refuses another user's filter (403) saying only its owner may change it", async () => {
    const result = await t.call('tracker_delete_filter', { filterId: 2 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Only the owner of a filter may change or delete it');
    expect(saved(2)).toBeDefined();
  });

  it('deletes your filter', async () => {
    expect((await t.call('tracker_delete_filter', { filterId: 1 })).json).toEqual({
      filterId: 1,
      deleted: true,
    });
    expect(saved(1)).toBeUndefined();
  });
});
