import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startInProcess();
});
afterAll(() => t.close());

describe('tracker_get_issues', () => {
  it('reads a batch and reports missing keys per item', async () => {
    const result = await t.call('tracker_get_issues', { issueIds: ['DEMO-1', 'DEMO-999'] });
    expect(result.isError).toBe(false);
    const json = result.json as {
      total: number;
      successful: Array<{ key: string; status: string }>;
      failed: Array<{ issueId: string; error: string }>;
    };
    expect(json.total).toBe(2);
    expect(json.successful).toEqual([
      expect.objectContaining({ key: 'DEMO-1', status: 'inProgress', version: 1 }),
    ]);
    expect(json.failed[0]!.issueId).toBe('DEMO-999');
    expect(json.failed[0]!.error).toContain('failed with HTTP 404');
    expect(json.failed[0]!.error).toContain('Задача не существует.');
  });

  it('projects the API object to `fields`', async () => {
    const result = await t.call('tracker_get_issues', {
      issueIds: ['DEMO-2'],
      fields: ['key', 'status.display'],
    });
    expect((result.json as { successful: unknown[] }).successful).toEqual([
      { key: 'DEMO-2', status: { display: 'Open' } },
    ]);
  });

  it('refuses a lower-case key with the expected form', async () => {
    const result = await t.call('tracker_get_issues', { issueIds: ['demo-1'] });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('issueIds.0');
    expect(result.text).toContain('Use an issue key such as "DEMO-12"');
  });
});

describe('tracker_find_issues', () => {
  it('pages with an opaque cursor and stops at the end', async () => {
    const first = await t.call('tracker_find_issues', {
      query: 'Queue: DEMO "Sort by": Key ASC',
      perPage: 5,
    });
    const page1 = first.json as { items: Array<{ key: string }>; total: number; nextCursor?: string };
    expect(page1.total).toBe(12);
    expect(page1.items.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-5']);
    const keys = [...page1.items.map((i) => i.key)];
    let cursor = page1.nextCursor;
    while (cursor) {
      const next = (
        await t.call('tracker_find_issues', { query: 'Queue: DEMO "Sort by": Key ASC', perPage: 5, cursor })
      ).json as typeof page1;
      keys.push(...next.items.map((i) => i.key));
      cursor = next.nextCursor;
    }
    expect(keys).toHaveLength(12);
  });

  it('refuses a cursor replayed with other parameters', async () => {
    const first = (await t.call('tracker_find_issues', { queueId: 'DEMO', perPage: 2 })).json as {
      nextCursor: string;
    };
    const result = await t.call('tracker_find_issues', {
      queueId: 'OPS',
      perPage: 2,
      cursor: first.nextCursor,
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cursor: belongs to a request with different parameters');
  });

  it('says to pick exactly one selector', async () => {
    const result = await t.call('tracker_find_issues', { queueId: 'DEMO', query: 'Status: open' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('are combined, but the API takes exactly one of them');
  });
});

describe('tracker_create_issue', () => {
  it('creates with a unique key and finds the issue instead of duplicating when the response is lost', async () => {
    t.emulator.faults.add({ kind: 'reset', when: 'after-body', method: 'POST', path: '/v3/issues' });
    const before = t.emulator.state.issues.length;
    const result = await t.call('tracker_create_issue', {
      queueId: 'OPS',
      summary: 'Renew the wildcard certificate',
      priority: 'critical',
    });
    expect(result.isError).toBe(false);
    expect(t.emulator.state.issues.length).toBe(before + 1);
    expect((result.json as { key: string }).key).toMatch(/^OPS-\d+$/);
  });

  it('names the valid queues when the queue does not exist', async () => {
    const result = await t.call('tracker_create_issue', { queueId: 'NOPE', summary: 'x' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Valid queues: DEMO, OPS, WEB.');
  });
});
