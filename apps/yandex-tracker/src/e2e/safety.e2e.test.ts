/**
 * Safety switches through the real bin over stdio: --read-only hides AND refuses every write; the
 * queue allow-list and per-queue read-only list refuse calls before anything is sent; default
 * toolsets keep tools/list small while search_tools still finds the rest.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { createRegistry } from '../server.ts';
import { startStdio, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

let t: TrackerHarness | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const writes = createRegistry()
  .list()
  .filter((tool) => !tool.metadata.annotations.readOnlyHint)
  .map((tool) => tool.name);

describe('--read-only', () => {
  it('hides every write tool and refuses calls to them, with nothing sent to the API', async () => {
    t = await startStdio({ args: ['--read-only', '--toolsets', 'all'] });
    const { tools } = await t.connection.client.listTools();
    const listed = tools.map((x) => x.name);
    expect(writes.length).toBeGreaterThan(20);
    expect(listed.filter((name) => writes.includes(name))).toEqual([]);
    expect(listed).toContain('tracker_get_issues');
    const before = t.emulator.requests.length;
    for (const name of writes) {
      const result = await t.call(name, {});
      expect([name, result.isError]).toEqual([name, true]);
      expect(result.text).toMatch(/read-only/);
    }
    expect(t.emulator.requests.length).toBe(before);
  }, 30_000);
});

describe('queue policies', () => {
  it('refuses queues outside the allow-list and writes to read-only queues, before sending anything', async () => {
    t = await startStdio({
      env: { YANDEX_TRACKER_QUEUES: 'DEMO,OPS', YANDEX_TRACKER_READ_ONLY_QUEUES: 'OPS' },
    });
    const web = await t.call('tracker_get_issues', { issueIds: ['WEB-1', 'DEMO-1'] });
    const json = web.json as {
      successful: Array<{ key: string }>;
      failed: Array<{ issueId: string; error: string }>;
    };
    expect(json.successful.map((i) => i.key)).toEqual(['DEMO-1']);
    expect(json.failed[0]).toEqual({
      issueId: 'WEB-1',
      error:
        'Queue WEB is not available on this server (allowed queues: DEMO, OPS). Work in one of those queues, or ask the operator to add WEB to YANDEX_TRACKER_QUEUES.',
    });
    const before = t.emulator.state.issues.length;
    const create = await t.call('tracker_create_issue', { queueId: 'OPS', summary: 'Should not exist' });
    expect(create.isError).toBe(true);
    expect(create.text).toBe(
      'Queue OPS is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES): it can be read but not changed. Nothing was changed.',
    );
    expect(t.emulator.state.issues.length).toBe(before);
    const read = await t.call('tracker_find_issues', { queueId: 'OPS' });
    expect(read.isError).toBe(false);
    const search = await t.call('tracker_find_issues', { query: 'Priority: blocker' });
    const found = search.json as { items: Array<{ key: string }>; note?: string };
    expect(found.items.every((i) => !i.key.startsWith('WEB-'))).toBe(true);
  }, 20_000);
});

describe('default toolsets', () => {
  it('lists only the default toolsets, and search_tools finds the others', async () => {
    t = await startStdio({ args: [] });
    const { tools } = await t.connection.client.listTools();
    const names = tools.map((x) => x.name);
    expect(names).toContain('search_tools');
    expect(names).toContain('tracker_find_issues');
    expect(names).not.toContain('tracker_bulk_move_issues');
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    expect(bytes).toBeLessThanOrEqual(20 * 1024);
    const found = await t.call('search_tools', { query: 'log time spent on an issue' });
    expect(found.text).toContain('tracker_add_worklog');
  }, 20_000);
});
