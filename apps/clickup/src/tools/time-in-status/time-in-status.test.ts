/**
 * The time-in-status tools through the MCP SDK's client, against the emulator: one task and up to 100
 * at once, custom ids honoured (the flag for one task; read once for the bulk call), the ClickApp
 * switched off answered as what to do, a task that does not exist named.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { timeInStatusTools } from './index.ts';
import type { TimeInStatusView } from './time-in-status-view.ts';

describeAreaDefinitions('time_in_status', timeInStatusTools);

const MINUTE = 60_000;
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'time_in_status,tasks'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const taskOf = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!;

describe('clickup_get_time_in_status', () => {
  it('adds up the minutes per status, by custom id (sent with custom_task_ids=true&team_id=)', async () => {
    const task = taskOf('DEV-2');
    const now = Date.now();
    task.dateCreated = now - 120 * MINUTE;
    clickup.emulator.state.statusChanges = [
      { taskId: task.id, from: 'to do', to: 'in progress', at: now - 90 * MINUTE },
      { taskId: task.id, from: 'in progress', to: 'in review', at: now - 30 * MINUTE },
    ];
    task.status = 'in review';
    const mark = clickup.emulator.requests.length;
    const answer = await clickup.call('clickup_get_time_in_status', { task_id: 'DEV-2' });
    expect(answer.isError).toBe(false);
    expect(answer.json).toEqual({
      taskId: 'DEV-2',
      current: { status: 'in review', minutes: 30, since: new Date(now - 30 * MINUTE).toISOString() },
      history: [
        { status: 'to do', minutes: 30, since: new Date(now - 120 * MINUTE).toISOString() },
        { status: 'in progress', minutes: 60, since: new Date(now - 90 * MINUTE).toISOString() },
        { status: 'in review', minutes: 30, since: new Date(now - 30 * MINUTE).toISOString() },
      ],
    });
    const sent = clickup.emulator.requests.slice(mark).at(-1)!;
    expect(sent.path).toBe('/api/v2/task/DEV-2/time_in_status');
    expect(sent.query).toMatchObject({ custom_task_ids: 'true', team_id: clickup.emulator.teamId });
  });

  it('sees a status change made through the server', async () => {
    expect(
      (await clickup.call('clickup_update_task', { task_id: 'DEV-2', status: 'in progress' })).isError,
    ).toBe(false);
    const { json } = await clickup.call('clickup_get_time_in_status', { task_id: 'DEV-2' });
    const view = json as TimeInStatusView;
    expect(view.current).toMatchObject({ status: 'in progress', minutes: 0 });
    expect(view.history.map((h) => h.status)).toEqual(['to do', 'in progress']);
  });

  it('says who turns the ClickApp on when the Workspace has it off', async () => {
    clickup.emulator.state.clickApps = { timeInStatus: false };
    const refused = await clickup.call('clickup_get_time_in_status', { task_id: 'DEV-1' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'The Workspace has the "Total time in Status" ClickApp switched off, so ClickUp refused the call (HTTP 400 ("Time in Status ClickApp is not enabled")).',
    );
    expect(refused.text).toContain('A Workspace owner or admin turns it on in ClickUp (Settings → ClickApps');
  });

  it('names a task that does not exist', async () => {
    const missing = await clickup.call('clickup_get_time_in_status', { task_id: 'DEV-999' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('DEV-999');
    expect(missing.text).toContain('clickup_search_tasks');
  });
});

describe('clickup_get_bulk_time_in_status', () => {
  it('answers per task in the order given; a custom id is read once for its task id', async () => {
    const [ci, login] = [taskOf('DEV-1'), taskOf('DEV-3')];
    const mark = clickup.emulator.requests.length;
    const answer = await clickup.call('clickup_get_bulk_time_in_status', {
      task_ids: ['DEV-3', `https://app.clickup.com/t/${ci.id}`],
    });
    expect(answer.isError).toBe(false);
    expect(answer.text).toContain(
      `converted: task_ids.1 "https://app.clickup.com/t/${ci.id}" → ${ci.id} (the id in the task URL)`,
    );
    const { items } = answer.json as { items: TimeInStatusView[] };
    expect(items.map((i) => [i.taskId, i.current?.status])).toEqual([
      ['DEV-3', 'in review'],
      [ci.id, 'in progress'],
    ]);
    const sent = clickup.emulator.requests.slice(mark);
    expect(sent.map((r) => r.path)).toEqual([
      '/api/v2/task/DEV-3',
      '/api/v2/task/bulk_time_in_status/task_ids',
    ]);
    expect(sent[1]!.query).toEqual({ task_ids: [login.id, ci.id] });
  });

  it('refuses more than 100 tasks before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_get_bulk_time_in_status', {
      task_ids: Array.from({ length: 101 }, (_, n) => `DEV-${n + 1}`),
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('task_ids');
    expect(refused.text).toContain('100');
    expect(clickup.emulator.requests.length).toBe(mark);
  });

  it('names the task ClickUp cannot see when it fails the whole call', async () => {
    const refused = await clickup.call('clickup_get_bulk_time_in_status', {
      task_ids: [taskOf('DEV-1').id, 'zz9zz9zz9'],
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('task_ids.1');
    expect(refused.text).toContain('zz9zz9zz9');
  });
});
