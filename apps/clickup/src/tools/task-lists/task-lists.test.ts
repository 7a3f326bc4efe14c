/**
 * Tasks in Multiple Lists through the MCP SDK's client, against the emulator: a task added to a
 * second list by the list's name and taken out again, a custom id sent as its task id (the
 * endpoints take none), the home list and a list the task is not in refused before anything is
 * sent, and the ClickApp switched off answered with who turns it on.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { taskListTools } from './index.ts';

describeAreaDefinitions('task_lists', taskListTools);

const BUGS = '901510000002';
const ROADMAP = '901510000003';
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'task_lists'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const idOf = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!.id;
const locations = () => clickup.emulator.state.taskLocations ?? [];
const writesSince = (mark: number) => clickup.emulator.writes(mark).map((r) => `${r.method} ${r.path}`);

describe('clickup_add_task_to_list', () => {
  it('adds a task to a list named by its name, the custom id sent as its task id', async () => {
    const id = idOf('DEV-2');
    const mark = clickup.emulator.requests.length;
    const added = await clickup.call('clickup_add_task_to_list', { task_id: 'DEV-2', list_id: 'bugs' });
    expect(added.isError).toBe(false);
    expect(added.text).toContain(`list_id "bugs" → ${BUGS}`);
    expect(added.text).toContain(`task_id "DEV-2" → ${id} (its task id: this endpoint takes no custom id)`);
    expect(added.json).toEqual({
      taskId: 'DEV-2',
      addedTo: BUGS,
      homeList: 'list "Sprint 1" (901510000001)',
    });
    expect(writesSince(mark)).toEqual([`POST /api/v2/list/${BUGS}/task/${id}`]);
    expect(locations()).toEqual([{ taskId: id, listId: BUGS }]);
  });

  it('refuses the home list before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_add_task_to_list', { task_id: 'DEV-2', list_id: 'Sprint 1' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'list_id: is the home list of task DEV-2 ("Write onboarding docs"): it is in it already.',
    );
    expect(refused.text).toContain('clickup_move_task');
    expect(writesSince(mark)).toEqual([]);
  });

  it('says who turns the ClickApp on when the Workspace has it off; nothing changes', async () => {
    clickup.emulator.state.clickApps = { tasksInMultipleLists: false };
    const refused = await clickup.call('clickup_add_task_to_list', { task_id: 'DEV-2', list_id: BUGS });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      'The Workspace has the "Tasks in Multiple Lists" ClickApp switched off, so ClickUp refused the call (HTTP 400 ("Tasks in multiple lists is not enabled")).',
    );
    expect(locations()).toEqual([]);
  });

  it('refuses a list that does not exist, with the lists there are', async () => {
    const refused = await clickup.call('clickup_add_task_to_list', { task_id: 'DEV-2', list_id: 'Bugz' });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('"Bugz" is not a list. Did you mean 901510000002 (Bugs)?');
  });
});

describe('clickup_remove_task_from_list', () => {
  it('takes a task out of a list it was added to', async () => {
    const id = idOf('DEV-2');
    clickup.emulator.state.taskLocations = [{ taskId: id, listId: BUGS }];
    const removed = await clickup.call('clickup_remove_task_from_list', { task_id: id, list_id: BUGS });
    expect(removed.isError).toBe(false);
    expect(removed.json).toEqual({
      taskId: id,
      removedFrom: BUGS,
      homeList: 'list "Sprint 1" (901510000001)',
    });
    expect(locations()).toEqual([]);
  });

  it('refuses its home list and a list it is not in, naming its lists; nothing sent', async () => {
    const id = idOf('DEV-2');
    clickup.emulator.state.taskLocations = [{ taskId: id, listId: BUGS }];
    const mark = clickup.emulator.requests.length;
    const home = await clickup.call('clickup_remove_task_from_list', {
      task_id: 'DEV-2',
      list_id: 'Sprint 1',
    });
    expect(home.isError).toBe(true);
    expect(home.text).toContain(
      'which a task cannot leave: move it to another home list with clickup_move_task',
    );
    const elsewhere = await clickup.call('clickup_remove_task_from_list', {
      task_id: 'DEV-2',
      list_id: ROADMAP,
    });
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.text).toContain(
      `task DEV-2 ("Write onboarding docs") is not in list ${ROADMAP}. It is in its home list "Sprint 1" (901510000001) and was added to list "Bugs" (${BUGS}).`,
    );
    expect(writesSince(mark)).toEqual([]);
  });
});
