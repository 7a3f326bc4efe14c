/**
 * User groups on the emulator as the API answers them: listed (`team_id` required), created,
 * changed with `{add, rem}`, deleted, `reset()` bringing back the default group; the plan error
 * below Business.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

const TEAM = '9015123456';
const BACKEND = 'A1B2C3D4-0000-4000-8000-000000000001';
type Group = { id: string; name: string; handle: string; members: { id: number }[] };

describe('user groups', () => {
  it('lists, creates, changes and deletes groups', async () => {
    expect((await call('GET', '/group')).status).toBe(400);
    const listed = await call<{ groups: Group[] }>('GET', `/group?team_id=${TEAM}`);
    expect(listed.json.groups.map((g) => g.name)).toEqual(['Backend']);
    const made = await call<Group>('POST', `/team/${TEAM}/group`, {
      name: 'Design Crew',
      members: [81000003],
    });
    expect(made.json).toMatchObject({
      name: 'Design Crew',
      handle: 'designcrew',
      team_id: TEAM,
      members: [{ id: 81000003 }],
    });
    const changed = await call<Group>('PUT', `/group/${BACKEND}`, {
      members: { add: [81000003], rem: [81000002] },
    });
    expect(changed.json.members.map((m) => m.id)).toEqual([81000001, 81000003]);
    expect((await call('POST', `/team/${TEAM}/group`, { name: 'X', members: [1] })).status).toBe(400);
    expect((await call('POST', `/team/${TEAM}/group`, { name: 'Backend', members: [] })).status).toBe(400);
    expect((await call('DELETE', `/group/${BACKEND}`)).status).toBe(200);
    expect((await call('DELETE', `/group/${BACKEND}`)).status).toBe(404);
    clickup.reset();
    expect((await call<{ groups: Group[] }>('GET', `/group?team_id=${TEAM}`)).json.groups).toHaveLength(1);
  });

  it('answers the plan error below Business', async () => {
    clickup.state.plan = 'unlimited';
    const refused = await call('GET', `/group?team_id=${TEAM}`);
    expect(refused).toMatchObject({ status: 403, json: { ECODE: 'PLAN_001' } });
    expect((refused.json as { err: string }).err).toContain(
      'User groups requires the Business Plan or above',
    );
  });
});
