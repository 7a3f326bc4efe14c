import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  refusedUnsent,
  startInProcess,
  type TrackerHarness,
} from '../../e2e/__fixtures__/tracker-fixture.ts';

let t: TrackerHarness;
/** A server limited to DEMO and OPS, with OPS read-only. */
let limited: TrackerHarness;

beforeAll(async () => {
  [t, limited] = await Promise.all([
    startInProcess(),
    startInProcess({ env: { YANDEX_TRACKER_QUEUES: 'DEMO,OPS', YANDEX_TRACKER_READ_ONLY_QUEUES: 'OPS' } }),
  ]);
}, 30_000);
afterAll(async () => {
  await Promise.all([t.close(), limited.close()]);
});

const board = (id: number) => t.emulator.state.boards.find((b) => b.id === id);
const sprint = (id: number) => t.emulator.state.sprints.find((s) => s.id === id);
const sent = (from: number) => t.emulator.requests.slice(from).map((r) => `${r.method} ${r.path}`);

describe('tracker_move_issues_to_sprint', () => {
  it("puts issues into a sprint and out of the board's other open sprints, per issue", async () => {
    const issue = (key: string) => t.emulator.state.issues.find((i) => i.key === key)!;
    expect(issue('DEMO-1').sprint).toEqual([2]);
    const from = t.emulator.requests.length;
    const result = await t.call('tracker_move_issues_to_sprint', {
      sprintId: 3,
      issueIds: ['DEMO-1', 'DEMO-99'],
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      total: 2,
      successful: [{ issueId: 'DEMO-1', sprint: 'Sprint 47' }],
      failed: [{ issueId: 'DEMO-99' }],
    });
    expect(issue('DEMO-1').sprint).toEqual([3]);
    const patch = t.emulator.requests.slice(from).find((r) => r.method === 'PATCH')!;
    expect(patch.body).toEqual({ sprint: { add: [{ id: '3' }], remove: [{ id: '2' }] } });
    expect(sent(from).filter((r) => r.startsWith('PATCH'))).toHaveLength(2);
  });

  it('keeps the queue policy per issue: a read-only queue is refused, the others moved', async () => {
    limited.emulator.reset();
    const result = await limited.call('tracker_move_issues_to_sprint', {
      sprintId: 2,
      issueIds: ['DEMO-7', 'OPS-2'],
    });
    expect(result.json).toMatchObject({
      successful: [{ issueId: 'DEMO-7' }],
      failed: [{ issueId: 'OPS-2' }],
    });
    expect(limited.emulator.state.issues.find((i) => i.key === 'OPS-2')!.sprint).toEqual([]);
  });
});

describe('tracker_create_board, tracker_update_board, tracker_delete_board', () => {
  it('creates a board on a queue, named, with its YQL', async () => {
    const result = await t.call('tracker_create_board', {
      name: 'Web board',
      queueId: 'web',
      query: 'Queue: WEB',
    });
    expect(result.isError).toBe(false);
    expect(result.notes).toBe('converted: queueId "web" → WEB (Website)');
    expect(result.json).toEqual({
      boardId: '3',
      version: 1,
      name: 'Web board',
      queue: 'WEB',
      query: 'Queue: WEB',
      orderBy: 'updated',
      orderAsc: false,
      useRanking: false,
    });
    expect(board(3)).toMatchObject({ name: 'Web board', queue: 'WEB', createdBy: 'alice' });
  });

  it('renames a board with its version as If-Match; a stale version is refused (412) naming the read', async () => {
    const from = t.emulator.requests.length;
    const renamed = await t.call('tracker_update_board', {
      boardId: 'Ops kanban',
      version: 1,
      name: 'Ops flow',
    });
    expect(renamed.isError).toBe(false);
    expect(renamed.json).toMatchObject({ boardId: '2', version: 2, name: 'Ops flow' });
    const patch = t.emulator.requests.slice(from).find((r) => r.method === 'PATCH')!;
    expect(patch.headers['if-match']).toBe('"1"');
    const stale = await t.call('tracker_update_board', { boardId: 2, version: 1, name: 'Ops board' });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('HTTP 412');
    expect(stale.text).toContain("version 1 is not the board's current version");
    expect(stale.text).toContain('tracker_get_board');
    expect(board(2)!.name).toBe('Ops flow');
  });

  it('refuses an update that changes nothing, and a board that does not exist with the valid ones', async () => {
    expect(await refusedUnsent(t, 'tracker_update_board', { boardId: 1, version: 1 })).toContain(
      'says nothing to change. Pass at least one of `name`, `queueId`, `query`.',
    );
    const missing = await t.call('tracker_delete_board', { boardId: 77 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('- boardId: "77" is not a board.');
  });

  it('deletes a board', async () => {
    const result = await t.call('tracker_delete_board', { boardId: 3 });
    expect(result.json).toEqual({ boardId: '3', deleted: true });
    expect(board(3)).toBeUndefined();
  });

  it('keeps the queue policy: a board on a read-only queue is refused before anything is sent', async () => {
    const from = limited.emulator.requests.length;
    const result = await limited.call('tracker_create_board', { name: 'Ops 2', queueId: 'OPS' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('Queue OPS is read-only on this server');
    // only the queues were read (to resolve the key): nothing written
    expect(limited.emulator.requests.slice(from).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('the queue policy on board and sprint writes', () => {
  it("refuses a write to a board whose queue is read-only, and a sprint's through its board, nothing written", async () => {
    limited.emulator.reset();
    for (const [name, args] of [
      ['tracker_update_board', { boardId: 2, version: 1, name: 'Ops flow' }],
      ['tracker_delete_board', { boardId: 2 }],
      ['tracker_create_board_column', { boardId: 2, version: 1, name: 'QA', statuses: ['open'] }],
      ['tracker_create_sprint', { boardId: 2, name: 'S1', startDate: '2026-12-01', endDate: '2026-12-14' }],
    ] as const) {
      const from = limited.emulator.requests.length;
      const result = await limited.call(name, args);
      expect([name, result.isError]).toEqual([name, true]);
      expect(result.text).toContain('Queue OPS is read-only on this server');
      expect(limited.emulator.requests.slice(from).filter((r) => r.method !== 'GET')).toEqual([]);
    }
    // DEMO is writable: its board's sprint starts
    const started = await limited.call('tracker_start_sprint', { sprintId: 3, version: 1 });
    expect(started.json).toMatchObject({ sprintId: '3', status: 'in_progress' });
  });
});

describe('tracker_create_board_column, tracker_update_board_column, tracker_delete_board_column', () => {
  it('adds a column with status keys (names converted), locking the board version', async () => {
    t.emulator.reset();
    const result = await t.call('tracker_create_board_column', {
      boardId: 1,
      version: 1,
      name: 'Review',
      statuses: ['inReview', 'Need info'],
    });
    expect(result.isError).toBe(false);
    expect(result.json).toEqual({ columnId: '5', name: 'Review', statuses: ['inReview', 'needInfo'] });
    expect(board(1)!.version).toBe(2);
  });

  it('refuses an unknown status before anything is sent, naming the valid ones', async () => {
    const text = await refusedUnsent(t, 'tracker_create_board_column', {
      boardId: 1,
      version: 2,
      name: 'QA',
      statuses: ['testing'],
    });
    expect(text).toContain('"testing" is not a status');
  });

  it('changes a column on the current version; a stale one is 412 and nothing changes', async () => {
    const stale = await t.call('tracker_update_board_column', {
      boardId: 1,
      columnId: 1,
      version: 1,
      name: 'Backlog',
    });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain('HTTP 412');
    expect(board(1)!.columns[0]!.name).toBe('To do');
    const done = await t.call('tracker_update_board_column', {
      boardId: 1,
      columnId: 1,
      version: 2,
      name: 'Backlog',
      statuses: ['open'],
    });
    expect(done.json).toEqual({ columnId: '1', name: 'Backlog', statuses: ['open'] });
  });

  it('names where the column ids are when the column does not exist, and removes one', async () => {
    const missing = await t.call('tracker_delete_board_column', { boardId: 1, columnId: 99, version: 3 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('tracker_get_board_columns with boardId 1 lists its columns');
    const removed = await t.call('tracker_delete_board_column', { boardId: 1, columnId: 3, version: 3 });
    expect(removed.json).toEqual({ boardId: '1', columnId: '3', deleted: true });
    expect(board(1)!.columns.map((c) => c.name)).toEqual(['Backlog', 'In progress', 'Review']);
  });
});

describe('sprints: create, update, start, archive, delete', () => {
  it('plans a sprint on a board (draft), dates in order', async () => {
    t.emulator.reset();
    const result = await t.call('tracker_create_sprint', {
      boardId: 'Demo board',
      name: 'Sprint 48',
      startDate: '2026-11-30',
      endDate: '2026-12-13',
    });
    expect(result.isError).toBe(false);
    expect(result.json).toMatchObject({
      sprintId: '4',
      name: 'Sprint 48',
      status: 'draft',
      startDate: '2026-11-30',
      endDate: '2026-12-13',
      version: 1,
      board: { boardId: '1', name: 'Demo board' },
    });
    const text = await refusedUnsent(t, 'tracker_create_sprint', {
      boardId: 1,
      name: 'Backwards',
      startDate: '2026-12-13',
      endDate: '2026-11-30',
    });
    expect(text).toContain('(2026-11-30) is before startDate (2026-12-13). Swap them or fix one.');
  });

  it('renames a sprint by its name on the current version; a stale version is 412', async () => {
    const renamed = await t.call('tracker_update_sprint', {
      sprintId: 'sprint 48',
      version: 1,
      name: 'Sprint 48a',
    });
    expect(renamed.notes).toBe('converted: sprintId "sprint 48" → 4 (Sprint 48)');
    expect(renamed.json).toMatchObject({ sprintId: '4', name: 'Sprint 48a', version: 2 });
    const stale = await t.call('tracker_update_sprint', { sprintId: 4, version: 1, endDate: '2026-12-20' });
    expect(stale.isError).toBe(true);
    expect(stale.text).toContain("version 1 is not the sprint's current version");
    expect(sprint(4)!.endDate).toBe('2026-12-13');
  });

  it('starts a draft sprint and archives a finished one; a start of a running sprint is the API refusal', async () => {
    const started = await t.call('tracker_start_sprint', { sprintId: 4, version: 2 });
    expect(started.json).toMatchObject({ sprintId: '4', status: 'in_progress', version: 3 });
    const again = await t.call('tracker_start_sprint', { sprintId: 4, version: 3 });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('HTTP 422');
    const archived = await t.call('tracker_archive_sprint', { sprintId: 1, version: 1 });
    expect(archived.json).toMatchObject({ sprintId: '1', status: 'archived', archived: true });
  });

  it('refuses a missing If-Match version before anything is sent', async () => {
    const text = await refusedUnsent(t, 'tracker_start_sprint', { sprintId: 3 });
    expect(text).toContain('version');
  });

  it('deletes a sprint: its issues leave it', async () => {
    expect(t.emulator.state.issues.some((i) => i.sprint.includes(3))).toBe(true);
    const result = await t.call('tracker_delete_sprint', { sprintId: 3 });
    expect(result.json).toEqual({ sprintId: '3', deleted: true });
    expect(t.emulator.state.issues.some((i) => i.sprint.includes(3))).toBe(false);
    const missing = await t.call('tracker_delete_sprint', { sprintId: 3 });
    expect(missing.isError).toBe(true);
  });
});
