/**
 * Goal changes and key results through the MCP SDK's client, against the emulator: a goal named by
 * its name changed (owners as {add, rem}) and deleted with its key results; a key result added,
 * moved forward with a note (the goal's progress follows) and deleted; what cannot be sent refused
 * before anything is, and a key result id that names none answered with where the ids are.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { goalWriteTools } from './index.ts';
import type { KeyResultView } from './key-result-params.ts';

describeAreaDefinitions('goal_writes', goalWriteTools);

const GOAL = 'c1c0a000-0000-4000-8000-000300000001';
const BOB = 81000002;
let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'goals'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const goal = () => clickup.emulator.state.goals.find((g) => g.id === GOAL);
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('goals', () => {
  it('changes a goal named by its name: name, owners added', async () => {
    const updated = await clickup.call('clickup_update_goal', {
      goal_id: 'ship 1.0',
      name: 'Ship 1.0 GA',
      owners: { add: ['bob@example.com'] },
    });
    expect(updated.isError).toBe(false);
    expect(updated.text).toContain(`goal_id "ship 1.0" → ${GOAL}`);
    expect(updated.json).toMatchObject({
      id: GOAL,
      name: 'Ship 1.0 GA',
      owners: expect.arrayContaining(['Bob Chen']),
    });
    expect(goal()!.owners).toContain(BOB);
  });

  it('refuses a change of nothing and a flat owners list before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const nothing = await clickup.call('clickup_update_goal', { goal_id: GOAL });
    expect(nothing.text).toContain('nothing to change: give a name, due_date, description, color or owners.');
    const flat = await clickup.call('clickup_update_goal', { goal_id: GOAL, owners: [BOB] });
    expect(flat.isError).toBe(true);
    expect(flat.text).toContain('{"add":');
    expect(writesSince(mark)).toEqual([]);
  });

  it('deletes a goal with its key results', async () => {
    await clickup.call('clickup_create_key_result', { goal_id: GOAL, name: 'Done', type: 'boolean' });
    const deleted = await clickup.call('clickup_delete_goal', { goal_id: GOAL });
    expect(deleted.json).toEqual({ deleted: GOAL });
    expect(goal()).toBeUndefined();
    expect(clickup.emulator.state.keyResults).toEqual([]);
  });
});

describe('key results', () => {
  it('adds one, records progress with a note, and deletes it; the goal shows it', async () => {
    const created = await clickup.call('clickup_create_key_result', {
      goal_id: GOAL,
      name: 'Build minutes',
      type: 'number',
      start: 10,
      target: 5,
      unit: 'min',
      owners: ['me'],
    });
    expect(created.isError).toBe(false);
    const { id } = created.json as KeyResultView;
    expect(created.json).toEqual({
      id,
      name: 'Build minutes',
      type: 'number',
      start: 10,
      current: 10,
      target: 5,
      unit: 'min',
      percent: 0,
    });
    const moved = await clickup.call('clickup_update_key_result', {
      key_result_id: id,
      current: 7.5,
      note: 'cache',
    });
    expect(moved.json).toMatchObject({ current: 7.5, percent: 50 });
    const read = await clickup.call('clickup_get_goal', { goal_id: GOAL });
    expect(read.json).toMatchObject({
      percent: 50,
      keyResults: [{ id, name: 'Build minutes', current: 7.5, target: 5 }],
    });
    expect((await clickup.call('clickup_delete_key_result', { key_result_id: id })).json).toEqual({
      deleted: id,
    });
    expect(clickup.emulator.state.keyResults).toEqual([]);
  });

  it('refuses what cannot be sent, and names where key result ids are', async () => {
    const mark = clickup.emulator.requests.length;
    const noTarget = await clickup.call('clickup_create_key_result', {
      goal_id: GOAL,
      name: 'x',
      type: 'number',
    });
    expect(noTarget.text).toContain('target: is required for a number key result');
    const boolean = await clickup.call('clickup_create_key_result', {
      goal_id: GOAL,
      name: 'x',
      type: 'boolean',
      target: 3,
    });
    expect(boolean.text).toContain('target: a boolean key result is done or not');
    const nothing = await clickup.call('clickup_update_key_result', { key_result_id: 'kr-1' });
    expect(nothing.text).toContain('nothing to change');
    expect(writesSince(mark)).toEqual([]);
    const unknown = await clickup.call('clickup_update_key_result', { key_result_id: 'kr-1', current: 1 });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain("Find the key result's id in clickup_get_goal's keyResults.");
  });
});
