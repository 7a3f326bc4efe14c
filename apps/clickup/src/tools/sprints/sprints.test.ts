/**
 * Sprints through the MCP SDK's client, against the emulator's seed Sprint folder (Marketing →
 * "Sprints": Sprint 7, 8 and 9, two weeks each around 2026-01-05): the sprint holding a day found
 * by its dates, the previous and next when none does, a folder without dated lists refused, and
 * tasks added to the sprint as one more list (their home list kept), each checked before anything
 * is sent.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { sprintTools } from './index.ts';

describeAreaDefinitions('sprints', sprintTools);

const SPRINTS = '90152000009';
const SPRINT_8 = '901510000012';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'sprints'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const task = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!;
const writesSince = (mark: number) => clickup.emulator.writes(mark).map((r) => `${r.method} ${r.path}`);

describe('clickup_get_active_sprint', () => {
  it('finds the sprint whose dates hold the day, the folder given by name', async () => {
    const found = await clickup.call('clickup_get_active_sprint', { folder_id: 'sprints', at: '2026-01-06' });
    expect(found.isError).toBe(false);
    expect(found.text).toContain(`folder_id "sprints" → ${SPRINTS}`);
    expect(found.json).toEqual({
      active: {
        id: SPRINT_8,
        name: 'Sprint 8 (1/5 - 1/18)',
        start: '2026-01-05T00:00:00.000Z',
        end: '2026-01-18T23:59:59.999Z',
        taskCount: 0,
      },
      sprints: 3,
    });
  });

  it('says when none runs now, with the previous and next; the default is said', async () => {
    const none = await clickup.call('clickup_get_active_sprint', { folder_id: SPRINTS });
    expect(none.isError).toBe(false);
    expect(none.text).toContain('assumed: now (at: another day)');
    const answer = none.json as { active: unknown; previous?: { name: string }; next?: unknown };
    expect(answer.active).toBeNull();
    expect(answer.previous?.name).toBe('Sprint 9 (1/19 - 2/1)');
    const before = await clickup.call('clickup_get_active_sprint', { folder_id: SPRINTS, at: '2025-12-01' });
    expect(before.json).toMatchObject({ active: null, next: { name: 'Sprint 7 (12/22 - 1/4)' } });
  });

  it('refuses a folder with no dated lists: it holds no sprint', async () => {
    const refused = await clickup.call('clickup_get_active_sprint', { folder_id: 'Sprint work' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'folder 90152000001 has no list with a start and a due date, so it holds no sprint (2 list(s)).',
    );
  });
});

describe('clickup_add_tasks_to_sprint', () => {
  it('adds each task to the sprint list; it keeps its home list; already there is not sent again', async () => {
    const mark = clickup.emulator.requests.length;
    const added = await clickup.call('clickup_add_tasks_to_sprint', {
      folder_id: SPRINTS,
      task_ids: ['DEV-2', 'DEV-8'],
      at: '2026-01-06',
    });
    expect(added.isError).toBe(false);
    expect(added.text).toContain(
      `task_ids.0 "DEV-2" → ${task('DEV-2').id} (its task id: this endpoint takes no custom id)`,
    );
    expect(added.json).toMatchObject({
      sprint: { id: SPRINT_8, name: 'Sprint 8 (1/5 - 1/18)' },
      summary: 'All 2 task(s) are in Sprint 8 (1/5 - 1/18).',
      total: 2,
      failed: [],
    });
    expect(writesSince(mark).sort()).toEqual(
      [task('DEV-2').id, task('DEV-8').id].map((id) => `POST /api/v2/list/${SPRINT_8}/task/${id}`).sort(),
    );
    expect(task('DEV-2').listId).toBe('901510000001');
    expect(clickup.emulator.state.taskLocations).toEqual(
      expect.arrayContaining([{ taskId: task('DEV-2').id, listId: SPRINT_8 }]),
    );

    const again = clickup.emulator.requests.length;
    const twice = await clickup.call('clickup_add_tasks_to_sprint', {
      folder_id: SPRINTS,
      task_ids: ['DEV-2'],
      at: '2026-01-07',
    });
    expect(twice.json).toMatchObject({
      successful: [{ task: 'DEV-2 ("Write onboarding docs")', already: true }],
    });
    expect(writesSince(again)).toEqual([]);
  });

  it('refuses when no sprint runs then, and a task that does not exist; nothing is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const none = await clickup.call('clickup_add_tasks_to_sprint', {
      folder_id: SPRINTS,
      task_ids: ['DEV-2'],
    });
    expect(none.isError).toBe(true);
    expect(none.text).toContain(
      'folder_id: no sprint of this folder holds now: the last one, "Sprint 9 (1/19 - 2/1)"',
    );
    const missing = await clickup.call('clickup_add_tasks_to_sprint', {
      folder_id: SPRINTS,
      task_ids: ['DEV-2', 'DEV-999'],
      at: '2026-01-06',
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toMatch(/- task_ids\.1: .*DEV-999/);
    expect(writesSince(mark)).toEqual([]);
  });

  it('says who turns Tasks in Multiple Lists on when it is off', async () => {
    clickup.emulator.state.clickApps = { tasksInMultipleLists: false };
    const refused = await clickup.call('clickup_add_tasks_to_sprint', {
      folder_id: SPRINTS,
      task_ids: ['DEV-2'],
      at: '2026-01-06',
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('the "Tasks in Multiple Lists" ClickApp switched off');
    expect(clickup.emulator.state.taskLocations ?? []).toEqual([]);
  });
});
