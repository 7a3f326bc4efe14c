/**
 * The seed's Sprint folder as the API shows it: its lists with their start and due dates (ms
 * strings, as ClickUp sends a list's dates), other lists without dates, and reset() bringing the
 * sprints back.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from './__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from './create-clickup-emulator.ts';
import { SEED_EPOCH } from './seed.ts';
import { SPRINT_FOLDER_ID } from './seed-sprints.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator({ rateLimitPerMinute: 1000 });
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

interface ListJson {
  id: string;
  name: string;
  start_date: string | null;
  due_date: string | null;
}

describe('the seed Sprint folder', () => {
  it('lists three two-week sprints with their dates; the middle one holds the seed now', async () => {
    const { json } = await call<{ lists: ListJson[] }>('GET', `/folder/${SPRINT_FOLDER_ID}/list`);
    expect(json.lists.map((l) => l.name)).toEqual([
      'Sprint 7 (12/22 - 1/4)',
      'Sprint 8 (1/5 - 1/18)',
      'Sprint 9 (1/19 - 2/1)',
    ]);
    const [, current] = json.lists;
    expect(Number(current!.start_date)).toBeLessThanOrEqual(SEED_EPOCH);
    expect(Number(current!.due_date)).toBeGreaterThanOrEqual(SEED_EPOCH);
    expect(new Date(Number(current!.start_date)).toISOString()).toBe('2026-01-05T00:00:00.000Z');
    expect(new Date(Number(current!.due_date)).toISOString()).toBe('2026-01-18T23:59:59.999Z');
    const other = await call<ListJson>('GET', '/list/901510000001');
    expect([other.json.start_date, other.json.due_date]).toEqual([null, null]);
  });

  it('comes back with reset() after its folder was deleted', async () => {
    expect((await call('DELETE', `/folder/${SPRINT_FOLDER_ID}`)).status).toBe(200);
    expect((await call('GET', `/folder/${SPRINT_FOLDER_ID}/list`)).status).not.toBe(200);
    clickup.reset();
    const { json } = await call<{ lists: ListJson[] }>('GET', `/folder/${SPRINT_FOLDER_ID}/list`);
    expect(json.lists).toHaveLength(3);
  });
});
