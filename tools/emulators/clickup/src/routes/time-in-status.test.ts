import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_EPOCH, SEED_TEAM_ID } from '../seed.ts';

const MINUTE = 60_000;
let now = SEED_EPOCH;
let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator({ now: () => now });
  call = apiCaller(clickup);
});
beforeEach(() => {
  clickup.reset();
  now = SEED_EPOCH;
});
afterAll(() => clickup.close());

interface Entry {
  status: string;
  type: string;
  total_time: { by_minute: number; since: string };
}
interface TimeInStatus {
  current_status: Entry;
  status_history: Entry[];
}
const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;

describe('GET /task/{id}/time_in_status', () => {
  it('adds up the minutes per status from the changes made, the current one until now', async () => {
    const id = idOf('DEV-2');
    const created = clickup.state.tasks.find((t) => t.id === id)!.dateCreated;
    now = created + 90 * MINUTE;
    await call('PUT', `/task/${id}`, { status: 'in progress' });
    now += 30 * MINUTE;
    await call('PUT', `/task/${id}`, { status: 'to do' });
    now += 15 * MINUTE;
    const { status, json } = await call<TimeInStatus>('GET', `/task/${id}/time_in_status`);
    expect(status).toBe(200);
    expect(json.current_status).toMatchObject({
      status: 'to do',
      type: 'open',
      total_time: { by_minute: 15, since: String(created + 120 * MINUTE) },
    });
    expect(json.status_history.map((e) => [e.status, e.total_time.by_minute, e.total_time.since])).toEqual([
      ['to do', 105, String(created)],
      ['in progress', 30, String(created + 90 * MINUTE)],
    ]);
  });

  it('takes a custom id only with custom_task_ids=true&team_id=, and 400 without the ClickApp', async () => {
    expect((await call('GET', '/task/DEV-1/time_in_status')).status).toBe(401);
    const flagged = await call<TimeInStatus>(
      'GET',
      `/task/DEV-1/time_in_status?custom_task_ids=true&team_id=${SEED_TEAM_ID}`,
    );
    expect(flagged.json.current_status.status).toBe('in progress');
    clickup.state.clickApps = { timeInStatus: false };
    const refused = await call('GET', `/task/${idOf('DEV-1')}/time_in_status`);
    expect(refused).toMatchObject({ status: 400, json: { err: 'Time in Status ClickApp is not enabled' } });
  });
});

describe('GET /task/bulk_time_in_status/task_ids', () => {
  it('answers per task id, the ids repeated once per task', async () => {
    const [a, b] = [idOf('DEV-1'), idOf('DEV-3')];
    const { json } = await call<Record<string, TimeInStatus>>(
      'GET',
      `/task/bulk_time_in_status/task_ids?task_ids=${a}&task_ids=${b}`,
    );
    expect(Object.keys(json)).toEqual([a, b]);
    expect(json[b]!.current_status.status).toBe('in review');
  });

  it('refuses none, more than 100, and fails on one task it cannot see', async () => {
    expect((await call('GET', '/task/bulk_time_in_status/task_ids')).status).toBe(400);
    const many = Array.from({ length: 101 }, () => `task_ids=${idOf('DEV-1')}`).join('&');
    expect((await call('GET', `/task/bulk_time_in_status/task_ids?${many}`)).json).toEqual({
      err: 'At most 100 task_ids per request',
      ECODE: 'INPUT_001',
    });
    const unknown = await call(
      'GET',
      `/task/bulk_time_in_status/task_ids?task_ids=${idOf('DEV-1')}&task_ids=zz9`,
    );
    expect(unknown.status).toBe(401);
  });
});
