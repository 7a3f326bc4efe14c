import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

const SPRINT = '901510000001';
const BUGS = '901510000002';
let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;

describe('Tasks in Multiple Lists', () => {
  it('adds a task to a second list (shown as a location, listed with include_timl) and removes it', async () => {
    const id = idOf('DEV-2');
    expect(await call('POST', `/list/${BUGS}/task/${id}`)).toMatchObject({ status: 200, json: {} });
    expect((await call<TaskJson>('GET', `/task/${id}`)).json['locations']).toEqual([
      { id: BUGS, name: 'Bugs' },
    ]);
    const listed = async (timl: boolean) =>
      (await call<{ tasks: TaskJson[] }>('GET', `/list/${BUGS}/task?include_timl=${timl}`)).json.tasks.map(
        (t) => t.id,
      );
    expect(await listed(true)).toContain(id);
    expect(await listed(false)).not.toContain(id);
    expect((await call('DELETE', `/list/${BUGS}/task/${id}`)).status).toBe(200);
    expect((await call<TaskJson>('GET', `/task/${id}`)).json['locations']).toEqual([]);
  });

  it('refuses the home list, custom ids, and everything without the ClickApp', async () => {
    const id = idOf('DEV-2');
    expect((await call('POST', `/list/${SPRINT}/task/${id}`)).status).toBe(400);
    expect((await call('DELETE', `/list/${SPRINT}/task/${id}`)).status).toBe(400);
    expect((await call('POST', `/list/${BUGS}/task/DEV-2`)).status).toBe(401);
    clickup.state.clickApps = { tasksInMultipleLists: false };
    expect(await call('POST', `/list/${BUGS}/task/${id}`)).toMatchObject({
      status: 400,
      json: { err: 'Tasks in multiple lists is not enabled', ECODE: 'SUBCAT_016' },
    });
    expect(clickup.state.taskLocations ?? []).toEqual([]);
  });
});
