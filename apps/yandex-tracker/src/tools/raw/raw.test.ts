import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { definitionTokens } from '@toolsmith/testing';
import {
  refusedUnsent,
  startInProcess,
  type TrackerHarness,
} from '../../e2e/__fixtures__/tracker-fixture.ts';
import { createRegistry } from '../../server.ts';
import { createTools, TOOLSETS } from '../index.ts';
import { TRACKER_READ_ENDPOINTS } from './read-endpoints.ts';

describe('tracker_raw_get through an MCP client against the emulator', () => {
  let t: TrackerHarness;
  beforeAll(async () => {
    t = await startInProcess({ args: ['--toolsets', 'raw'] });
  });
  afterAll(() => t.close());

  it('answers an issue as Tracker sends it, under /v2 and /v3, with its query', async () => {
    const issue = await t.call('tracker_raw_get', { path: '/v3/issues/DEMO-1' });
    expect(issue.isError).toBe(false);
    expect(issue.json).toMatchObject({ key: 'DEMO-1', queue: { key: 'DEMO' } });
    const comments = await t.call('tracker_raw_get', {
      path: '/v2/issues/DEMO-1/comments',
      query: { perPage: 1 },
    });
    expect(comments.json).toHaveLength(1);
    expect(t.emulator.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/issues/DEMO-1/comments' });
  });

  it("answers a missing issue with Tracker's error, translated", async () => {
    const missing = await t.call('tracker_raw_get', { path: '/v2/issues/DEMO-999' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('HTTP 404 Not Found: Задача не существует. No issue DEMO-999 exists');
    expect(missing.text).toContain('Find issues with tracker_find_issues.');
  });

  it('refuses a path not allowed, another host and an encoded slash before sending anything', async () => {
    const write = await refusedUnsent(t, 'tracker_raw_get', { path: '/v2/issues/DEMO-1/_execute' });
    expect(write).toContain('is not a read endpoint this tool may call (GET only)');
    expect(write).toContain('/v3/issues/{key}/comments');
    expect(write).toContain('For this resource, tracker_get_issues reads /v2/issues/{key}');
    const host = await refusedUnsent(t, 'tracker_raw_get', { path: '//evil.example/v2/myself' });
    expect(host).toContain('Absolute URLs and other hosts are not allowed');
    const slash = await refusedUnsent(t, 'tracker_raw_get', { path: '/v2/issues/DEMO-1%2F..%2F..%2Fmyself' });
    expect(slash).toContain('hides "/"');
  });
});

describe('the raw toolset', () => {
  it('is off by default, read-only, within its token budget, and every dedicated tool it suggests exists', () => {
    expect(TOOLSETS.find((toolset) => toolset.id === 'raw')?.default).toBe(false);
    const names = new Set(createTools().map((tool) => tool.name));
    for (const endpoint of TRACKER_READ_ENDPOINTS) if (endpoint.tool) expect(names).toContain(endpoint.tool);
    const tool = createRegistry().get('tracker_raw_get')!;
    expect(tool.metadata.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    // The issue's budget for one tool's definition (o200k_base).
    expect(definitionTokens([tool.getDefinition()]).total).toBeLessThanOrEqual(150);
  });
});
