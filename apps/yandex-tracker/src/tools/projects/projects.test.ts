import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
/** A server limited to DEMO and WEB, with WEB read-only. */
let limited: TrackerHarness;

beforeAll(async () => {
  [t, limited] = await Promise.all([
    startStdio(),
    startStdio({ env: { YANDEX_TRACKER_QUEUES: 'DEMO,WEB', YANDEX_TRACKER_READ_ONLY_QUEUES: 'WEB' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

const project = (h: TrackerHarness, id: number) => h.emulator.state.projects.find((p) => p.id === id);
const writes = (h: TrackerHarness) => h.emulator.requests.filter((r) => r.method !== 'GET').length;

/** A raw call to the emulator, as the API would be called without the tools. */
async function rawPost(h: TrackerHarness, path: string, body: unknown) {
  const response = await fetch(`${h.emulator.url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `OAuth ${h.emulator.token}`,
      'x-org-id': h.emulator.orgId,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe('tracker_get_projects', () => {
  it('pages with their queues and stops after the last page', async () => {
    const first = await t.call('tracker_get_projects', { perPage: 1 });
    expect(first.isError).toBe(false);
    const page1 = first.json as { items: Array<Record<string, unknown>>; total: number; nextCursor?: string };
    expect(page1.total).toBe(2);
    expect(page1.items).toEqual([
      {
        id: '1',
        name: 'Winter launch',
        status: 'IN_PROGRESS',
        lead: 'Alice Ivanova',
        queues: ['DEMO', 'WEB'],
        startDate: '2026-11-01',
        endDate: '2026-12-20',
      },
    ]);
    expect(t.emulator.requests.at(-1)?.query).toEqual({ expand: 'queues', page: '1', perPage: '1' });
    const page2 = (await t.call('tracker_get_projects', { perPage: 1, cursor: page1.nextCursor }))
      .json as typeof page1;
    expect(page2.items.map((p) => p.name)).toEqual(['Database migration']);
    expect(page2.nextCursor).toBeUndefined();
  });

  it('lists the projects of one queue', async () => {
    const result = await t.call('tracker_get_projects', { queueId: 'OPS' });
    expect((result.json as { items: Array<{ name: string }> }).items.map((p) => p.name)).toEqual([
      'Database migration',
    ]);
    const missing = await t.call('tracker_get_projects', { queueId: 'NOPE' });
    expect(missing.text).toContain('Valid queues: DEMO (Demo), OPS (Operations), WEB (Website).');
  });

  it('hides projects with no allowed queue', async () => {
    const result = await limited.call('tracker_get_projects', {});
    const json = result.json as { items: Array<{ name: string }>; note: string };
    expect(json.items.map((p) => p.name)).toEqual(['Winter launch']);
    expect(json.note).toBe(
      "1 project(s) with no queue among this server's allowed queues (DEMO, WEB) were left out.",
    );
  });
});

describe('tracker_get_project', () => {
  it('reads one project with its queues', async () => {
    const result = await t.call('tracker_get_project', { projectId: '1', expand: ['queues'] });
    expect(result.json).toEqual({
      id: '1',
      version: 1,
      name: 'Winter launch',
      key: 'LAUNCH',
      description: 'Ship the new onboarding',
      status: 'IN_PROGRESS',
      lead: { id: '1120000000000001', display: 'Alice Ivanova' },
      queues: ['DEMO', 'WEB'],
      startDate: '2026-11-01',
      endDate: '2026-12-20',
    });
  });

  it('lists the projects for an unknown id, and takes a name or key for the id, announced', async () => {
    const missing = await t.call('tracker_get_project', { projectId: '99' });
    expect(missing.text).toContain(
      '- projectId: "99" is not a project. Valid projects: 1 (Winter launch), 2 (Database migration). Nothing was sent.',
    );
    const byKey = await t.call('tracker_get_project', { projectId: 'LAUNCH' });
    expect(byKey.text.split('\n')[0]).toBe('converted: projectId "LAUNCH" → 1 (Winter launch)');
    const byName = await t.call('tracker_get_project', { projectId: 'database migration' });
    expect(byName.text.split('\n')[0]).toBe(
      'converted: projectId "database migration" → 2 (Database migration)',
    );
  });

  it('refuses a project none of whose queues is allowed', async () => {
    const result = await limited.call('tracker_get_project', { projectId: '2' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      'Project 2 belongs to queue(s) OPS, none of which is available on this server (allowed queues: DEMO, WEB).',
    );
    expect((await limited.call('tracker_get_project', { projectId: '1' })).isError).toBe(false);
  });
});

describe('tracker_create_project', () => {
  it('creates a project with `queues` as the API takes it', async () => {
    const result = await t.call('tracker_create_project', {
      name: 'Spring release',
      queueIds: ['DEMO', 'OPS'],
      lead: 'bob',
      status: 'LAUNCHED',
      startDate: '2027-03-01',
      endDate: '2027-05-31',
      description: 'Everything for spring',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({
      id: '3',
      version: 1,
      name: 'Spring release',
      description: 'Everything for spring',
      status: 'LAUNCHED',
      lead: { id: '1120000000000002', display: 'Bob Petrov' },
      queues: ['DEMO', 'OPS'],
      startDate: '2027-03-01',
      endDate: '2027-05-31',
    });
    expect(t.emulator.requests.at(-1)?.body).toMatchObject({
      name: 'Spring release',
      queues: 'DEMO,OPS',
      status: 'LAUNCHED',
    });
    expect(project(t, 3)).toMatchObject({
      queues: ['DEMO', 'OPS'],
      status: 'LAUNCHED',
      lead: 'bob',
      createdBy: 'alice',
    });
  });

  it('checks the stage and the dates before sending', async () => {
    const before = writes(t);
    const status = await t.call('tracker_create_project', { name: 'X', queueIds: ['DEMO'], status: 'DONE' });
    expect(status.text).toContain(
      '- status: Invalid value "DONE". Valid options: "DRAFT", "IN_PROGRESS", "LAUNCHED", "POSTPONED".',
    );
    const dates = await t.call('tracker_create_project', {
      name: 'X',
      queueIds: ['DEMO'],
      startDate: '2027-06-01',
      endDate: '2027-05-01',
    });
    expect(dates.text).toContain(
      '- endDate: (2027-05-01) is before startDate (2027-06-01). Swap them or fix one.',
    );
    const format = await t.call('tracker_create_project', {
      name: 'X',
      queueIds: ['DEMO'],
      startDate: '2027-6-1',
    });
    expect(format.text).toContain('- startDate: "2027-6-1" is not an ISO 8601 date or date-time.');
    const impossible = await t.call('tracker_create_project', {
      name: 'X',
      queueIds: ['DEMO'],
      endDate: '2027-02-29',
    });
    expect(impossible.text).toContain('- endDate: "2027-02-29" is not a date: February 2027 has 28 days.');
    const none = await t.call('tracker_create_project', { name: 'X', queueIds: [] });
    expect(none.text).toContain('- queueIds: Must have at least 1 item.');
    expect(writes(t)).toBe(before);
  });

  it('the API answers 422 listing the stages for an unknown status', async () => {
    const raw = await rawPost(t, '/v2/projects/', { name: 'Raw', queues: 'DEMO', status: 'DONE' });
    expect(raw.status).toBe(422);
    expect(raw.json['errorMessages']).toEqual([
      'Поле status содержит некорректное значение «DONE». Допустимые значения: DRAFT, IN_PROGRESS, LAUNCHED, POSTPONED.',
    ]);
  });

  it('names the valid queues for an unknown queue and explains a duplicate name', async () => {
    const missing = await t.call('tracker_create_project', { name: 'X', queueIds: ['NOPE'] });
    expect(missing.text).toContain(
      '- queueIds.0: "NOPE" is not a queue. Valid queues: DEMO (Demo), OPS (Operations), WEB (Website). Nothing was sent.',
    );
    const duplicate = await t.call('tracker_create_project', { name: 'winter launch', queueIds: ['DEMO'] });
    expect(duplicate.text).toContain(
      '- name: There is a project with this name already: 1 (Winter launch). Use it, or pick another name. Nothing was sent.',
    );
    expect(t.emulator.state.projects).toHaveLength(3);
  });

  it('refuses a project over a read-only queue', async () => {
    const result = await limited.call('tracker_create_project', { name: 'Site', queueIds: ['DEMO', 'WEB'] });
    expect(result.text).toContain('Queue WEB is read-only on this server');
    expect(limited.emulator.state.projects).toHaveLength(2);
  });
});

describe('tracker_update_project', () => {
  it('changes the stage with the version read and bumps it', async () => {
    const result = await t.call('tracker_update_project', {
      projectId: '2',
      version: 1,
      status: 'IN_PROGRESS',
      endDate: '2027-01-31',
      queueIds: ['OPS', 'WEB'],
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      id: '2',
      version: 2,
      status: 'IN_PROGRESS',
      endDate: '2027-01-31',
      queues: ['OPS', 'WEB'],
    });
    expect(project(t, 2)).toMatchObject({
      status: 'IN_PROGRESS',
      endDate: '2027-01-31',
      queues: ['OPS', 'WEB'],
      version: 2,
    });
  });

  it('refuses a stale version without suggesting a blind retry', async () => {
    const result = await t.call('tracker_update_project', {
      projectId: '2',
      version: 1,
      status: 'POSTPONED',
    });
    expect(result.text).toContain('Проект: не удалось сохранить изменения, попробуйте ещё раз');
    expect(result.text).toContain('A blind retry will not help');
    expect(project(t, 2)?.status).toBe('IN_PROGRESS');
  });

  it('asks for a change', async () => {
    const result = await t.call('tracker_update_project', { projectId: '2', version: 2 });
    expect(result.text).toContain(
      'says nothing to change. Pass at least one of `name`, `description`, `lead`, `status`, `startDate`, `endDate`, `queueIds`.',
    );
  });

  it('refuses to change a project that spans a read-only queue', async () => {
    const before = writes(limited);
    const result = await limited.call('tracker_update_project', { projectId: '1', status: 'LAUNCHED' });
    expect(result.text).toContain(
      'Queue WEB is read-only on this server (YANDEX_TRACKER_READ_ONLY_QUEUES): it can be read but not changed. Nothing was changed.',
    );
    expect(writes(limited)).toBe(before);
    expect(project(limited, 1)?.status).toBe('IN_PROGRESS');
  });
});

describe('tracker_delete_project', () => {
  it('deletes a project and leaves its queues', async () => {
    const result = await t.call('tracker_delete_project', { projectId: '3' });
    expect(result.json).toEqual({ projectId: '3', deleted: true });
    expect(project(t, 3)).toBeUndefined();
    expect(t.emulator.state.queues.map((q) => q.key)).toEqual(['DEMO', 'OPS', 'WEB']);
  });

  it('points at the project list when it is already gone', async () => {
    const result = await t.call('tracker_delete_project', { projectId: '3' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('- projectId: "3" is not a project.');
    expect(result.text).toContain('Valid projects: 1 (Winter launch), 2 (Database migration)');
  });

  it('refuses to delete a project of a queue outside the allow-list', async () => {
    const result = await limited.call('tracker_delete_project', { projectId: '2' });
    expect(result.text).toContain('Queue OPS is not available on this server');
    expect(project(limited, 2)).toBeDefined();
  });
});
