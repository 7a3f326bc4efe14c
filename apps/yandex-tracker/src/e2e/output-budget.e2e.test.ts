/**
 * Outputs stay within core's 50 000-character budget, with a hint that names the tool's own ways to
 * see more (fields, paging), through the real bin over stdio.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
  // Long descriptions on every DEMO issue: a page of full issues is far over the budget.
  for (const issue of t.emulator.state.issues.filter((i) => i.queue === 'DEMO')) {
    issue.description = `${issue.summary}. ${'Steps to reproduce, logs and analysis. '.repeat(400)}`;
  }
}, 20_000);
afterAll(() => t.close());

describe('output budget', () => {
  it('cuts a batch of long issues at whole items and says how to see more', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `DEMO-${i + 1}`);
    const result = await t.call('tracker_get_issues', { issueIds: ids });
    expect(result.isError).toBe(false);
    expect(result.text.length).toBeLessThanOrEqual(50_000 + 400);
    expect(result.text).toMatch(
      /\[Output truncated: showing \d+ of 12 items to stay within 50000 characters\. To see more, request fewer `fields`/,
    );
  });

  it('fits when the caller asks for fewer fields', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `DEMO-${i + 1}`);
    const result = await t.call('tracker_get_issues', { issueIds: ids, fields: ['key', 'summary'] });
    expect(result.text).not.toContain('[Output truncated');
    expect((result.json as { successful: unknown[] }).successful).toHaveLength(12);
  });
});
