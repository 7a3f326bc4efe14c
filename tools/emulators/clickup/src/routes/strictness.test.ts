/**
 * What the real API refuses — and what it lets through — for the mistakes agents make: each refusal
 * leaves the workspace unchanged, each kept leniency answers 200. (Research §2.3, §2.5, §2.7, §2.9, §4.1;
 * ECODEs the research does not name are marked "assumed" in clickup-error.ts and the routes.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { createSeedState, SEED_USERS } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());
afterEach(() => clickup.reset());

const SPRINT = '901510000001';
const BUGS = '901510000002';
const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;
const unchanged = () => expect(clickup.state).toEqual(createSeedState());

describe('custom task ids', () => {
  it('a custom id that does not exist: 401 Team not authorized (OAUTH_027), even with the flags', async () => {
    const missing = await call('GET', `/task/DEV-99999?custom_task_ids=true&team_id=${clickup.teamId}`);
    expect(missing).toMatchObject({ status: 401, json: { err: 'Team not authorized', ECODE: 'OAUTH_027' } });
    const write = await call('PUT', `/task/DEV-99999?custom_task_ids=true&team_id=${clickup.teamId}`, {
      name: 'x',
    });
    expect(write.status).toBe(401);
    // The same id that exists answers 200: the 401 is about the id, not the token.
    const found = await call('GET', `/task/DEV-1?custom_task_ids=true&team_id=${clickup.teamId}`);
    expect(found.status).toBe(200);
    unchanged();
  });
});

describe('relationships', () => {
  it('a parent in another list: 400 ITEM_137 on create and on update, nothing else applied', async () => {
    const parentInBugs = idOf('DEV-8');
    expect(await call('POST', `/list/${SPRINT}/task`, { name: 'Child', parent: parentInBugs })).toMatchObject(
      {
        status: 400,
        json: { err: 'Parent not child of list', ECODE: 'ITEM_137' },
      },
    );
    const update = await call('PUT', `/task/${idOf('DEV-2')}`, { name: 'Renamed', parent: parentInBugs });
    expect(update).toMatchObject({ status: 400, json: { ECODE: 'ITEM_137' } });
    unchanged();
    // In the same list it works.
    const ok = await call<TaskJson>('PUT', `/task/${idOf('DEV-2')}`, { parent: idOf('DEV-1') });
    expect(ok.json.parent).toBe(idOf('DEV-1'));
    const inBugs = await call<TaskJson>('POST', `/list/${BUGS}/task`, {
      name: 'Child',
      parent: parentInBugs,
    });
    expect(inBugs.status).toBe(200);
  });

  it('a task under itself or under its own subtask: 400 (assumed code), nothing applied', async () => {
    const ci = idOf('DEV-1');
    const lint = idOf('DEV-6');
    expect(clickup.state.tasks.find((t) => t.id === lint)!.parent).toBe(ci);
    for (const parent of [ci, lint]) {
      expect(await call('PUT', `/task/${ci}`, { name: 'Loop', parent })).toMatchObject({
        status: 400,
        json: { ECODE: 'INPUT_001' },
      });
    }
    unchanged();
    expect((await call('GET', `/task/${ci}`)).status).toBe(200);
  });

  it('a tag that does not exist in the task’s Space: 404 TAGS_001 (assumed code), task unchanged', async () => {
    // "campaign" exists, but in the Marketing Space; DEV-2 is in Development.
    expect(await call('POST', `/task/${idOf('DEV-2')}/tag/campaign`)).toMatchObject({
      status: 404,
      json: { err: 'Tag not found', ECODE: 'TAGS_001' },
    });
    expect((await call('POST', `/task/${idOf('DEV-2')}/tag/no-such-tag`)).status).toBe(404);
    unchanged();
    expect((await call('POST', `/task/${idOf('DEV-2')}/tag/BUG`)).status).toBe(200);
  });

  it('a second webhook for the same endpoint and location: 400 OAUTH_171, whatever its events', async () => {
    const hook = (body: Record<string, unknown>) => call('POST', `/team/${clickup.teamId}/webhook`, body);
    const endpoint = 'https://example.com/clickup';
    expect((await hook({ endpoint, events: ['taskCreated'] })).status).toBe(200);
    for (const events of [['taskCreated'], ['taskUpdated'], ['*']]) {
      expect(await hook({ endpoint, events })).toMatchObject({
        status: 400,
        json: { err: 'Webhook configuration already exists', ECODE: 'OAUTH_171' },
      });
    }
    expect(clickup.state.webhooks).toHaveLength(1);
    // Another location is another configuration (research §2.3: "same config+location").
    expect((await hook({ endpoint, events: ['*'], list_id: SPRINT })).status).toBe(200);
    expect(await hook({ endpoint, events: ['taskMoved'], list_id: SPRINT })).toMatchObject({
      status: 400,
      json: { ECODE: 'OAUTH_171' },
    });
  });
});

describe('dates', () => {
  const bad: unknown[] = [
    -1,
    -86_400_000,
    1.5,
    1_767_000_000_000.5,
    '2026-01-10',
    'tomorrow',
    '-5',
    '1.5',
    '',
    true,
    {},
  ];

  it.each(bad)('due_date / start_date %p: 400 on create and update, nothing written', async (value) => {
    for (const name of ['due_date', 'start_date']) {
      const created = await call('POST', `/list/${SPRINT}/task`, { name: 'Dated', [name]: value });
      expect(created).toMatchObject({
        status: 400,
        json: { err: `${name} must be a date in ms`, ECODE: 'INPUT_001' },
      });
      const updated = await call('PUT', `/task/${idOf('DEV-1')}`, { name: 'Renamed', [name]: value });
      expect(updated).toMatchObject({ status: 400, json: { ECODE: 'INPUT_001' } });
    }
    unchanged();
  });

  it('takes ms integers, a string of digits, and null to clear', async () => {
    const created = await call<TaskJson>('POST', `/list/${SPRINT}/task`, {
      name: 'Dated',
      due_date: 1_800_000_000_000,
      start_date: '1799990000000',
    });
    expect(created.json).toMatchObject({ due_date: '1800000000000', start_date: '1799990000000' });
    const cleared = await call<TaskJson>('PUT', `/task/${created.json.id}`, { due_date: null });
    expect(cleared.json.due_date).toBeNull();
    // 0 is the epoch, a valid instant.
    expect((await call('PUT', `/task/${created.json.id}`, { start_date: 0 })).status).toBe(200);
  });
});

describe('ids', () => {
  it('a list id that is not numeric: 400 INPUT_003 "validateListIDEx List ID invalid"; an unknown number: 404', async () => {
    for (const path of ['/list/Sprint%201', '/list/8cj47gd-10171/task', '/list/abc/field']) {
      expect(await call('GET', path)).toMatchObject({
        status: 400,
        json: { err: 'validateListIDEx List ID invalid', ECODE: 'INPUT_003' },
      });
    }
    expect((await call('POST', '/list/sprint/task', { name: 'x' })).status).toBe(400);
    expect(await call('GET', '/list/999')).toMatchObject({ status: 404, json: { ECODE: 'ITEM_015' } });
    unchanged();
  });
});

describe('what the real API lets through (kept)', () => {
  it('unknown body fields: 200, ignored', async () => {
    const created = await call<TaskJson>('POST', `/list/${SPRINT}/task`, {
      name: 'Extra',
      colour: 'red',
      desc: 'x',
    });
    expect(created.status).toBe(200);
    expect(created.json['description']).toBe('');
    const updated = await call<TaskJson>('PUT', `/task/${created.json.id}`, { dueDate: 1_800_000_000_000 });
    expect(updated.status).toBe(200);
    expect(updated.json.due_date).toBeNull();
  });

  it('tags and a flat assignees array on Update Task: 200, nothing changes', async () => {
    const id = idOf('DEV-2');
    const updated = await call<TaskJson>('PUT', `/task/${id}`, {
      tags: ['bug'],
      assignees: [SEED_USERS.dave],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.tags).toEqual([]);
    expect(updated.json.assignees.map((a) => a.id)).toEqual([SEED_USERS.carol]);
  });
});
