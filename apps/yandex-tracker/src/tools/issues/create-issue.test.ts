/**
 * tracker_create_issue's `unique` key derived from the call (create-key.ts): a create that happened
 * although its answer was lost is reported as "outcome unknown", and the agent's retry of the same
 * call returns that issue — one issue in the emulator — and says so; `allowDuplicate` makes a second
 * one on purpose; the window holds across a bucket boundary and ends after 10 minutes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';
import { canonicalJson, callerIdentity, CREATE_WINDOW_MS, createKey, windowBucket } from './create-key.ts';
import { staticCredentials } from '../../auth/credential-source.ts';

let t: TrackerHarness;
beforeAll(async () => {
  // No retries: one lost answer ends the call, as a create that timed out on every attempt would.
  t = await startInProcess({ env: { YANDEX_TRACKER_RETRIES: '0' } });
});
afterAll(() => t.close());
afterEach(() => {
  t.emulator.faults.clear();
  jest.useRealTimers();
});

const named = (summary: string) => t.emulator.state.issues.filter((i) => i.summary === summary);
const creates = (from: number) =>
  t.emulator.requests.slice(from).filter((r) => r.method === 'POST' && r.path === '/v3/issues');

/** The create is made, then answered 504; looking it up by its key fails too (503). */
function loseTheAnswer() {
  t.emulator.failAfterHandling({ method: 'POST', path: '/v3/issues', status: 504 });
  t.emulator.faults.add({ kind: 'status', status: 503, path: '/v3/issues/_findByUnique', times: Infinity });
}

describe('a create that happened but whose answer was lost', () => {
  it('is "outcome unknown"; the retry of the same call returns the first issue and says so', async () => {
    const args = {
      queueId: 'DEMO',
      summary: `Lost answer ${Date.now()}`,
      priority: 'critical',
      tags: ['b', 'a'],
    };
    loseTheAnswer();
    const first = await t.call('tracker_create_issue', args);
    expect(first.isError).toBe(true);
    expect(first.text).toMatch(
      /^Outcome unknown: it is not known whether the issue was created — Tracker answered HTTP 504/,
    );
    expect(first.text).toContain('looking it up by its unique key failed as well');
    expect(first.text).toContain(
      'Calling tracker_create_issue again with exactly the same parameters within 10 minutes is safe',
    );
    expect(first.text).toContain('tracker_find_issues');
    expect(first.text).not.toMatch(/try again/i);
    expect(named(args.summary)).toHaveLength(1);
    t.emulator.faults.clear();

    // The agent retries (the tags in another order: the same call).
    const from = t.emulator.requests.length;
    const retry = await t.call('tracker_create_issue', { ...args, tags: ['a', 'b'] });
    expect(retry.isError).toBe(false);
    const made = named(args.summary);
    expect(made).toHaveLength(1);
    expect(retry.json).toMatchObject({
      key: made[0]!.key,
      note: expect.stringMatching(
        new RegExp(
          `^Not created again: the same call \\(same queue, summary and fields\\) created ${made[0]!.key} at `,
        ),
      ),
    });
    expect((retry.json as { note: string }).note).toContain('allowDuplicate: true');
    expect(creates(from)).toHaveLength(1); // sent with the same key, refused 409
    expect((creates(from)[0]!.body as { unique: string }).unique).toBe(made[0]!.unique);

    // A deliberate duplicate.
    const second = await t.call('tracker_create_issue', { ...args, allowDuplicate: true });
    expect(second.isError).toBe(false);
    expect(named(args.summary)).toHaveLength(2);
    expect((second.json as { key: string }).key).not.toBe(made[0]!.key);
    expect((second.json as { note?: string }).note).toBeUndefined();
    const keys = named(args.summary).map((i) => i.unique);
    expect(new Set(keys).size).toBe(2);
  });

  it('a lost answer whose issue is found by its key is the issue, said so', async () => {
    const summary = `Found after 502 ${Date.now()}`;
    t.emulator.failAfterHandling({ method: 'POST', path: '/v3/issues', status: 502 });
    const result = await t.call('tracker_create_issue', { queueId: 'DEMO', summary });
    expect(result.isError).toBe(false);
    expect(named(summary)).toHaveLength(1);
    expect(result.json).toMatchObject({
      key: named(summary)[0]!.key,
      note: 'Created (found by its unique key after a retried request).',
    });
  });

  it('a create that was not made (reset before the body) and not found is still "outcome unknown", and the retry creates it once', async () => {
    const summary = `Never made ${Date.now()}`;
    t.emulator.faults.add({ kind: 'reset', when: 'before-body', method: 'POST', path: '/v3/issues' });
    const first = await t.call('tracker_create_issue', { queueId: 'OPS', summary });
    expect(first.isError).toBe(true);
    expect(first.text).toMatch(
      /^Outcome unknown: .* the connection failed before the answer arrived, and no issue has its unique key yet/,
    );
    expect(named(summary)).toHaveLength(0);
    const retry = await t.call('tracker_create_issue', { queueId: 'OPS', summary });
    expect(retry.isError).toBe(false);
    expect(named(summary)).toHaveLength(1);
    expect((retry.json as { note?: string }).note).toBeUndefined();
  });

  it('different content is a different call: another issue', async () => {
    const summary = `Two calls ${Date.now()}`;
    expect((await t.call('tracker_create_issue', { queueId: 'DEMO', summary })).isError).toBe(false);
    expect(
      (await t.call('tracker_create_issue', { queueId: 'DEMO', summary, priority: 'minor' })).isError,
    ).toBe(false);
    expect(named(summary)).toHaveLength(2);
  });
});

describe('the window', () => {
  /** Only `Date` is faked (the emulator's too: same process); it runs on from each time set. */
  const at = (ms: number) => {
    jest.useFakeTimers({
      advanceTimers: true,
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'requestIdleCallback',
        'cancelIdleCallback',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    jest.setSystemTime(ms);
  };

  it('holds across a bucket boundary and ends 10 minutes after the first issue was made', async () => {
    const summary = `Window ${Date.now()}`;
    const boundary = (windowBucket(Date.now()) + 1) * CREATE_WINDOW_MS;
    at(boundary - 10_000);
    const first = await t.call('tracker_create_issue', { queueId: 'WEB', summary });
    expect(first.isError).toBe(false);
    const key = (first.json as { key: string }).key;

    at(boundary + 20_000); // the next bucket, 30 s later: found by the previous bucket's key
    const repeat = await t.call('tracker_create_issue', { queueId: 'WEB', summary });
    expect(repeat.json).toMatchObject({ key, note: expect.stringMatching(/^Not created again/) });
    expect(named(summary)).toHaveLength(1);

    at(boundary - 10_000 + CREATE_WINDOW_MS - 30_000); // 9.5 min after the first: still that issue
    expect((await t.call('tracker_create_issue', { queueId: 'WEB', summary })).json).toMatchObject({ key });
    expect(named(summary)).toHaveLength(1);

    at(boundary - 10_000 + CREATE_WINDOW_MS + 30_000); // 10.5 min after: a new issue
    const later = await t.call('tracker_create_issue', { queueId: 'WEB', summary });
    expect(later.isError).toBe(false);
    expect((later.json as { key: string }).key).not.toBe(key);
    expect(named(summary)).toHaveLength(2);
  });
});

describe('the key', () => {
  const body = { queue: 'DEMO', summary: 'x', tags: ['b', 'a'], followers: ['bob'] };
  const caller = callerIdentity(
    { header: 'X-Org-ID', id: '1' },
    staticCredentials({ scheme: 'OAuth', token: 'secret' }).principal,
  );

  it('is the same for the same normalised body, caller and bucket, and differs otherwise', () => {
    const key = createKey(body, caller, 7);
    expect(key).toMatch(/^toolsmith-[0-9a-f]{32}$/);
    expect(createKey({ followers: ['bob'], tags: ['a', 'b'], summary: 'x', queue: 'DEMO' }, caller, 7)).toBe(
      key,
    );
    expect(createKey({ ...body, description: undefined }, caller, 7)).toBe(key);
    expect(createKey(body, caller, 8)).not.toBe(key);
    expect(createKey({ ...body, summary: 'y' }, caller, 7)).not.toBe(key);
    const other = callerIdentity(
      { header: 'X-Org-ID', id: '1' },
      staticCredentials({ scheme: 'OAuth', token: 'other' }).principal,
    );
    expect(createKey(body, other, 7)).not.toBe(key);
  });

  it('normalises Unicode and never contains the token', () => {
    expect(canonicalJson({ b: 'e\u0301', a: [2, 1] })).toBe(canonicalJson({ a: [1, 2], b: '\u00e9' }));
    expect(caller).not.toContain('secret');
    expect(caller).toMatch(/^[0-9a-f]{32}$/);
  });
});
