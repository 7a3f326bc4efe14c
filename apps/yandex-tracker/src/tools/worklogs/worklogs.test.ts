import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
beforeAll(async () => {
  t = await startStdio();
}, 30_000);
afterAll(() => t.close());

type Worklog = {
  id: number;
  issue: string;
  start: string;
  duration: string;
  comment?: string;
  createdBy: { id: string; display: string };
  note?: string;
};

const BOB_UID = '1120000000000002';
const issueOf = (key: string) => t.emulator.state.issues.find((i) => i.key === key)!;
const worklog = (id: number) => t.emulator.state.worklogs.find((w) => w.id === id);
const lastBody = (method: string, pattern: RegExp) =>
  t.emulator.requests.filter((r) => r.method === method && pattern.test(r.path)).at(-1)?.body as
    Record<string, unknown> | undefined;

describe('tracker_get_worklogs', () => {
  it('lists the time logged on an issue', async () => {
    const r = await t.call('tracker_get_worklogs', { issueId: 'DEMO-1' });
    expect(r.isError).toBe(false);
    const json = r.json as { items: Worklog[]; total: number };
    expect(json.total).toBe(2);
    expect(json.items).toEqual([
      {
        id: 301,
        issue: 'DEMO-1',
        start: '2026-11-02T13:00:00.000+0000',
        duration: 'PT3H',
        comment: 'Investigation',
        createdBy: { id: BOB_UID, display: 'Bob Petrov' },
        createdAt: '2026-11-02T13:00:00.000+0000',
      },
      expect.objectContaining({ id: 302, duration: 'PT1H30M', comment: 'Fix and tests' }),
    ]);
  });

  it('pages with a cursor and stops after the last page', async () => {
    const first = (await t.call('tracker_get_worklogs', { issueId: 'DEMO-1', perPage: 1 })).json as {
      items: Worklog[];
      nextCursor?: string;
    };
    expect(first.items.map((w) => w.id)).toEqual([301]);
    const second = (
      await t.call('tracker_get_worklogs', { issueId: 'DEMO-1', perPage: 1, cursor: first.nextCursor })
    ).json as { items: Worklog[]; nextCursor?: string };
    expect(second.items.map((w) => w.id)).toEqual([302]);
    expect(second.nextCursor).toBeUndefined();
  });

  it('reports a missing issue', async () => {
    const r = await t.call('tracker_get_worklogs', { issueId: 'DEMO-999' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('Задача не существует.');
  });
});

describe('tracker_add_worklog', () => {
  it('logs P5D as P1W (business time: 5 days are a week), and says so', async () => {
    const r = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-09T09:00:00+03:00',
      duration: 'P5D',
      comment: 'Migration week',
    });
    expect(r.isError).toBe(false);
    const json = r.json as Worklog;
    expect(json).toEqual(
      expect.objectContaining({
        issue: 'DEMO-3',
        start: '2026-11-09T06:00:00.000+0000',
        duration: 'P1W',
        comment: 'Migration week',
        createdBy: expect.objectContaining({ display: 'Alice Ivanova' }),
      }),
    );
    expect(r.notes).toBe('converted: duration "P5D" → P1W (1w)');
    expect(lastBody('POST', /\/worklog$/)!['duration']).toBe('P1W');
    expect(worklog(json.id)).toEqual(
      expect.objectContaining({ issue: issueOf('DEMO-3').id, duration: 'P1W', comment: 'Migration week' }),
    );
    expect(
      t.emulator.state.changelog.some(
        (c) => c.issue === issueOf('DEMO-3').id && c.type === 'IssueWorklogAdded',
      ),
    ).toBe(true);
  });

  it('turns shorthand into ISO 8601 ("1h 30m" → PT1H30M, "8h" → P1D), a date alone being midnight in the user zone', async () => {
    const r = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: '1h 30m',
    });
    expect(r.isError).toBe(false);
    // Alice, the token owner, is in Europe/Moscow (+03:00).
    expect(lastBody('POST', /\/worklog$/)).toEqual({
      start: '2026-11-10T00:00:00.000+0300',
      duration: 'PT1H30M',
    });
    expect((r.json as Worklog).duration).toBe('PT1H30M');
    expect(r.notes).toBe('converted: duration "1h 30m" → PT1H30M (1h 30m)');
    const day = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-11',
      duration: '8h',
    });
    expect(lastBody('POST', /\/worklog$/)!['duration']).toBe('P1D');
    expect(worklog((day.json as Worklog).id)!.duration).toBe('P1D');
  });

  it('explains a duration it cannot read, before sending anything', async () => {
    const before = t.emulator.state.worklogs.length;
    const r = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: 'an hour',
    });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- duration: "an hour" is not a duration. Use ISO 8601 ("PT1H30M", "P1D"), shorthand ("1h 30m", "90m", "1.5h", "2d", "1w 2d") or "h:mm" ("1:30"); business time: 1 day = 8 hours, 1 week = 5 days.',
    );
    const months = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: 'P1M',
    });
    expect(months.text).toContain('"P1M" uses years or months, which have no fixed length.');
    const zero = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: '0m',
    });
    expect(zero.text).toContain('- duration: "0m" is no time at all: give at least 1s.');
    // Month 13 was an internal error once (issue 21): now a refusal with the reason.
    const month13 = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-13-01T10:00:00+03:00',
      duration: '1h',
    });
    expect(month13.isError).toBe(true);
    expect(month13.text).toContain(
      '- start: "2026-13-01T10:00:00+03:00" is not a date: there is no month 13.',
    );
    expect(t.emulator.state.worklogs.length).toBe(before);
  });
});

describe('tracker_update_worklog', () => {
  it('changes the duration (10h → P1DT2H) and removes the comment', async () => {
    const r = await t.call('tracker_update_worklog', {
      issueId: 'DEMO-1',
      worklogId: 302,
      duration: '10h',
      comment: '',
    });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual(expect.objectContaining({ id: 302, duration: 'P1DT2H' }));
    expect(r.json).not.toHaveProperty('comment');
    expect(worklog(302)).toEqual(expect.objectContaining({ duration: 'P1DT2H', version: 2 }));
    expect(worklog(302)).not.toHaveProperty('comment');
  });

  it('refuses a call that changes nothing', async () => {
    const r = await t.call('tracker_update_worklog', { issueId: 'DEMO-1', worklogId: '302' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain('changes nothing. Pass at least one of `start`, `duration` or `comment`.');
  });

  it('points to tracker_get_worklogs for a worklog that is not on the issue', async () => {
    const r = await t.call('tracker_update_worklog', { issueId: 'DEMO-2', worklogId: 302, comment: 'x' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- worklogId: "302" is not a worklog of DEMO-2. There are no worklogs of DEMO-2. Nothing was sent.',
    );
    const other = await t.call('tracker_update_worklog', { issueId: 'DEMO-1', worklogId: 303, comment: 'x' });
    expect(other.text).toMatch(
      /- worklogId: "303" is not a worklog of DEMO-1\..* Valid worklogs: 301 \(PT3H, Bob Petrov\), 302 \(/,
    );
  });
});

describe('tracker_delete_worklog', () => {
  it('deletes a worklog and explains a second delete', async () => {
    const r = await t.call('tracker_delete_worklog', { issueId: 'OPS-2', worklogId: 304 });
    expect(r.isError).toBe(false);
    expect(r.json).toEqual({ deleted: true, issueId: 'OPS-2', worklogId: 304 });
    expect(worklog(304)).toBeUndefined();
    expect(
      t.emulator.state.changelog.some(
        (c) => c.issue === issueOf('OPS-2').id && c.type === 'IssueWorklogRemoved',
      ),
    ).toBe(true);
    const again = await t.call('tracker_delete_worklog', { issueId: 'OPS-2', worklogId: 304 });
    expect(again.isError).toBe(true);
    expect(again.text).toContain(
      '- worklogId: "304" is not a worklog of OPS-2. There are no worklogs of OPS-2. Nothing was sent.',
    );
  });
});

describe('tracker_search_worklogs', () => {
  it('turns a login into the uid the API needs (a login would silently match nothing)', async () => {
    const r = await t.call('tracker_search_worklogs', { userId: 'bob' });
    expect(r.isError).toBe(false);
    const json = r.json as { items: Worklog[]; total: number; userUid: string };
    expect(json.userUid).toBe(BOB_UID);
    expect(json.total).toBe(2);
    expect(json.items.map((w) => [w.id, w.issue])).toEqual([
      [301, 'DEMO-1'],
      [302, 'DEMO-1'],
    ]);
    expect(lastBody('POST', /\/worklog\/_search$/)).toEqual({ createdBy: BOB_UID });
  });

  it('filters by creation dates, a bare `to` date including its whole day', async () => {
    const r = await t.call('tracker_search_worklogs', {
      userId: BOB_UID,
      from: '2026-11-03',
      to: '2026-11-03',
    });
    expect((r.json as { items: Worklog[] }).items.map((w) => w.id)).toEqual([302]);
    // Bare dates are days in the token owner's zone (Europe/Moscow).
    expect(lastBody('POST', /\/worklog\/_search$/)).toEqual({
      createdBy: BOB_UID,
      createdAt: { from: '2026-11-03T00:00:00.000+0300', to: '2026-11-03T23:59:59.999+0300' },
    });
    const backwards = await t.call('tracker_search_worklogs', {
      userId: 'bob',
      from: '2026-11-04',
      to: '2026-11-03',
    });
    expect(backwards.text).toContain(
      '- to: (2026-11-03) is before `from` (2026-11-04): the search would find nothing.',
    );
  });

  it('pages with a cursor and stops after the last page', async () => {
    const first = (await t.call('tracker_search_worklogs', { userId: 'bob', perPage: 1 })).json as {
      items: Worklog[];
      total: number;
      nextCursor?: string;
    };
    expect(first.total).toBe(2);
    expect(first.items.map((w) => w.id)).toEqual([301]);
    const second = (
      await t.call('tracker_search_worklogs', { userId: 'bob', perPage: 1, cursor: first.nextCursor })
    ).json as { items: Worklog[]; nextCursor?: string };
    expect(second.items.map((w) => w.id)).toEqual([302]);
    expect(second.nextCursor).toBeUndefined();
  });

  it('names the way out when the user does not exist', async () => {
    const r = await t.call('tracker_search_worklogs', { userId: 'nobody' });
    expect(r.isError).toBe(true);
    expect(r.text).toContain(
      '- userId: "nobody" is not a user. Valid users: alice (Alice Ivanova), bob (Bob Petrov), carol (Carol Smirnova), dave (Dave Kuznetsov), erin (Erin Sokolova). Nothing was sent.',
    );
    const me = await t.call('tracker_search_worklogs', { userId: 'me' });
    expect(me.notes).toBe('converted: userId "me" → alice (Alice Ivanova)');
    expect((me.json as { userUid: string }).userUid).toBe('1120000000000001');
  });

  it('emulator: a login in createdBy returns [] silently, as the real API does', async () => {
    const response = await fetch(`${t.emulator.url}/v2/worklog/_search`, {
      method: 'POST',
      headers: {
        authorization: `OAuth ${t.emulator.token}`,
        'x-org-id': t.emulator.orgId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ createdBy: 'bob' }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});
