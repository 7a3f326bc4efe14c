/** search_tools as the published bin serves it: core's ranking with TRACKER_SEARCH_GLOSSARY. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../e2e/__fixtures__/tracker-fixture.ts';

describe('search_tools through the bin over stdio (Tracker glossary)', () => {
  let tracker: TrackerHarness;
  beforeAll(async () => {
    tracker = await startStdio({ args: [] });
  }, 60_000);
  afterAll(() => tracker.close());

  const names = async (query: string) => {
    const result = await tracker.call('search_tools', { query, limit: 3 });
    expect(result.isError).toBe(false);
    return (result.json as { results: { name: string }[] }).results.map((r) => r.name);
  };

  it.each([
    ['создать задачу', 'tracker_create_issue'],
    ['перенести задачу в другую очередь', 'tracker_move_issue'],
    ['списать время на задачу', 'tracker_add_worklog'],
    ['компоненты очереди', 'tracker_get_components'],
    ['transiton issue', 'tracker_transition_issue'],
    ['open a new ticket', 'tracker_create_issue'],
  ])('"%s" finds %s', async (query, tool) => {
    expect(await names(query)).toContain(tool);
  });
});
