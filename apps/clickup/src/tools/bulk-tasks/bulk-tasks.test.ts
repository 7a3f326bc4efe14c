/**
 * The bulk task tools through the MCP SDK's client, against the emulator: every item checked on
 * its single-task tool's guarded path before the first write (a status checked against the item's
 * own list), one bad item refusing the whole call by index and field with nothing written, progress
 * as items settle, per-item results (id and URL, or why and what to do), the rate limit waited out,
 * and the cap (CLICKUP_MAX_BATCH) said in the refusal.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { resultText } from '@toolsmith/testing';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { bulkTaskTools } from './index.ts';

describeAreaDefinitions('bulk_tasks', bulkTaskTools);

const SPRINT_1 = '901510000001';
const BUGS = '901510000002';
const ROADMAP = '901510000003';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'bulk_tasks'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const task = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!;
const writesSince = (mark: number) => clickup.emulator.writes(mark).map((r) => `${r.method} ${r.path}`);

interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** A call that asks for progress (the SDK sends a progressToken), with the notifications. */
async function callWithProgress(name: string, args: Record<string, unknown>) {
  const progress: Progress[] = [];
  const raw = await clickup.connection.client.callTool(
    { name, arguments: args },
    { onprogress: (p) => progress.push(p) },
  );
  const text = resultText(raw);
  const json = JSON.parse(text.split('\n').at(-1) ?? 'null') as unknown;
  return { isError: (raw as { isError?: boolean }).isError === true, text, json, progress };
}

interface Answer {
  summary: string;
  succeeded: number;
  failed: number;
  successful: Array<{ index: number; id: string; name?: string; url?: string; list?: { id: string } }>;
  failures: Array<{ index: number; task?: string; error: string }>;
}

describe('clickup_bulk_create_tasks', () => {
  it('creates every task, values converted per item, with progress and each id and URL', async () => {
    const mark = clickup.emulator.requests.length;
    const done = await callWithProgress('clickup_bulk_create_tasks', {
      list_id: 'sprint 1',
      tasks: [
        { name: 'Plan the demo', status: 'IN PROGRESS', assignees: ['bob@example.com'] },
        { name: 'Book the room', priority: 'high' },
        { name: 'Send invites', due_date: '2026-02-10' },
      ],
    });
    expect(done.isError).toBe(false);
    expect(done.text).toContain(`list_id "sprint 1" → ${SPRINT_1}`);
    expect(done.text).toContain('tasks.0.status "IN PROGRESS" → in progress');
    expect(done.text).toContain('tasks.0.assignees.0 "bob@example.com" → 81000002');
    expect(done.text).toContain('tasks.1.priority "high" → 2');
    const answer = done.json as Answer;
    expect(answer.summary).toBe('All 3 tasks created.');
    expect(answer).toMatchObject({ succeeded: 3, failed: 0, failures: [] });
    expect(answer.successful.map((s) => [s.index, s.name])).toEqual([
      [0, 'Plan the demo'],
      [1, 'Book the room'],
      [2, 'Send invites'],
    ]);
    for (const s of answer.successful) expect(s.url).toBe(`https://app.clickup.com/t/${s.id}`);
    const created = clickup.emulator.state.tasks.find((t) => t.name === 'Plan the demo')!;
    expect(created).toMatchObject({ listId: SPRINT_1, status: 'in progress', assignees: [81000002] });
    expect(writesSince(mark)).toEqual(Array(3).fill(`POST /api/v2/list/${SPRINT_1}/task`));
    expect(done.progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(done.progress.at(-1)!.message).toBe('3 of 3 tasks created');
  });

  it('refuses the whole call when one item is wrong, naming each by index and field; nothing is written', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_bulk_create_tasks', {
      list_id: SPRINT_1,
      tasks: [
        { name: 'Fine' },
        { name: 'Wrong status', status: 'shipped' },
        { name: 'Typo', priorty: 2 },
        { name: 'Elsewhere', list_id: BUGS },
      ],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- tasks.3.list_id: is given once for the whole call');
    expect(writesSince(mark)).toEqual([]);
    const again = await clickup.call('clickup_bulk_create_tasks', {
      list_id: SPRINT_1,
      tasks: [{ name: 'Fine' }, { name: 'Wrong status', status: 'shipped' }, { name: 'Typo', priorty: 2 }],
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('- tasks.1.status: "shipped" is not a status of list "Sprint 1"');
    expect(again.text).toContain('- tasks.2.priorty: Unknown field. Did you mean "priority"?');
    expect(again.text).toContain('Nothing was written: every item is checked before the first write.');
    expect(writesSince(mark)).toEqual([]);
    expect(clickup.emulator.state.tasks.some((t) => t.name === 'Fine')).toBe(false);
  });
});

describe('clickup_bulk_update_tasks', () => {
  it("checks each item against its own task's list, then writes each", async () => {
    const mark = clickup.emulator.requests.length;
    const done = await clickup.call('clickup_bulk_update_tasks', {
      tasks: [
        { task_id: 'DEV-2', status: 'In Review' },
        { task_id: 'DEV-8', status: 'fixing', priority: 'urgent' },
      ],
    });
    expect(done.isError).toBe(false);
    expect(done.text).toContain('tasks.0.status "In Review" → in review');
    expect((done.json as Answer).summary).toBe('All 2 tasks updated.');
    expect(task('DEV-2').status).toBe('in review');
    expect(task('DEV-8')).toMatchObject({ status: 'fixing', priority: 1 });
    expect(writesSince(mark)).toHaveLength(2);
  });

  it('refuses a status of another list and a task that does not exist; nothing is changed', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_bulk_update_tasks', {
      tasks: [
        { task_id: 'DEV-2', name: 'Renamed' },
        { task_id: 'DEV-8', status: 'in review' },
        { task_id: 'DEV-999', name: 'Ghost' },
        { task_id: 'DEV-2', priority: 4 },
      ],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- tasks.1.status: "in review" is not a status of list "Bugs"');
    expect(refused.text).toMatch(/- tasks\.2\.task_id: .*DEV-999.* Nothing was sent\./);
    expect(refused.text).toMatch(
      /- tasks\.3\.task_id: is task DEV-2 \("Write onboarding docs"\) again, as tasks\.0/,
    );
    expect(writesSince(mark)).toEqual([]);
    expect(task('DEV-2').name).toBe('Write onboarding docs');
  });

  it('says plainly which items failed and why when a write fails, and waits out the rate limit', async () => {
    clickup.emulator.faults.add({
      kind: 'status',
      status: 403,
      method: 'PUT',
      path: '/api/v2/task/DEV-9',
      json: { err: 'You do not have permission to edit this task', ECODE: 'ACCESS_099' },
    });
    clickup.emulator.faults.add({
      kind: 'rateLimit',
      reset: { seconds: 1 },
      method: 'PUT',
      path: '/api/v2/task/DEV-10',
    });
    const done = await clickup.call('clickup_bulk_update_tasks', {
      tasks: [
        { task_id: 'DEV-8', name: 'Crash on an empty search' },
        { task_id: 'DEV-9', name: 'Typo' },
        { task_id: 'DEV-10', name: 'Export times out' },
      ],
    });
    expect(done.isError).toBe(false);
    const answer = done.json as Answer;
    expect(answer.summary).toBe(
      '2 of 3 tasks updated; 1 failed (see failures: why, and what to do). Send only the failed items again.',
    );
    expect(answer.successful.map((s) => s.index)).toEqual([0, 2]);
    expect(answer.failures).toEqual([{ index: 1, task: 'DEV-9', error: expect.stringContaining('403') }]);
    expect(task('DEV-10').name).toBe('Export times out');
    expect(task('DEV-9').name).toBe('Typo on settings page');
  }, 15_000);
});

describe('clickup_bulk_move_tasks', () => {
  it('moves every task to the new home list through v3, as clickup_move_task does', async () => {
    const mark = clickup.emulator.requests.length;
    const done = await clickup.call('clickup_bulk_move_tasks', {
      task_ids: ['DEV-9', task('DEV-10').id],
      list_id: 'Roadmap',
    });
    expect(done.isError).toBe(false);
    const answer = done.json as Answer;
    expect(answer.summary).toBe('All 2 tasks moved.');
    expect(answer.successful.map((s) => s.list?.id)).toEqual([ROADMAP, ROADMAP]);
    expect(task('DEV-9').listId).toBe(ROADMAP);
    expect(writesSince(mark).sort()).toEqual(
      [task('DEV-9').id, task('DEV-10').id]
        .map((id) => `PUT /api/v3/workspaces/9015123456/tasks/${id}/home_list/${ROADMAP}`)
        .sort(),
    );
  });
});

describe('clickup_bulk_delete_tasks', () => {
  it('deletes every task, and refuses the same task twice (by custom id and id) before deleting any', async () => {
    const refused = await clickup.call('clickup_bulk_delete_tasks', {
      task_ids: ['DEV-11', task('DEV-11').id],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('- task_ids.1: is task DEV-11 ("Public API") again, as task_ids.0');
    expect(task('DEV-11').deleted).toBeFalsy();

    const done = await clickup.call('clickup_bulk_delete_tasks', { task_ids: ['DEV-11', 'DEV-12'] });
    expect(done.isError).toBe(false);
    expect((done.json as Answer).summary).toBe('All 2 tasks deleted.');
    expect(task('DEV-11').deleted).toBe(true);
    expect(task('DEV-12').deleted).toBe(true);
  });
});

describe('the cap', () => {
  it('refuses more items than CLICKUP_MAX_BATCH, saying the cap, before reading anything', async () => {
    const small = await startInProcess({
      args: ['--toolsets', 'bulk_tasks'],
      env: { CLICKUP_MAX_BATCH: '2' },
    });
    try {
      const mark = small.emulator.requests.length;
      const refused = await small.call('clickup_bulk_delete_tasks', {
        task_ids: ['DEV-1', 'DEV-2', 'DEV-3'],
      });
      expect(refused.isError).toBe(true);
      expect(refused.text).toContain(
        'task_ids: has 3 items; this server takes at most 2 per call (CLICKUP_MAX_BATCH). Split the list into calls of 2 or fewer.',
      );
      expect(small.emulator.writes(mark)).toEqual([]);
    } finally {
      await small.close();
    }
  });
});
