/**
 * The HTTP layer under faults, through the real bin over stdio against the emulator: a 429 storm is
 * ridden out (Retry-After honoured), a 5xx AFTER the create happened leaves exactly one issue, a
 * dropped connection on a search is retried, malformed bodies become a clear error, and the token
 * never reaches the server's logs or messages.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, TOKEN, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

let t: TrackerHarness & { stderr(): string };
beforeAll(async () => {
  t = await startStdio({
    args: ['--toolsets', 'all', '--log-level', 'debug'],
    env: { YANDEX_TRACKER_RETRIES: '4' },
  });
}, 20_000);
afterAll(() => t.close());

describe('faults', () => {
  it('rides out a 429 storm, waiting as Retry-After says', async () => {
    t.emulator.faults.add({ kind: 'rateLimit', retryAfterSeconds: 1, path: '/v3/issues/:key', times: 3 });
    const started = Date.now();
    const result = await t.call('tracker_get_issues', { issueIds: ['DEMO-2'] });
    expect(result.isError).toBe(false);
    expect((result.json as { successful: Array<{ key: string }> }).successful[0]!.key).toBe('DEMO-2');
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
    const hits = t.emulator.requests.filter((r) => r.path === '/v3/issues/DEMO-2');
    expect(hits.map((r) => r.fault ?? 'ok')).toEqual(['rateLimit', 'rateLimit', 'rateLimit', 'ok']);
  }, 20_000);

  it('a 5xx after the issue was created leaves exactly one issue', async () => {
    t.emulator.failAfterHandling({ method: 'POST', path: '/v3/issues', status: 502 });
    const summary = `Exactly once ${Date.now()}`;
    const result = await t.call('tracker_create_issue', { queueId: 'DEMO', summary });
    expect(result.isError).toBe(false);
    const matching = t.emulator.state.issues.filter((i) => i.summary === summary);
    expect(matching).toHaveLength(1);
    expect((result.json as { key: string }).key).toBe(matching[0]!.key);
    expect(result.text).toContain('found by its unique key');
  });

  it('a 5xx storm on create that outlasts the retries is an error, and still no duplicate', async () => {
    t.emulator.faults.add({ kind: 'status', status: 503, method: 'POST', path: '/v3/issues', times: 10 });
    const summary = `Never created ${Date.now()}`;
    const result = await t.call('tracker_create_issue', { queueId: 'DEMO', summary });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(
      /^Outcome unknown: .* Tracker answered HTTP 503, and no issue has its unique key yet/,
    );
    expect(result.text).toContain('again with exactly the same parameters within 10 minutes is safe');
    expect(t.emulator.state.issues.filter((i) => i.summary === summary)).toHaveLength(0);
    t.emulator.faults.clear();
  }, 30_000);

  it('retries a search whose connection dropped', async () => {
    t.emulator.faults.add({ kind: 'reset', when: 'after-body', method: 'POST', path: '/v3/issues/_search' });
    const result = await t.call('tracker_find_issues', { queueId: 'WEB' });
    expect(result.isError).toBe(false);
    expect((result.json as { total: number }).total).toBe(3);
  });

  it('turns a malformed body into an error that says so', async () => {
    t.emulator.faults.add({ kind: 'malformedBody', path: '/v3/issues/:key', times: 10 });
    const result = await t.call('tracker_get_issues', { issueIds: ['DEMO-3'] });
    const failed = (result.json as { failed: Array<{ error: string }> }).failed;
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error).toMatch(/not valid JSON|malformed|could not be parsed/i);
    t.emulator.faults.clear();
  }, 20_000);

  it('never writes the token to its logs', () => {
    expect(t.stderr().length).toBeGreaterThan(0);
    expect(t.stderr()).not.toContain(TOKEN);
  });
});
