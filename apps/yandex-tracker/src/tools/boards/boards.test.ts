import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startStdio, type TrackerHarness } from '../../e2e/__fixtures__/tracker-fixture.ts';

interface List<T> {
  items: T[];
  total?: number;
  nextCursor?: string;
}

const VALID_BOARDS = 'Valid boards: 1 (Demo board), 2 (Ops kanban).';

let t: TrackerHarness;

/** A call refused after only the reads named (reference data), nothing else sent. */
async function refusedUnsentBut(
  h: TrackerHarness,
  name: string,
  args: Record<string, unknown>,
  reads: string[],
): Promise<string> {
  const before = h.emulator.requests.length;
  const result = await h.call(name, args);
  expect(result.isError).toBe(true);
  const sent = h.emulator.requests.slice(before).map((r) => `${r.method} ${r.path}`);
  expect(sent.filter((r) => !reads.includes(r))).toEqual([]);
  return result.text;
}
beforeAll(async () => {
  t = await startStdio();
}, 30_000);
afterAll(() => t.close());

describe('tracker_get_boards', () => {
  it('lists the boards compactly', async () => {
    const json = (await t.call('tracker_get_boards')).json as List<unknown>;
    expect(json).toEqual({
      items: [
        { boardId: '1', name: 'Demo board', queue: 'DEMO' },
        { boardId: '2', name: 'Ops kanban', queue: 'OPS' },
      ],
      total: 2,
    });
  });

  it('pages locally and stops on the last page; reflects the emulator state', async () => {
    t.emulator.state.boards.push({
      id: 3,
      version: 1,
      name: 'Web roadmap',
      queue: 'WEB',
      columns: [],
      createdBy: 'carol',
      createdAt: '2026-11-03T09:00:00.000+0000',
    });
    try {
      const first = (await t.call('tracker_get_boards', { perPage: 2 })).json as List<{ boardId: string }>;
      expect(first.total).toBe(3);
      expect(first.items.map((b) => b.boardId)).toEqual(['1', '2']);
      const second = (await t.call('tracker_get_boards', { perPage: 2, cursor: first.nextCursor }))
        .json as List<{
        boardId: string;
        name: string;
      }>;
      expect(second.items).toEqual([{ boardId: '3', name: 'Web roadmap', queue: 'WEB' }]);
      expect(second.nextCursor).toBeUndefined();
    } finally {
      t.emulator.state.boards.splice(2);
    }
  });

  it('refuses a cursor it did not issue', async () => {
    const result = await t.call('tracker_get_boards', { cursor: 'abc' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('cursor: is not a cursor this server issued.');
  });
});

describe('tracker_get_board', () => {
  it('reads a board with its columns', async () => {
    const json = (await t.call('tracker_get_board', { boardId: 1 })).json;
    expect(json).toEqual({
      boardId: '1',
      version: 1,
      name: 'Demo board',
      queue: 'DEMO',
      query: 'Queue: DEMO',
      orderBy: 'updated',
      orderAsc: false,
      useRanking: false,
      columns: [
        { columnId: '1', name: 'To do' },
        { columnId: '2', name: 'In progress' },
        { columnId: '3', name: 'Done' },
      ],
    });
  });

  it('takes the id as a numeric string too, and projects `fields`', async () => {
    const json = (await t.call('tracker_get_board', { boardId: '2', fields: ['name', 'defaultQueue.key'] }))
      .json;
    expect(json).toEqual({ name: 'Ops kanban', defaultQueue: { key: 'OPS' } });
  });

  it('names the valid boards when the board does not exist', async () => {
    const text = await refusedUnsentBut(t, 'tracker_get_board', { boardId: 99 }, ['GET /v2/boards']);
    expect(text).toContain('- boardId: "99" is not a board.');
    expect(text).toContain(VALID_BOARDS);
  });

  it('takes a board name for the id, announced, and refuses what names no board', async () => {
    const byName = await t.call('tracker_get_board', { boardId: 'ops kanban', fields: ['name'] });
    expect(byName.notes).toBe('converted: boardId "ops kanban" → 2 (Ops kanban)');
    expect(byName.json).toEqual({ name: 'Ops kanban' });
    const result = await t.call('tracker_get_board', { boardId: 'DEMO' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      `- boardId: "DEMO" is not a board. Did you mean 1 (Demo board)? ${VALID_BOARDS}`,
    );
  });
});

describe('tracker_get_board_columns', () => {
  it('lists the columns with the status keys each one shows', async () => {
    const json = (await t.call('tracker_get_board_columns', { boardId: 1 })).json;
    expect(json).toEqual({
      items: [
        { columnId: '1', name: 'To do', statuses: ['open', 'needInfo'] },
        { columnId: '2', name: 'In progress', statuses: ['inProgress', 'inReview'] },
        { columnId: '3', name: 'Done', statuses: ['resolved', 'closed'] },
      ],
      total: 3,
    });
    expect(t.emulator.requests.some((r) => r.path === '/v3/boards/1/columns')).toBe(true);
  });

  it('projects the raw columns to `fields`', async () => {
    const json = (
      await t.call('tracker_get_board_columns', { boardId: 2, fields: ['name', 'statuses.display'] })
    ).json as List<unknown>;
    expect(json.items).toEqual([
      { name: 'All', statuses: [{ display: 'Open' }, { display: 'In progress' }, { display: 'Closed' }] },
    ]);
  });

  it('names the valid boards when the board does not exist', async () => {
    const result = await t.call('tracker_get_board_columns', { boardId: 42 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(VALID_BOARDS);
  });
});

describe('tracker_get_sprints', () => {
  it('lists the sprints of a board', async () => {
    const json = (await t.call('tracker_get_sprints', { boardId: 1 })).json as List<unknown>;
    expect(json.total).toBe(3);
    expect(json.items).toEqual([
      {
        sprintId: '1',
        name: 'Sprint 45',
        status: 'released',
        startDate: '2026-10-19',
        endDate: '2026-11-01',
      },
      {
        sprintId: '2',
        name: 'Sprint 46',
        status: 'in_progress',
        startDate: '2026-11-02',
        endDate: '2026-11-15',
      },
      { sprintId: '3', name: 'Sprint 47', status: 'draft', startDate: '2026-11-16', endDate: '2026-11-29' },
    ]);
  });

  it('finds the current sprint by status; a board without sprints is an empty list', async () => {
    const current = (await t.call('tracker_get_sprints', { boardId: 1, status: 'in_progress' }))
      .json as List<{
      sprintId: string;
    }>;
    expect(current.items.map((s) => s.sprintId)).toEqual(['2']);
    const none = (await t.call('tracker_get_sprints', { boardId: 2 })).json;
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('pages with a cursor and stops on the last page', async () => {
    const first = (await t.call('tracker_get_sprints', { boardId: 1, perPage: 2 })).json as List<{
      name: string;
    }>;
    expect(first.items.map((s) => s.name)).toEqual(['Sprint 45', 'Sprint 46']);
    const second = (await t.call('tracker_get_sprints', { boardId: 1, perPage: 2, cursor: first.nextCursor }))
      .json as List<{ name: string }>;
    expect(second.items.map((s) => s.name)).toEqual(['Sprint 47']);
    expect(second.nextCursor).toBeUndefined();
  });

  it('names the valid boards when the board does not exist, and the valid statuses', async () => {
    const missing = await t.call('tracker_get_sprints', { boardId: 7 });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(VALID_BOARDS);
    const badStatus = await t.call('tracker_get_sprints', { boardId: 1, status: 'active' });
    expect(badStatus.isError).toBe(true);
    expect(badStatus.text).toContain('draft');
    expect(badStatus.text).toContain('in_progress');
  });
});

describe('tracker_get_sprint', () => {
  it('reads a sprint with its board', async () => {
    const json = (await t.call('tracker_get_sprint', { sprintId: 2 })).json;
    expect(json).toEqual({
      sprintId: '2',
      name: 'Sprint 46',
      status: 'in_progress',
      startDate: '2026-11-02',
      endDate: '2026-11-15',
      version: 1,
      board: { boardId: '1', name: 'Demo board' },
      archived: false,
      createdBy: 'Alice Ivanova',
      createdAt: '2026-11-02T09:00:00.000+0000',
    });
  });

  it('says where to find sprint ids when the sprint does not exist', async () => {
    const result = await t.call('tracker_get_sprint', { sprintId: '404' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(
      '- sprintId: "404" is not a sprint. Valid sprints: 1 (Sprint 45), 2 (Sprint 46), 3 (Sprint 47). Nothing was sent.',
    );
    const byName = await t.call('tracker_get_sprint', { sprintId: 'sprint 47', fields: ['name'] });
    expect(byName.notes).toBe('converted: sprintId "sprint 47" → 3 (Sprint 47)');
  });
});
