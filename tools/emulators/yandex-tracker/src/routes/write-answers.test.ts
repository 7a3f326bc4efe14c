/**
 * The board, column, sprint, filter, version and field writes answer as the API reference says:
 * the If-Match lock of board and sprint writes (428 missing, 412 stale), the status codes of create
 * (201) and delete (204), the 422s naming the field, and a refusal changes nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '../create-tracker-emulator.ts';

let tracker: TrackerEmulator;
beforeAll(async () => {
  tracker = await createTrackerEmulator();
});
beforeEach(() => tracker.reset());
afterAll(() => tracker.close());

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${tracker.url}${path}`, {
    method,
    headers: {
      authorization: `OAuth ${tracker.token}`,
      'x-org-id': tracker.orgId,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

describe('boards and columns', () => {
  it('locks a board write with If-Match: missing 428, stale 412, current applied (version + 1)', async () => {
    expect((await call('PATCH', '/v2/boards/1', { name: 'X' })).status).toBe(428);
    const stale = await call('PATCH', '/v2/boards/1', { name: 'X' }, { 'if-match': '"7"' });
    expect(stale.status).toBe(412);
    expect(stale.json['errorMessages']).toEqual(['Доска: версия устарела (текущая 1). Precondition Failed.']);
    expect(tracker.state.boards[0]!.name).toBe('Demo board');
    const done = await call('PATCH', '/v2/boards/1', { name: 'X' }, { 'if-match': '"1"' });
    expect([done.status, done.json['version'], done.json['name']]).toEqual([200, 2, 'X']);
  });

  it('creates a board (201) and a column (201, board version + 1); an unknown status is 422', async () => {
    const board = await call('POST', '/v3/boards', { name: 'New', defaultQueue: { key: 'WEB' } });
    expect([board.status, board.json['id']]).toEqual([201, 3]);
    const bad = await call(
      'POST',
      '/v3/boards/3/columns',
      { name: 'C', statuses: ['nope'] },
      { 'if-match': '"1"' },
    );
    expect([bad.status, bad.json['errors']]).toEqual([422, { statuses: 'Статус не найден' }]);
    const column = await call(
      'POST',
      '/v3/boards/3/columns',
      { name: 'C', statuses: ['open'] },
      { 'if-match': '"1"' },
    );
    expect(column.status).toBe(201);
    expect(tracker.state.boards[2]!.version).toBe(2);
  });

  it('deletes a board (204) with its sprints, which leave their issues', async () => {
    expect((await call('DELETE', '/v2/boards/1')).status).toBe(204);
    expect(tracker.state.sprints).toEqual([]);
    expect(tracker.state.issues.every((i) => i.sprint.length === 0)).toBe(true);
  });
});

describe('sprints', () => {
  it('creates a draft (201); end before start is 422', async () => {
    const sprint = await call('POST', '/v3/sprints', {
      name: 'S',
      board: { id: '1' },
      startDate: '2026-12-01',
      endDate: '2026-12-14',
    });
    expect([sprint.status, sprint.json['status']]).toEqual([201, 'draft']);
    const backwards = await call('POST', '/v3/sprints', {
      name: 'S',
      board: { id: '1' },
      startDate: '2026-12-14',
      endDate: '2026-12-01',
    });
    expect(backwards.status).toBe(422);
  });

  it('starts only a draft and archives with the sprint version as If-Match', async () => {
    expect((await call('POST', '/v3/sprints/3/_start', {}, { 'if-match': '"2"' })).status).toBe(412);
    const started = await call('POST', '/v3/sprints/3/_start', {}, { 'if-match': '"1"' });
    expect([started.status, started.json['status'], started.json['version']]).toEqual([
      200,
      'in_progress',
      2,
    ]);
    expect((await call('POST', '/v3/sprints/3/_start', {}, { 'if-match': '"2"' })).status).toBe(422);
    const archived = await call('POST', '/v3/sprints/3/_archive', {}, { 'if-match': '"2"' });
    expect([archived.json['status'], archived.json['archived']]).toEqual(['archived', true]);
  });
});

describe('filters', () => {
  it('saves a filter (201) that _search runs by filterId; another owner may not delete it (403)', async () => {
    const saved = await call('POST', '/v3/filters', { name: 'Bugs', query: 'Queue: DEMO Type: bug' });
    expect(saved.status).toBe(201);
    const found = await fetch(`${tracker.url}/v3/issues/_search`, {
      method: 'POST',
      headers: {
        authorization: `OAuth ${tracker.token}`,
        'x-org-id': tracker.orgId,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ filterId: saved.json['id'] }),
    });
    const issues = (await found.json()) as { key: string; type: { key: string } }[];
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.every((i) => i.type.key === 'bug')).toBe(true);
    expect((await call('DELETE', '/v3/filters/2')).status).toBe(403);
    expect(tracker.state.filters.some((f) => f.id === 2)).toBe(true);
  });

  it('refuses a query and a filter together (400) and a field the search does not know', async () => {
    expect(
      (await call('POST', '/v3/filters', { name: 'X', query: 'Queue: DEMO', filter: { queue: 'DEMO' } }))
        .status,
    ).toBe(400);
    expect((await call('POST', '/v3/filters', { name: 'X', filter: { color: 'red' } })).status).toBe(400);
  });
});

describe('versions and fields', () => {
  it('creates a version (201); a stale version is 409; a due date before the start is 422', async () => {
    const created = await call('POST', '/v3/versions', {
      queue: 'WEB',
      name: '1.0',
      startDate: '2026-12-01',
    });
    expect(created.status).toBe(201);
    expect((await call('PATCH', '/v3/versions/1?version=5', { released: false })).status).toBe(409);
    expect((await call('PATCH', '/v3/versions/1', { dueDate: '2026-08-01' })).status).toBe(422);
    expect(tracker.state.versions[0]!.dueDate).toBe('2026-10-31');
  });

  it('serves the field categories (not a field named "categories") and creates a field (201), 409 on an id in use', async () => {
    const categories = await call('GET', '/v3/fields/categories');
    expect([categories.status, Array.isArray(categories.json)]).toEqual([200, true]);
    const body = {
      id: 'notes',
      name: { en: 'Notes', ru: 'Заметки' },
      type: 'ru.yandex.startrek.core.fields.TextFieldType',
      category: '000000000000000000000001',
    };
    expect((await call('POST', '/v3/fields', body)).status).toBe(201);
    expect((await call('POST', '/v3/fields', body)).status).toBe(409);
    expect((await call('POST', '/v3/fields', { ...body, id: 'n2', category: 'x' })).status).toBe(422);
  });
});
