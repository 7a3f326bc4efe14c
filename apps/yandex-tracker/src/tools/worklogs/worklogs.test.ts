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
  it('logs P5D, which Tracker stores as P1W (business time), and says so', async () => {
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
    expect(json.note).toBe(
      'Sent P5D; Tracker stores it as P1W. Durations are business time: 1 day = 8 hours and 1 week = 5 days, so "P5D" (or "5d") is stored and shown as "P1W", and "8h" as "P1D".',
    );
    expect(worklog(json.id)).toEqual(
      expect.objectContaining({ issue: issueOf('DEMO-3').id, duration: 'P1W', comment: 'Migration week' }),
    );
    expect(
      t.emulator.state.changelog.some(
        (c) => c.issue === issueOf('DEMO-3').id && c.type === 'IssueWorklogAdded',
      ),
    ).toBe(true);
  });

  it('turns shorthand into ISO 8601 ("1h 30m" → PT1H30M, "8h" → P1D)', async () => {
    const r = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: '1h 30m',
    });
    expect(r.isError).toBe(false);
    expect(lastBody('POST', /\/worklog$/)).toEqual({
      start: '2026-11-10T00:00:00.000+0000',
      duration: 'PT1H30M',
    });
    expect((r.json as Worklog).duration).toBe('PT1H30M');
    expect((r.json as Worklog).note).toBeUndefined();
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
      'duration: "an hour" is not a duration this tool understands. Use ISO 8601 such as "PT1H30M", "P1D", "P1W", or shorthand such as "1h 30m", "2d", "1w 2d".',
    );
    const months = await t.call('tracker_add_worklog', {
      issueId: 'DEMO-3',
      start: '2026-11-10',
      duration: 'P1M',
    });
    expect(months.text).toContain('"P1M" uses years or months, which have no fixed length in business time.');
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
    expect(r.text).toContain('Запись о затраченном времени не найдена.');
    expect(r.text).toContain(
      'Either issue DEMO-2 does not exist or worklog 302 is not on it. List its worklogs with tracker_get_worklogs.',
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
    expect(again.text).toContain('List its worklogs with tracker_get_worklogs.');
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
    expect(lastBody('POST', /\/worklog\/_search$/)).toEqual({
      createdBy: BOB_UID,
      createdAt: { from: '2026-11-03T00:00:00.000+0000', to: '2026-11-03T23:59:59.999+0000' },
    });
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
      'No user "nobody" was found. Pass an existing login or uid; tracker_find_users lists them.',
    );
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
