/**
 * Reference values checked before the API (core's guarded path against shared/references.ts),
 * through a real client against the emulator (strict, as the API is): case and display-name variants
 * become keys and the answer says so, anything else is refused with the valid keys, and the refused
 * call sends no request — the reference data itself is read once per TTL.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startInProcess();
});
afterAll(() => t.close());

/** Runs `call` and returns what it sent to the emulator. */
async function sentBy<T>(h: TrackerHarness, call: () => Promise<T>) {
  const before = h.emulator.requests.length;
  const result = await call();
  return { result, sent: h.emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`) };
}

/** Requests that are not reads of reference data. */
const notReference = (sent: string[]) =>
  sent.filter(
    (r) =>
      !/^GET \/v[23]\/(priorities|issuetypes|resolutions|statuses|users|myself|queues|fields|issues\/[A-Z]+-\d+\/transitions)$/.test(
        r,
      ),
  );

describe('priorities, issue types and assignees of issue writes', () => {
  it('refuses an unknown priority with the valid keys, and sends no write (nor anything on a second try)', async () => {
    const first = await sentBy(t, () =>
      t.call('tracker_create_issue', { queueId: 'DEMO', summary: 'Refused', priority: 'High' }),
    );
    expect(first.result.isError).toBe(true);
    expect(first.result.text).toContain(
      '- priority: "High" is not a priority. Valid priorities: trivial (Trivial), minor (Minor), normal (Normal), critical (Critical), blocker (Blocker). Nothing was sent.',
    );
    expect(notReference(first.sent)).toEqual([]);
    const again = await sentBy(t, () =>
      t.call('tracker_create_issue', { queueId: 'DEMO', summary: 'Refused', priority: 'High' }),
    );
    expect(again.result.isError).toBe(true);
    expect(again.sent).toEqual([]);
    const russian = await sentBy(t, () =>
      t.call('tracker_create_issue', { queueId: 'DEMO', summary: 'Refused', priority: 'высокий' }),
    );
    expect(russian.result.text).toContain('- priority: "высокий" is not a priority.');
    expect(russian.sent).toEqual([]);
  });

  it('suggests the near miss', async () => {
    const { result, sent } = await sentBy(t, () =>
      t.call('tracker_update_issue', { issueId: 'DEMO-1', priority: 'critcal' }),
    );
    expect(result.text).toContain(
      '- priority: "critcal" is not a priority. Did you mean critical (Critical)? Valid priorities',
    );
    expect(sent).toEqual([]);
  });

  it('names every refused field at once', async () => {
    const { result, sent } = await sentBy(t, () =>
      t.call('tracker_update_issue', {
        issueId: 'DEMO-1',
        type: 'feature',
        priority: 'urgent',
        assignee: 'robert',
      }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- type: "feature" is not an issue type.');
    expect(result.text).toContain('bug (Bug), task (Task), epic (Epic), story (Story)');
    expect(result.text).toContain('- priority: "urgent" is not a priority');
    expect(result.text).toContain(
      '- assignee: "robert" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    expect(notReference(sent)).toEqual([]);
  });

  it('turns a key in another case or a display name in any language into the key', async () => {
    const created = await sentBy(t, () =>
      t.call('tracker_create_issue', {
        queueId: 'DEMO',
        summary: 'Converted',
        priority: 'Критичный',
        type: 'BUG',
        assignee: 'Bob Petrov',
      }),
    );
    expect(created.result.isError).toBe(false);
    const post = t.emulator.requests.findLast((r) => r.method === 'POST' && r.path === '/v3/issues')!;
    expect(post.body).toMatchObject({ priority: 'critical', type: 'bug', assignee: 'bob' });
    expect(created.result.notes).toBe(
      'converted: type "BUG" → bug (Bug); priority "Критичный" → critical (Critical); assignee "Bob Petrov" → bob (Bob Petrov)',
    );
    const key = (created.result.json as { key: string }).key;
    const updated = await t.call('tracker_update_issue', {
      issueId: key,
      priority: 'Blocker',
      assignee: 'CAROL',
    });
    expect(updated.isError).toBe(false);
    expect(t.emulator.state.issues.find((i) => i.key === key)).toMatchObject({
      priority: 'blocker',
      assignee: 'carol',
    });
  });

  it('refuses a display name two people share, naming both', async () => {
    const twins = await startInProcess();
    try {
      const bob = twins.emulator.state.users.find((u) => u.login === 'bob')!;
      twins.emulator.state.users.push({
        ...bob,
        uid: bob.uid + 100,
        login: 'bob2',
        email: 'bob2@example.org',
      });
      const { result, sent } = await sentBy(twins, () =>
        twins.call('tracker_update_issue', { issueId: 'DEMO-1', assignee: 'bob petrov' }),
      );
      expect(result.text).toContain(
        '- assignee: "bob petrov" names several users: bob (Bob Petrov), bob2 (Bob Petrov). Pass the id of the one you mean. Nothing was sent.',
      );
      expect(notReference(sent)).toEqual([]);
    } finally {
      await twins.close();
    }
  });

  it('takes logins, uids and numeric ids as they are', async () => {
    const result = await t.call('tracker_update_issue', {
      issueId: 'DEMO-2',
      assignee: '1120000000000002',
      priority: '3',
    });
    expect(result.isError).toBe(false);
    expect(t.emulator.state.issues.find((i) => i.key === 'DEMO-2')).toMatchObject({
      assignee: 'bob',
      priority: 'normal',
    });
  });
});

describe('search filters', () => {
  it('turns a status display name or a field name in another case into the key', async () => {
    const result = await t.call('tracker_find_issues', {
      filter: { queue: 'OPS', Status: 'In progress' },
      fields: ['key'],
    });
    expect(result.isError).toBe(false);
    expect((result.json as { items: unknown[] }).items).toEqual([{ key: 'OPS-2' }]);
    const search = t.emulator.requests.findLast((r) => r.path === '/v3/issues/_search')!;
    expect(search.body).toEqual({ filter: { queue: 'OPS', status: 'inProgress' } });
    expect(result.notes).toBe(
      'converted: filter.Status "Status" → status; filter.status "In progress" → inProgress (In progress)',
    );
    const lower = await t.call('tracker_count_issues', { filter: { QUEUE: 'ops', status: 'inprogress' } });
    expect(lower.json).toEqual({ count: 1 });
  });

  it('refuses an unknown status instead of finding nothing, and sends no search', async () => {
    const { result, sent } = await sentBy(t, () =>
      t.call('tracker_find_issues', { filter: { queue: 'OPS', status: ['open', 'doing'] } }),
    );
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- filter.status.1: "doing" is not a status. Valid statuses: open (Open), inProgress (In progress), needInfo (Need info), inReview (In review), resolved (Resolved), closed (Closed). Nothing was sent.',
    );
    expect(notReference(sent)).toEqual([]);
  });

  it('refuses an unknown priority in a count, and leaves search functions alone', async () => {
    const refused = await sentBy(t, () => t.call('tracker_count_issues', { filter: { priority: 'urgent' } }));
    expect(refused.result.isError).toBe(true);
    expect(refused.result.text).toContain('- filter.priority: "urgent" is not a priority');
    expect(notReference(refused.sent)).toEqual([]);
    const counted = await t.call('tracker_count_issues', {
      filter: { queue: 'OPS', assignee: 'Empty()', priority: 'Normal' },
    });
    expect(counted.isError).toBe(false);
    const count = t.emulator.requests.findLast((r) => r.path === '/v3/issues/_count')!;
    expect(count.body).toEqual({ filter: { queue: 'OPS', assignee: 'Empty()', priority: 'normal' } });
  });
});

describe('transitions and bulk changes', () => {
  it('turns a resolution display name into its key and refuses an unknown one before the transition', async () => {
    const refused = await sentBy(t, () =>
      t.call('tracker_transition_issue', { issueId: 'OPS-1', transitionId: 'close', resolution: 'done' }),
    );
    expect(refused.result.isError).toBe(true);
    expect(notReference(refused.sent)).toEqual([]);
    expect(refused.result.text).toContain(
      '- resolution: "done" is not a resolution. Valid resolutions: fixed (Fixed), wontFix (Won\'t fix), duplicate (Duplicate), invalid (Invalid). Nothing was sent.',
    );
    const closed = await t.call('tracker_transition_issue', {
      issueId: 'OPS-1',
      transitionId: 'close',
      resolution: "won't fix",
    });
    expect(closed.isError).toBe(false);
    expect(closed.json).toMatchObject({ status: 'closed', resolution: 'wontFix' });
  });

  it('checks the values of a bulk update, and the resolution and values of a bulk transition', async () => {
    const update = await sentBy(t, () =>
      t.call('tracker_bulk_update_issues', {
        issueIds: ['DEMO-3', 'DEMO-4'],
        values: { priority: 'High', assignee: null },
      }),
    );
    expect(update.result.isError).toBe(true);
    expect(update.result.text).toContain('- values.priority: "High" is not a priority');
    expect(notReference(update.sent)).toEqual([]);
    const transition = await sentBy(t, () =>
      t.call('tracker_bulk_transition_issues', {
        issueIds: ['DEMO-3'],
        transitionId: 'close',
        resolution: 'done',
        values: { type: 'feature' },
      }),
    );
    expect(transition.result.isError).toBe(true);
    expect(transition.result.text).toContain('- values.type: "feature" is not an issue type');
    expect(transition.result.text).toContain('- resolution: "done" is not a resolution');
    expect(notReference(transition.sent)).toEqual([]);
    const converted = await t.call('tracker_bulk_update_issues', {
      issueIds: ['DEMO-3'],
      values: { priority: 'Minor' },
    });
    expect(converted.isError).toBe(false);
    const start = t.emulator.requests.findLast((r) => r.path === '/v2/bulkchange/_update')!;
    expect(start.body).toEqual({ issues: ['DEMO-3'], values: { priority: 'minor' } });
  });
});

describe('the reference cache', () => {
  it('reads each kind once for concurrent calls of one server, and again after the TTL', async () => {
    const fresh = await startInProcess();
    try {
      const calls = Array.from({ length: 5 }, (_, i) =>
        fresh.call('tracker_update_issue', { issueId: `DEMO-${i + 5}`, priority: 'Critical' }),
      );
      const results = await Promise.all(calls);
      expect(results.every((r) => !r.isError)).toBe(true);
      const reads = fresh.emulator.requests.filter((r) => r.path === '/v3/priorities');
      expect(reads).toHaveLength(1);
      expect(reads[0]!.query).toEqual({ localized: 'false' });
      await fresh.call('tracker_update_issue', { issueId: 'DEMO-5', priority: 'Minor' });
      expect(fresh.emulator.requests.filter((r) => r.path === '/v3/priorities')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
    const uncached = await startInProcess({ env: { YANDEX_TRACKER_REFERENCE_TTL_MS: '0' } });
    try {
      await uncached.call('tracker_update_issue', { issueId: 'DEMO-5', priority: 'Critical' });
      await uncached.call('tracker_update_issue', { issueId: 'DEMO-6', priority: 'Critical' });
      expect(uncached.emulator.requests.filter((r) => r.path === '/v3/priorities')).toHaveLength(2);
    } finally {
      await uncached.close();
    }
  });

  it('lets values through unchecked when the reference data cannot be read, does not retry the read on every call, and reads again when the API says a value was stale', async () => {
    const broken = await startInProcess();
    const reads = () => broken.emulator.requests.filter((r) => r.path === '/v3/priorities').length;
    try {
      broken.emulator.faults.add({ kind: 'status', status: 403, method: 'get', path: '/v3/priorities' });
      const first = await broken.call('tracker_update_issue', { issueId: 'DEMO-1', priority: 'critical' });
      expect(first.isError).toBe(false);
      expect(reads()).toBe(1);
      // The failure is remembered: the next value goes to the API unchecked, without another read…
      const result = await broken.call('tracker_update_issue', { issueId: 'DEMO-1', priority: 'High' });
      expect(result.isError).toBe(true);
      expect(result.text).toContain('failed with HTTP 422');
      expect(broken.emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
      expect(reads()).toBe(1);
      // …and the API's refusal of the priority makes the next call read the priorities again.
      const again = await broken.call('tracker_update_issue', { issueId: 'DEMO-1', priority: 'High' });
      expect(again.text).toContain('- priority: "High" is not a priority.');
      expect(reads()).toBe(2);
      expect(broken.emulator.requests.filter((r) => r.method === 'PATCH')).toHaveLength(2);
    } finally {
      await broken.close();
    }
  });
});
