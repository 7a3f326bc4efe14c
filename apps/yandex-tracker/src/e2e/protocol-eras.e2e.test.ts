/**
 * The real bin over stdio answers a client of either protocol era: 2025-11-25 (`initialize`) and
 * 2026-07-28 (`server/discover`, every request self-describing), with the same tools and results.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { MODERN_PROTOCOL_VERSION } from '@toolsmith/testing';
import { startStdio, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

const started: TrackerHarness[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((t) => t.close()));
});

describe('yandex-tracker-mcp over stdio, both protocol eras', () => {
  it('lists the same tools and answers the same calls to a 2025-11-25 and a 2026-07-28 client', async () => {
    const seen: Record<string, { tools: string[]; issue: unknown; invalid: string }> = {};
    for (const era of ['legacy', 'modern'] as const) {
      const t = await startStdio({ era });
      started.push(t);
      expect(t.connection.client.getNegotiatedProtocolVersion()).toBe(
        era === 'modern' ? MODERN_PROTOCOL_VERSION : '2025-11-25',
      );
      const { tools } = await t.connection.client.listTools();
      const issue = await t.call('tracker_get_issues', { issueIds: ['WEB-1'], fields: ['key', 'summary'] });
      expect(issue.isError).toBe(false);
      const invalid = await t.call('tracker_get_issues', { issueIds: ['web-1'] });
      expect(invalid.isError).toBe(true);
      seen[era] = { tools: tools.map((x) => x.name), issue: issue.json, invalid: invalid.text };
    }
    expect(seen.modern).toEqual(seen.legacy);
    expect(seen.legacy!.tools.length).toBeGreaterThan(50);
  }, 40_000);
});
