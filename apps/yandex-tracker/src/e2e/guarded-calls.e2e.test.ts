/**
 * The kinds of mistakes an agent makes on every parameter (issue 21), through a real MCP client
 * against the emulator: refused before anything is written, with the fix named — or converted to
 * the intended value and said first in the answer. The token owner is alice, whose Tracker profile is
 * in Europe/Moscow (+03:00, no summer time).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startInProcess, type TrackerHarness } from './__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startInProcess();
});
beforeEach(() => t.emulator.reset());
afterAll(() => t.close());

const writes = () => t.emulator.requests.filter((r) => r.method !== 'GET' && !/_search|_count/.test(r.path));
const issue = (key: string) => t.emulator.state.issues.find((i) => i.key === key)!;

/** A call that must be refused with no write sent; returns the answer. */
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await t.call(name, args);
  expect(result.isError).toBe(true);
  expect(writes()).toEqual([]);
  return result.text;
}

describe('strict at every depth', () => {
  it('refuses an unknown operation in a list change, naming the valid ones — nothing is sent', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-1', tags: { delete: ['auth'] } });
    expect(text).toContain(
      '- tags.delete: Unknown field. Did you mean "remove"? Valid fields of tags: add, remove.',
    );
    expect(t.emulator.requests).toEqual([]);
    expect(issue('DEMO-1').tags).toEqual(['auth', 'backend']);
  });

  it('names the item that is wrong inside a list change (not the branch the value was not meant for)', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-1', tags: { add: [null] } });
    expect(text).toContain('- tags.add.0: null is not a value here (expected string).');
    expect(text).not.toContain('Expected array');
  });

  it('inside bulk values too', async () => {
    const text = await refused('tracker_bulk_update_issues', {
      issueIds: ['DEMO-1'],
      values: { tags: { delete: ['auth'] }, prio: 'minor' },
    });
    expect(text).toContain(
      '- values.tags.delete: Unknown field. Did you mean "remove"? Valid fields of values.tags: add, remove.',
    );
    expect(text).toContain('- values.prio: Unknown field. Did you mean "priority"?');
  });

  it('names the field meant for an alias, and refuses empty strings saying how to leave a field', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-1', desc: 'x', assignee: '' });
    expect(text).toContain('- desc: Unknown field. Did you mean "description"?');
    expect(text).toContain(
      '- assignee: An empty string is not a value here. Leave the field out if you do not mean to set or change it.',
    );
    // Where "" means something, it is taken: a worklog comment "" removes the comment.
    const cleared = await t.call('tracker_update_worklog', {
      issueId: 'DEMO-1',
      worklogId: 301,
      comment: '',
    });
    expect(cleared.isError).toBe(false);
  });
});

describe('dates and times', () => {
  it('refuses impossible calendar dates with the reason, before anything is sent', async () => {
    for (const [tool, args, reason] of [
      ['tracker_update_issue', { issueId: 'DEMO-1', deadline: '2026-11-31' }, 'November 2026 has 30 days'],
      [
        'tracker_add_worklog',
        { issueId: 'DEMO-1', start: '2026-13-01T10:00:00+03:00', duration: '1h' },
        'there is no month 13',
      ],
      ['tracker_create_project', { name: 'P', queueIds: ['DEMO'], endDate: '2027-02-29' }, '28 days'],
      ['tracker_add_worklog', { issueId: 'DEMO-1', start: '2026-11-20T25:00', duration: '1h' }, '00 to 23'],
    ] as const) {
      t.emulator.reset();
      const text = await refused(tool, args);
      expect(text).toContain(reason);
    }
  });

  it("reads a time without an offset in the user's zone and says which", async () => {
    const result = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-1',
      start: '2026-11-20T10:00',
      duration: 'PT1H',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe(
      'converted: start "2026-11-20T10:00" → 2026-11-20T10:00:00.000+03:00 (read in Europe/Moscow, your Tracker profile)',
    );
    expect(writes()[0]!.body).toEqual({ start: '2026-11-20T10:00:00.000+0300', duration: 'PT1H' });
  });

  it('reads natural-language dates in the user zone, announced', async () => {
    const result = await t.call('tracker_update_issue', { issueId: 'DEMO-1', deadline: 'next Friday' });
    expect(result.isError).toBe(false);
    expect(result.notes).toMatch(
      /^converted: deadline "next Friday" → (\d{4}-\d{2}-\d{2}) \(read in Europe\/Moscow, your Tracker profile\)$/,
    );
    const date = /→ (\S+)/.exec(result.notes!)![1]!;
    expect(new Date(`${date}T12:00:00Z`).getUTCDay()).toBe(5);
    expect(issue('DEMO-1').deadline).toBe(date);
    t.emulator.reset();
    const words = await refused('tracker_update_issue', { issueId: 'DEMO-1', deadline: 'when pigs fly' });
    expect(words).toContain('"when pigs fly" is not a date or time this server can read.');
  });

  it('drops the time of a date field and says so', async () => {
    const result = await t.call('tracker_update_issue', {
      issueId: 'DEMO-1',
      deadline: '2026-12-01T18:00:00+03:00',
    });
    expect(result.notes).toContain('a date field: the time of day is dropped');
    expect(issue('DEMO-1').deadline).toBe('2026-12-01');
  });

  it('uses YANDEX_TRACKER_TIMEZONE when the profile has no usable zone, else UTC — and says which', async () => {
    for (const [env, note] of [
      [{ YANDEX_TRACKER_TIMEZONE: 'Asia/Kolkata' }, '(read in Asia/Kolkata, YANDEX_TRACKER_TIMEZONE)'],
      [{}, '(read in UTC, no time zone is known for you: give an offset to use another)'],
    ] as const) {
      // A profile whose time zone is none Node knows (the emulator's profile always has one).
      const h = await startInProcess({ env });
      try {
        h.emulator.state.users.find((u) => u.login === 'alice')!.timezone = 'Mars/Olympus_Mons';
        const result = await h.call('tracker_add_worklog', {
          issueId: 'DEMO-1',
          start: '2026-11-20T10:00',
          duration: '1h',
        });
        expect(result.notes).toContain(note);
      } finally {
        await h.close();
      }
    }
  });

  it('refuses a search range that ends before it starts', async () => {
    const text = await refused('tracker_search_worklogs', {
      userId: 'bob',
      from: '2026-11-05',
      to: '2026-11-01',
    });
    expect(text).toContain(
      '- to: (2026-11-01) is before `from` (2026-11-05): the search would find nothing.',
    );
  });
});

describe('durations', () => {
  it.each([
    ['1 hour 30 minutes', 'PT1H30M'],
    ['90m', 'PT1H30M'],
    ['1.5h', 'PT1H30M'],
    ['1:30', 'PT1H30M'],
    ['1ч 30м', 'PT1H30M'],
    ['2d', 'P2D'],
    ['10h', 'P1DT2H'],
  ])('takes %p and stores %p, said in the answer', async (given, stored) => {
    const result = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-1',
      start: '2026-11-20T10:00:00+03:00',
      duration: given,
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toMatch(new RegExp(`^converted: duration ${JSON.stringify(given)} → ${stored} \\(`));
    expect((writes()[0]!.body as { duration: string }).duration).toBe(stored);
  });

  it('refuses what is not a duration, naming the forms', async () => {
    const text = await refused('tracker_add_worklog', {
      issueId: 'DEMO-1',
      start: '2026-11-20T10:00:00+03:00',
      duration: '3 fortnights',
    });
    expect(text).toContain('has the unknown unit "fortnights"');
    expect(text).toContain('business time: 1 day = 8 hours, 1 week = 5 days');
  });
});

describe('entity references', () => {
  it('converts display names, e-mails, another case and "me", and says each first', async () => {
    const result = await t.call('tracker_update_issue', {
      issueId: 'DEMO-5',
      assignee: 'me',
      priority: 'Critical',
      type: 'ошибка',
      followers: { add: ['carol@example.org', 'DAVE'] },
      components: ['backend'],
      sprint: ['Sprint 47'],
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe(
      'converted: type "ошибка" → bug (Bug); priority "Critical" → critical (Critical); assignee "me" → alice (Alice Ivanova); ' +
        'followers.add.0 "carol@example.org" → carol (Carol Smirnova); followers.add.1 "DAVE" → dave (Dave Kuznetsov); components.0 "backend" → 1 (Backend); sprint.0 "Sprint 47" → 3 (Sprint 47)',
    );
    expect(writes()[0]!.body).toMatchObject({
      assignee: 'alice',
      priority: 'critical',
      type: 'bug',
      followers: { add: ['carol', 'dave'] },
      components: [1],
      sprint: [3],
    });
  });

  it('refuses a near miss with a did-you-mean, and an unknown value with the valid ones', async () => {
    const text = await refused('tracker_create_issue', {
      queueId: 'DEMO',
      summary: 'x',
      priority: 'critcal',
      assignee: 'bobb',
      type: 'feature',
    });
    expect(text).toContain('- priority: "critcal" is not a priority. Did you mean critical (Critical)?');
    expect(text).toContain('- assignee: "bobb" is not a user. Did you mean bob (Bob Petrov)?');
    expect(text).toContain(
      '- type: "feature" is not an issue type. Valid issue types: bug (Bug), task (Task), epic (Epic), story (Story). Nothing was sent.',
    );
  });

  it('refuses a component of another queue (the relationship), naming the queue’s own', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-5', components: ['Infrastructure'] });
    expect(text).toContain(
      '- components.0: "Infrastructure" is not a component of queue DEMO. Valid components: 1 (Backend), 2 (Frontend). Nothing was sent.',
    );
  });

  it('refuses a transition not available from the current status, naming the available ones', async () => {
    const text = await refused('tracker_transition_issue', { issueId: 'DEMO-6', transitionId: 'resolve' });
    expect(text).toContain(
      '- transitionId: "resolve" is not a transition of DEMO-6 in its current status. Valid transitions: close (→ closed), reopen (→ open). Nothing was sent.',
    );
    const byName = await t.call('tracker_transition_issue', { issueId: 'DEMO-6', transitionId: 'Reopen' });
    expect(byName.isError).toBe(false);
    expect(byName.notes).toBe('converted: transitionId "Reopen" → reopen (→ open)');
    expect(issue('DEMO-6').status).toBe('open');
  });

  it('refuses a parent that does not exist, before the update', async () => {
    const text = await refused('tracker_update_issue', { issueId: 'DEMO-5', parentId: 'DEMO-404' });
    expect(text).toContain('- parentId: No issue DEMO-404 exists or is visible to this account.');
  });
});

describe('searches', () => {
  it('refuses a filter value that cannot match anything, with the valid values', async () => {
    const text = await refused('tracker_find_issues', { filter: { queue: 'DEMO', status: 'opened' } });
    expect(text).toContain(
      '- filter.status: "opened" is not a status. Did you mean open (Open)? Valid statuses: open (Open), inProgress (In progress), needInfo (Need info), inReview (In review), resolved (Resolved), closed (Closed). Nothing was sent.',
    );
    const field = await refused('tracker_count_issues', { filter: { priorty: 'minor' } });
    expect(field).toContain('- filter.priorty: "priorty" is not a field. Did you mean priority');
  });

  it('resolves the values of a YQL query, rewriting it and saying so; refuses what matches nothing', async () => {
    const result = await t.call('tracker_find_issues', {
      query: 'Queue: ops Status: "In progress" Assignee: "Dave Kuznetsov"',
      fields: ['key'],
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe(
      'converted: query.Queue "ops" → OPS (Operations); query.Status "In progress" → inProgress (In progress); query.Assignee "Dave Kuznetsov" → dave (Dave Kuznetsov)',
    );
    expect(t.emulator.requests.find((r) => r.path === '/v3/issues/_search')!.body).toEqual({
      query: 'Queue: OPS Status: inProgress Assignee: dave',
    });
    expect((result.json as { items: unknown[] }).items).toEqual([{ key: 'OPS-2' }]);
    const text = await refused('tracker_count_issues', { query: 'Queue: DEMO Priority: urgent' });
    expect(text).toContain('- query.Priority: "urgent" is not a priority.');
    const date = await refused('tracker_count_issues', { query: 'Queue: DEMO Created: >2026-02-30' });
    expect(date).toContain('February 2026 has 28 days');
    // Functions and negations stay as written.
    const fns = await t.call('tracker_count_issues', {
      query: 'Assignee: me() Status: !closed Resolution: empty()',
    });
    expect(fns.isError).toBe(false);
    expect(fns.notes).toBeUndefined();
  });

  it('says when a read answered its first page only, and how to widen it', async () => {
    const h = await startInProcess();
    try {
      for (let i = 0; i < 60; i++) {
        h.emulator.state.users.push({
          uid: 1_120_000_000_100_000 + i,
          login: `user${i}`,
          firstName: 'User',
          lastName: String(i),
          display: `User ${i}`,
          email: `user${i}@example.org`,
          dismissed: false,
        });
      }
      const first = await h.call('tracker_find_users', {});
      expect(first.notes).toBe(
        "assumed: the first page only (50 items); pass `cursor` (the answer's nextCursor) for the next page, or a larger `perPage`",
      );
      const sized = await h.call('tracker_find_users', { perPage: 10 });
      expect(sized.notes).toBeUndefined();
      const all = await h.call('tracker_find_users', { perPage: 100 });
      expect(all.notes).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});
