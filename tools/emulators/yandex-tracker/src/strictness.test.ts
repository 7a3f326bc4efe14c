/**
 * The emulator refuses what the real API refuses (research §1.7, §3.3, §3.6; "assumed" where the
 * research is silent, see the comments at each check), with the API's error body, and a refusal
 * changes nothing.
 */
import { describe, expect, it } from '@jest/globals';
import { useTrackerEmulator } from './__fixtures__/emulator-harness.ts';

const harness = useTrackerEmulator();
const { call } = harness;

interface ErrorBody {
  statusCode: number;
  errors: Record<string, string>;
  errorMessages: string[];
  errorsData: Record<string, unknown>;
}

const issue = (key: string) => harness.tracker.state.issues.find((i) => i.key === key)!;

/** Expects the API's error body with `status`, a Russian message and (when given) the field. */
function expectRefusal(result: { status: number; json: unknown }, status: number, field?: string) {
  expect(result.status).toBe(status);
  const body = result.json as ErrorBody;
  expect(body).toEqual({
    statusCode: status,
    errors: expect.any(Object),
    errorMessages: [expect.stringMatching(/[а-яА-Я]/)],
    errorsData: {},
  });
  if (field !== undefined) expect(Object.keys(body.errors)).toContain(field);
  return body;
}

describe('(a) fields the queue does not have', () => {
  it('PATCH with an unknown field is a 422 naming it, and nothing changes', async () => {
    const before = structuredClone(issue('DEMO-1'));
    const body = expectRefusal(
      await call('PATCH', '/v2/issues/DEMO-1', { summary: 'Changed', dueDate: '2026-12-01' }),
      422,
      'dueDate',
    );
    expect(body.errorMessages[0]).toContain('dueDate');
    expect(issue('DEMO-1')).toEqual(before);
  });

  it("another queue's local field is unknown here; it is accepted in its own queue", async () => {
    const made = await call('POST', '/v2/queues/OPS/localFields', {
      id: 'shift',
      name: { en: 'Shift', ru: 'Смена' },
      type: 'ru.yandex.startrek.core.fields.StringFieldType',
    });
    expect(made.status).toBe(201);
    expectRefusal(await call('PATCH', '/v2/issues/DEMO-1', { shift: 'night' }), 422, 'shift');
    expect((await call('PATCH', '/v2/issues/OPS-1', { shift: 'night' })).status).toBe(200);
  });

  it('a create with an unknown field is refused and uses up no id or key', async () => {
    const count = harness.tracker.state.issues.length;
    expectRefusal(await call('POST', '/v2/issues', { queue: 'DEMO', summary: 'x', desc: 'y' }), 422, 'desc');
    expect(harness.tracker.state.issues).toHaveLength(count);
    const created = await call('POST', '/v2/issues', { queue: 'DEMO', summary: 'x' });
    expect(created.json).toMatchObject({ key: 'DEMO-13', id: '6a0000000000000000000015' });
  });

  it('status, resolution and the other read-only fields are refused on create as on PATCH', async () => {
    for (const field of ['status', 'resolution', 'key', 'createdAt']) {
      const body = expectRefusal(
        await call('POST', '/v2/issues', { queue: 'DEMO', summary: 'x', [field]: 'closed' }),
        422,
        field,
      );
      expect(body.errorMessages).toEqual([`Поля [${field}] только для чтения.`]);
    }
    expectRefusal(await call('PATCH', '/v2/issues/DEMO-1', { status: 'closed' }), 422, 'status');
  });
});

describe('(b) list edits take add, remove, set and replace only', () => {
  it('an unknown operation is a 422 naming the field and the valid operations; nothing changes', async () => {
    const before = structuredClone(issue('DEMO-1'));
    for (const field of ['tags', 'followers', 'components', 'sprint']) {
      const body = expectRefusal(
        await call('PATCH', '/v2/issues/DEMO-1', { [field]: { delete: ['auth'] } }),
        422,
        field,
      );
      expect(body.errors[field]).toContain('add, remove, set, replace');
      expect(body.errorMessages[0]).toContain('delete');
    }
    expect(issue('DEMO-1')).toEqual(before);
  });

  it('add, remove, set and replace work as documented', async () => {
    await call('PATCH', '/v2/issues/DEMO-1', { tags: { add: ['ui'], remove: ['backend'] } });
    expect(issue('DEMO-1').tags).toEqual(['auth', 'ui']);
    await call('PATCH', '/v2/issues/DEMO-1', {
      tags: { replace: [{ target: 'auth', replacement: 'login' }] },
    });
    expect(issue('DEMO-1').tags).toEqual(['login', 'ui']);
    await call('PATCH', '/v2/issues/DEMO-1', { tags: { set: ['one'] } });
    expect(issue('DEMO-1').tags).toEqual(['one']);
    expectRefusal(
      await call('PATCH', '/v2/issues/DEMO-1', { tags: { replace: [{ from: 'one', to: 'two' }] } }),
      422,
      'tags',
    );
  });

  it('bulk update validates list edits before the operation starts', async () => {
    expectRefusal(
      await call('POST', '/v2/bulkchange/_update', {
        issues: ['DEMO-1', 'DEMO-2'],
        values: { tags: { delete: ['ui'] } },
      }),
      422,
      'tags',
    );
    expect(harness.tracker.state.bulkOperations).toHaveLength(0);
  });
});

describe('(c) impossible calendar dates', () => {
  it('deadline must be a real day', async () => {
    for (const bad of ['2026-11-31', '2026-13-01', '2026-02-29', '2026-11-31T10:00:00']) {
      const body = expectRefusal(
        await call('PATCH', '/v2/issues/DEMO-1', { deadline: bad }),
        422,
        'deadline',
      );
      expect(body.errorMessages[0]).toContain(bad);
    }
    expect(issue('DEMO-1').deadline).toBeUndefined();
    expect((await call('PATCH', '/v2/issues/DEMO-1', { deadline: '2026-11-30' })).status).toBe(200);
    expect(issue('DEMO-1').deadline).toBe('2026-11-30');
    expect((await call('PATCH', '/v2/issues/DEMO-1', { deadline: null })).status).toBe(200);
    expect(issue('DEMO-1').deadline).toBeUndefined();
  });

  it('worklog start must be a real instant (month 13, 31 November and 25:00 are refused)', async () => {
    const count = harness.tracker.state.worklogs.length;
    for (const start of [
      '2026-13-01T10:00:00.000+0000',
      '2026-11-31T10:00:00.000+0300',
      '2026-11-21T25:00:00.000+0000',
      '2026-11-21T10:61:00Z',
      'tomorrow 9am',
    ]) {
      expectRefusal(
        await call('POST', '/v2/issues/DEMO-1/worklog', { start, duration: 'PT1H' }),
        422,
        'start',
      );
    }
    expect(harness.tracker.state.worklogs).toHaveLength(count);
    const ok = await call('POST', '/v2/issues/DEMO-1/worklog', {
      start: '2026-11-21T10:00:00.000+0300',
      duration: 'PT1H',
    });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({ start: '2026-11-21T07:00:00.000+0000' });
    const id = (ok.json as { id: number }).id;
    expectRefusal(
      await call('PATCH', `/v2/issues/DEMO-1/worklog/${id}`, { start: '2026-02-30T10:00:00Z' }),
      422,
      'start',
    );
  });

  it('checklist deadlines, project dates and local date fields are checked the same way', async () => {
    expectRefusal(
      await call('POST', '/v2/issues/DEMO-1/checklistItems', {
        text: 'x',
        deadline: { date: '2026-11-31T00:00:00.000+0000', deadlineType: 'date' },
      }),
      422,
      'deadline',
    );
    expectRefusal(
      await call('POST', '/v2/projects', { name: 'P', queues: ['DEMO'], startDate: '2026-02-30' }),
      422,
      'startDate',
    );
    await call('POST', '/v2/queues/DEMO/localFields', {
      id: 'release',
      name: { en: 'Release', ru: 'Релиз' },
      type: 'ru.yandex.startrek.core.fields.DateFieldType',
    });
    expectRefusal(await call('PATCH', '/v2/issues/DEMO-1', { release: '2026-13-01' }), 422, 'release');
    expect((await call('PATCH', '/v2/issues/DEMO-1', { release: '2026-12-01' })).json).toMatchObject({
      release: '2026-12-01',
    });
  });
});

describe('(d) durations', () => {
  it('refuses what is not an ISO 8601 business-time duration', async () => {
    for (const duration of ['1h 30m', '90m', 'PT1.5H', 'P1M', 'P1Y', 'PT0S', 'P', '', 5400]) {
      expectRefusal(
        await call('POST', '/v2/issues/DEMO-1/worklog', { start: '2026-11-21T10:00:00Z', duration }),
        422,
        'duration',
      );
    }
  });

  it('stores business time (P5D → P1W) and reads the letters in either case', async () => {
    const week = await call('POST', '/v2/issues/DEMO-1/worklog', {
      start: '2026-11-21T10:00:00Z',
      duration: 'P5D',
    });
    expect(week.json).toMatchObject({ duration: 'P1W' });
    const lower = await call('POST', '/v2/issues/DEMO-1/worklog', {
      start: '2026-11-21T10:00:00Z',
      duration: 'pt1h30m',
    });
    expect(lower.json).toMatchObject({ duration: 'PT1H30M' });
  });
});

describe('(e) transitions', () => {
  it('a transition not available from the current status is refused and changes nothing', async () => {
    const before = structuredClone(issue('DEMO-5'));
    const body = expectRefusal(await call('POST', '/v2/issues/DEMO-5/transitions/resolve/_execute', {}), 409);
    expect(body.errorMessages[0]).toContain('open');
    expectRefusal(await call('POST', '/v2/issues/DEMO-5/transitions/teleport/_execute', {}), 404);
    expect(issue('DEMO-5')).toEqual(before);
  });

  it('a bad resolution or field on the transition screen changes nothing (no partial write)', async () => {
    const before = structuredClone(issue('DEMO-1'));
    expectRefusal(
      await call('POST', '/v2/issues/DEMO-1/transitions/resolve/_execute', { resolution: 'done' }),
      422,
      'resolution',
    );
    expectRefusal(
      await call('POST', '/v2/issues/DEMO-1/transitions/resolve/_execute', {
        resolution: 'fixed',
        priority: 'high',
      }),
      422,
      'priority',
    );
    expect(issue('DEMO-1')).toEqual(before);
  });
});

describe('(f) reference values', () => {
  it.each([
    ['priority', 'high'],
    ['priority', 'Critical'],
    ['type', 'Bug'],
    ['assignee', 'nobody'],
    ['followers', ['bob', 'nobody']],
    ['components', ['Backend', 'Mobile']],
    ['sprint', ['Sprint 99']],
    ['parent', 'DEMO-999'],
  ])('an unknown %s %j is a 422 in Russian naming the field', async (field, value) => {
    const before = structuredClone(issue('DEMO-1'));
    const body = expectRefusal(
      await call('PATCH', '/v2/issues/DEMO-1', { summary: 'Changed', [field]: value }),
      422,
      field,
    );
    expect(body.errorMessages[0]).toMatch(/[а-яА-Я]/);
    expect(issue('DEMO-1')).toEqual(before);
  });
});

describe('(g) clearing fields', () => {
  it('null clears a field for real (the copy-then-commit PATCH no longer keeps the old value)', async () => {
    const patched = await call('PATCH', '/v2/issues/DEMO-1', { assignee: null, description: null });
    expect(patched.status).toBe(200);
    expect(issue('DEMO-1').assignee).toBeUndefined();
    expect(issue('DEMO-1').description).toBeUndefined();
    expect(patched.json).not.toHaveProperty('assignee');
  });
});

describe('(g) the 10 000-result paging window', () => {
  it('issue and worklog searches refuse a page past the first 10 000 results', async () => {
    expectRefusal(
      await call('POST', '/v2/issues/_search?perPage=100&page=101', { queue: 'DEMO' }),
      400,
      'page',
    );
    expectRefusal(await call('POST', '/v2/worklog/_search?perPage=1000&page=11', {}), 400, 'page');
    expect((await call('POST', '/v2/issues/_search?perPage=100&page=100', { queue: 'DEMO' })).json).toEqual(
      [],
    );
  });
});

describe('time zones', () => {
  it('the profile of the caller and of every user carries an IANA time zone, none of them UTC', async () => {
    for (const version of ['v2', 'v3']) {
      expect((await call('GET', `/${version}/myself`)).json).toMatchObject({
        login: 'alice',
        timezone: 'Europe/Moscow',
      });
    }
    const users = (await call<Array<{ login: string; timezone: string }>>('GET', '/v3/users')).json;
    const zones = users.map((u) => u.timezone);
    expect(new Set(zones).size).toBe(users.length);
    for (const zone of zones) {
      const offset = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
        .formatToParts(new Date('2026-11-21T12:00:00Z'))
        .find((p) => p.type === 'timeZoneName')!.value;
      expect(offset).not.toBe('GMT');
    }
    expect((await call('GET', '/v3/users/bob')).json).toMatchObject({ timezone: 'Asia/Yekaterinburg' });
  });
});
