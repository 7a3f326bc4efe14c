import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_USERS } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

interface KeyResultJson {
  id: string;
  name: string;
  percent_completed: number;
  steps_current: number;
}
const goalId = () => clickup.state.goals[0]!.id;

describe('key results', () => {
  it('creates one on a goal, moves it forward, shows it on the goal, and deletes it', async () => {
    const created = await call<{ key_result: KeyResultJson }>('POST', `/goal/${goalId()}/key_result`, {
      name: 'Build minutes',
      owners: [SEED_USERS.bob],
      type: 'number',
      steps_start: 10,
      steps_end: 5,
      unit: 'min',
    });
    expect(created.status).toBe(200);
    const id = created.json.key_result.id;
    const moved = await call<{ key_result: KeyResultJson }>('PUT', `/key_result/${id}`, {
      steps_current: 7.5,
      note: 'cache',
    });
    expect(moved.json.key_result).toMatchObject({ steps_current: 7.5, percent_completed: 50 });
    const goal = await call<{ goal: { key_results: KeyResultJson[]; percent_completed: number } }>(
      'GET',
      `/goal/${goalId()}`,
    );
    expect(goal.json.goal.key_results.map((k) => k.name)).toEqual(['Build minutes']);
    expect(goal.json.goal.percent_completed).toBe(50);
    expect((await call('DELETE', `/key_result/${id}`)).status).toBe(200);
    expect((await call('PUT', `/key_result/${id}`, { steps_current: 1 })).status).toBe(404);
  });

  it('refuses an unknown goal, a bad type or bounds, changing nothing', async () => {
    expect((await call('POST', '/goal/nope/key_result', { name: 'x', type: 'number' })).status).toBe(404);
    const badType = await call('POST', `/goal/${goalId()}/key_result`, { name: 'x', type: 'stars' });
    expect(badType.status).toBe(400);
    const noEnd = await call('POST', `/goal/${goalId()}/key_result`, {
      name: 'x',
      type: 'number',
      steps_start: 0,
    });
    expect(noEnd.json).toEqual({ err: 'steps_end must be a number', ECODE: 'INPUT_001' });
    expect(clickup.state.keyResults ?? []).toEqual([]);
  });
});
