import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_USERS } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

const SPRINT = '901510000001';
const BUGS = '901510000002';
const ARCHIVE = '901510000005';
const { alice, bob, carol, dave } = SEED_USERS;
const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;
const create = (body: Record<string, unknown>, list = SPRINT) =>
  call<TaskJson>('POST', `/list/${list}/task`, body);

describe('tasks', () => {
  it('creates a task with a 10-character id, the next custom id and dates as ms strings', async () => {
    const { status, json } = await create({
      name: 'Emulated task',
      assignees: [bob],
      tags: ['Feature'],
      priority: 2,
      due_date: 1_800_000_000_000,
      status: 'In Progress',
    });
    expect(status).toBe(200);
    expect(json.id).toMatch(/^[0-9a-z]{10}$/);
    expect(json.custom_id).toMatch(/^DEV-\d+$/);
    expect(json.status).toMatchObject({ status: 'in progress', type: 'custom' });
    expect(json.due_date).toBe('1800000000000');
    expect(json.date_created).toMatch(/^\d{13}$/);
    expect(json.assignees.map((a) => a.id)).toEqual([bob]);
    expect(json.tags.map((t) => t.name)).toEqual(['feature']);
    expect(json['priority']).toMatchObject({ id: '2', priority: 'high' });
    // The seed's older tasks have 9-character ids.
    expect(idOf('DEV-1')).toMatch(/^[0-9a-z]{9}$/);
  });

  it('answers 400 ITEM_114 for a status the list does not have, on create and on update', async () => {
    const bad = await create({ name: 'x', status: 'doing' });
    expect(bad).toMatchObject({ status: 400, json: { err: 'Status does not exist', ECODE: 'ITEM_114' } });
    const update = await call('PUT', `/task/${idOf('DEV-2')}`, { status: 'shipped' });
    expect(update).toMatchObject({ status: 400, json: { ECODE: 'ITEM_114' } });
  });

  it('reads a custom id only with custom_task_ids=true&team_id=, else 401 Team not authorized', async () => {
    const without = await call('GET', '/task/DEV-1');
    expect(without).toMatchObject({ status: 401, json: { err: 'Team not authorized', ECODE: 'OAUTH_027' } });
    const noTeam = await call('GET', '/task/DEV-1?custom_task_ids=true');
    expect(noTeam.status).toBe(401);
    const { status, json } = await call<TaskJson>(
      'GET',
      `/task/DEV-1?custom_task_ids=true&team_id=${clickup.teamId}`,
    );
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: idOf('DEV-1'), custom_id: 'DEV-1', name: 'Set up CI pipeline' });
    // The same flags work on the other task-scoped endpoints.
    const comments = await call('GET', `/task/DEV-1/comment?custom_task_ids=true&team_id=${clickup.teamId}`);
    expect(comments.status).toBe(200);
  });

  it('ignores a flat assignees array on update (200, nothing changes); {add, rem} works', async () => {
    const id = idOf('DEV-2');
    const flat = await call<TaskJson>('PUT', `/task/${id}`, { assignees: [dave] });
    expect(flat.status).toBe(200);
    expect(flat.json.assignees.map((a) => a.id)).toEqual([carol]);
    const diff = await call<TaskJson>('PUT', `/task/${id}`, { assignees: { add: [dave], rem: [carol] } });
    expect(diff.json.assignees.map((a) => a.id)).toEqual([dave]);
    const watchers = await call<TaskJson>('PUT', `/task/${id}`, { watchers: { add: [bob] } });
    expect(watchers.json.watchers.map((w) => w.id)).toEqual([alice, bob]);
  });

  it('update ignores custom_fields and a null parent, sets closed dates with a closed status', async () => {
    const task = await create({ name: 'Closing' });
    const closed = await call<TaskJson>('PUT', `/task/${task.json.id}`, {
      status: 'closed',
      custom_fields: [{ id: clickup.state.fields[0]!.id, value: 0 }],
      parent: null,
    });
    expect(closed.json.custom_fields.find((f) => f.name === 'Priority Level')).not.toHaveProperty('value');
    expect(closed.json['date_closed']).toMatch(/^\d+$/);
    const reopened = await call<TaskJson>('PUT', `/task/${task.json.id}`, { status: 'to do' });
    expect(reopened.json['date_closed']).toBeNull();
  });

  it('makes subtasks with parent (same list only: ITEM_137) and returns them with include_subtasks', async () => {
    const parent = idOf('DEV-1');
    const child = await create({ name: 'Child', parent });
    expect(child.json.parent).toBe(parent);
    expect(child.json['top_level_parent']).toBe(parent);
    const elsewhere = await create({ name: 'Child', parent }, BUGS);
    expect(elsewhere).toMatchObject({
      status: 400,
      json: { err: 'Parent not child of list', ECODE: 'ITEM_137' },
    });
    const withSubtasks = await call<TaskJson>('GET', `/task/${parent}?include_subtasks=true`);
    expect(withSubtasks.json.subtasks!.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Add lint step', 'Add test step', 'Child']),
    );
  });

  it('deletes with 204; the task is then 404 ITEM_013; an unknown id is 401', async () => {
    const task = await create({ name: 'Doomed' });
    expect((await call('DELETE', `/task/${task.json.id}`)).status).toBe(204);
    expect(await call('GET', `/task/${task.json.id}`)).toMatchObject({
      status: 404,
      json: { err: 'Task not found, deleted', ECODE: 'ITEM_013' },
    });
    expect((await call('GET', '/task/zzzzzzzzz')).status).toBe(401);
  });

  it('pages list tasks 100 at a time with last_page', async () => {
    const first = await call<{ tasks: TaskJson[]; last_page: boolean }>('GET', `/list/${ARCHIVE}/task`);
    expect(first.json.tasks).toHaveLength(100);
    expect(first.json.last_page).toBe(false);
    const second = await call<{ tasks: TaskJson[]; last_page: boolean }>(
      'GET',
      `/list/${ARCHIVE}/task?page=1`,
    );
    expect(second.json.tasks).toHaveLength(20);
    expect(second.json.last_page).toBe(true);
    const all = [...first.json.tasks, ...second.json.tasks].map((t) => t.id);
    expect(new Set(all).size).toBe(120);
    // Newest first by default; reverse=true turns it around.
    expect(first.json.tasks[0]!.name).toBe('Ticket 120');
    const reversed = await call<{ tasks: TaskJson[] }>('GET', `/list/${ARCHIVE}/task?reverse=true`);
    expect(reversed.json.tasks[0]!.name).toBe('Ticket 001');
  });

  it('leaves closed tasks and subtasks out of a list unless asked', async () => {
    const names = async (query: string) =>
      (await call<{ tasks: TaskJson[] }>('GET', `/list/${SPRINT}/task${query}`)).json.tasks.map(
        (t) => t.name,
      );
    const plain = await names('');
    expect(plain).not.toContain('Old spike: evaluate runners');
    expect(plain).not.toContain('Add lint step');
    expect(plain).toContain('Release 1.0'); // a "done" status is not "closed"
    expect(await names('?include_closed=true')).toContain('Old spike: evaluate runners');
    expect(await names('?subtasks=true')).toContain('Add lint step');
  });
});

describe('filtered team tasks', () => {
  const search = async (query: string) => {
    const { status, json } = await call<{ tasks: TaskJson[]; last_page: boolean }>(
      'GET',
      `/team/${clickup.teamId}/task?${query}`,
    );
    expect(status).toBe(200);
    return json.tasks.map((t) => t.name);
  };

  it('filters by statuses[], assignees[], tags[] and list_ids[]', async () => {
    expect(await search('statuses[]=triaged&statuses[]=open&list_ids[]=' + BUGS)).toEqual(
      expect.arrayContaining(['Crash on empty search', 'Typo on settings page']),
    );
    expect(await search(`assignees[]=${dave}&tags[]=bug`)).toEqual(
      expect.arrayContaining(['Crash on empty search', 'Fix login redirect']),
    );
    expect(await search(`assignees[]=${dave}&tags[]=bug`)).toHaveLength(2);
    expect(await search('tags[]=bug&include_closed=true&list_ids[]=' + BUGS)).toContain('Timeout on export');
    expect(await search('space_ids[]=90151000002')).toEqual(['Newsletter #12', 'Spring campaign']);
  });

  it('filters by date ranges in ms and orders by due date', async () => {
    const due = await search(
      'due_date_gt=1767571200000&due_date_lt=1768500000000&order_by=due_date&reverse=true',
    );
    expect(due).toEqual(['Fix login redirect', 'Set up CI pipeline', 'Write onboarding docs']);
    expect(await search(`date_created_gt=${Date.now() + 86_400_000}`)).toEqual([]);
  });

  it('filters by custom_fields JSON; one unknown field id silently drops every custom-field filter', async () => {
    const field = clickup.state.fields.find((f) => f.name === 'Story Points')!;
    const filter = (f: unknown[]) => encodeURIComponent(JSON.stringify(f));
    expect(
      await search(`custom_fields=${filter([{ field_id: field.id, operator: '>', value: 3 }])}`),
    ).toEqual(['Set up CI pipeline']);
    const withUnknown = await search(
      `custom_fields=${filter([
        { field_id: field.id, operator: '>', value: 3 },
        { field_id: 'no-such-field', operator: '=', value: 1 },
      ])}`,
    );
    expect(withUnknown.length).toBeGreaterThan(1);
  });

  it('pages the search 100 at a time', async () => {
    const { json } = await call<{ tasks: TaskJson[]; last_page: boolean }>(
      'GET',
      `/team/${clickup.teamId}/task?page=0`,
    );
    expect(json.tasks).toHaveLength(100);
    expect(json.last_page).toBe(false);
  });
});

describe('move (v3 home_list)', () => {
  it('moves a root task and its subtasks, mapping statuses; a subtask alone cannot move', async () => {
    const parent = await create({ name: 'Movable', status: 'in review' });
    const child = await create({ name: 'Movable child', parent: parent.json.id });
    const path = (taskId: string, listId: string) =>
      `/api/v3/workspaces/${clickup.teamId}/tasks/${taskId}/home_list/${listId}`;
    expect((await call('PUT', path(child.json.id, BUGS))).status).toBe(400);
    const moved = await call('PUT', path(parent.json.id, BUGS), {
      status_mappings: [{ source_status: 'in review', destination_status: 'fixing' }],
    });
    expect(moved.status).toBe(200);
    const after = await call<TaskJson>('GET', `/task/${parent.json.id}`);
    expect(after.json.list.id).toBe(BUGS);
    expect(after.json.status.status).toBe('fixing');
    const childAfter = await call<TaskJson>('GET', `/task/${child.json.id}`);
    expect(childAfter.json.list.id).toBe(BUGS);
    expect(childAfter.json.status.status).toBe('open');
    // v3 takes no custom ids.
    expect((await call('PUT', path('DEV-1', BUGS))).status).toBe(401);
  });
});
