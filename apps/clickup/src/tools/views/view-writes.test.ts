/**
 * View writes through the MCP SDK's client, against the emulator: a view added to a list, a folder,
 * a space and the workspace with the API's whole body; one renamed and regrouped by its name with
 * its other settings kept (the API replaces the view, so it is read first and sent back whole); one
 * deleted; two places, nothing to change and a view that does not exist refused with the fix.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { viewWriteTools } from './index.ts';

describeAreaDefinitions('view_writes', viewWriteTools);

const TEAM = '9015123456';
const DEV_SPACE = '90151000001';
const FOLDER = '90152000001';
const SPRINT_1 = '901510000001';
const BOARD = `6-${SPRINT_1}-2`;

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'views,view_writes'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const view = (id: string) => clickup.emulator.state.views.find((v) => v.id === id);
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('clickup_create_view', () => {
  it('adds a view at each level, sending the whole body the API requires', async () => {
    const mark = clickup.emulator.requests.length;
    const created = await clickup.call('clickup_create_view', {
      name: 'By priority',
      type: 'board',
      list_id: SPRINT_1,
    });
    expect(created.isError).toBe(false);
    const { id } = created.json as { id: string };
    expect(created.json).toEqual({
      id,
      name: 'By priority',
      type: 'board',
      groupBy: 'status',
      showClosed: false,
    });
    expect(view(id)).toMatchObject({ parent: { id: SPRINT_1, type: 6 } });
    const [post] = writesSince(mark);
    expect(post).toMatchObject({ method: 'POST', path: `/api/v2/list/${SPRINT_1}/view` });
    expect(Object.keys(post!.body as object).sort()).toEqual([
      'columns',
      'divide',
      'filters',
      'grouping',
      'name',
      'settings',
      'sorting',
      'team_sidebar',
      'type',
    ]);

    for (const [args, parent] of [
      [{ folder_id: FOLDER }, { id: FOLDER, type: 5 }],
      [{ space_id: 'development' }, { id: DEV_SPACE, type: 4 }],
      [{}, { id: TEAM, type: 7 }],
    ] as const) {
      const made = await clickup.call('clickup_create_view', { name: 'Calendar', type: 'calendar', ...args });
      expect(made.isError).toBe(false);
      expect(view((made.json as { id: string }).id)).toMatchObject({ parent });
    }
    const listed = await clickup.call('clickup_get_views', {});
    expect(listed.json).toEqual({ items: [{ id: expect.any(String), name: 'Calendar', type: 'calendar' }] });
  });

  it('refuses two places before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const two = await clickup.call('clickup_create_view', {
      name: 'X',
      type: 'list',
      list_id: SPRINT_1,
      folder_id: FOLDER,
    });
    expect(two.isError).toBe(true);
    expect(two.text).toContain('Pass one of space_id, folder_id or list_id (got folder_id and list_id)');
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_update_view', () => {
  it('renames and regroups a view named by its name; its other settings are sent back as they were', async () => {
    const mark = clickup.emulator.requests.length;
    const updated = await clickup.call('clickup_update_view', {
      view_id: 'board',
      name: 'Sprint board',
      group_by: 'assignee',
    });
    expect(updated.isError).toBe(false);
    expect(updated.text).toContain(`view_id "board" → ${BOARD}`);
    expect(updated.json).toEqual({
      id: BOARD,
      name: 'Sprint board',
      type: 'board',
      groupBy: 'assignee',
      showClosed: false,
    });
    const [put] = writesSince(mark);
    expect(put).toMatchObject({
      method: 'PUT',
      body: {
        name: 'Sprint board',
        type: 'board',
        parent: { id: SPRINT_1, type: 6 },
        team_sidebar: { assignees: [], assigned_comments: false, unassigned_tasks: false },
      },
    });
    expect(view(BOARD)).toMatchObject({ name: 'Sprint board', parent: { id: SPRINT_1, type: 6 } });
    const shown = await clickup.call('clickup_update_view', { view_id: BOARD, show_closed: true });
    expect(shown.json).toMatchObject({ name: 'Sprint board', groupBy: 'assignee', showClosed: true });
  });

  it('refuses nothing to change and a view that does not exist, sending nothing', async () => {
    const mark = clickup.emulator.requests.length;
    const nothing = await clickup.call('clickup_update_view', { view_id: BOARD });
    expect(nothing.isError).toBe(true);
    expect(nothing.text).toContain('nothing to change: give a name, group_by or show_closed.');
    const missing = await clickup.call('clickup_update_view', { view_id: 'Roadmap wall', name: 'X' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('is not a view');
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_delete_view', () => {
  it('deletes a view; the tasks it showed stay; a second delete is refused as no view', async () => {
    const tasks = clickup.emulator.state.tasks.length;
    const deleted = await clickup.call('clickup_delete_view', { view_id: BOARD });
    expect(deleted.json).toEqual({ deleted: BOARD });
    expect(view(BOARD)).toBeUndefined();
    expect(clickup.emulator.state.tasks).toHaveLength(tasks);
    const again = await clickup.call('clickup_delete_view', { view_id: BOARD });
    expect(again.isError).toBe(true);
    expect(again.text).toContain('"6-901510000001-2" is not a view.');
    expect(again.text).toContain('Nothing was sent.');
  });
});
