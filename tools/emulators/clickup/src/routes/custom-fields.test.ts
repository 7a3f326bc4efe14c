import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import type { CustomFieldRecord, DropDownOption, LabelOption } from '../clickup-state.ts';
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
const CAMPAIGNS = '901510000004';
const field = (name: string): CustomFieldRecord => clickup.state.fields.find((f) => f.name === name)!;
const newTask = async (list = SPRINT) =>
  (await call<TaskJson>('POST', `/list/${list}/task`, { name: 'Fields' })).json.id;
const set = (taskId: string, name: string, value: unknown) =>
  call('POST', `/task/${taskId}/field/${field(name).id}`, { value });
const valueOf = async (taskId: string, name: string) => {
  const { json } = await call<TaskJson>('GET', `/task/${taskId}`);
  return json.custom_fields.find((f) => f.name === name)!;
};

describe('custom fields', () => {
  it('lists the fields accessible on a list (Space, folder and list level) with their options', async () => {
    const { json } = await call<{
      fields: Array<{ name: string; type: string; type_config: { options?: unknown[] } }>;
    }>('GET', `/list/${SPRINT}/field`);
    expect(json.fields.map((f) => f.name).sort()).toEqual(
      ['Approved', 'Components', 'Confidence', 'Deadline', 'Notes', 'Priority Level', 'Story Points'].sort(),
    );
    const dropDown = json.fields.find((f) => f.type === 'drop_down')!;
    expect(dropDown.type_config.options).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'High', color: '#e50000', orderindex: 0 },
      expect.objectContaining({ name: 'Medium', orderindex: 1 }),
      expect.objectContaining({ name: 'Low', orderindex: 2 }),
    ]);
    const space = await call<{ fields: unknown[] }>('GET', '/space/90151000001/field');
    expect(space.json.fields).toHaveLength(5);
  });

  it('sets a drop_down by option UUID or index (reads back the orderindex); the label text is 400 FIELD_011', async () => {
    const task = await newTask();
    const medium = (field('Priority Level').type_config['options'] as DropDownOption[])[1]!;
    expect(await set(task, 'Priority Level', medium.id)).toMatchObject({ status: 200, json: {} });
    expect((await valueOf(task, 'Priority Level')).value).toBe(1);
    await set(task, 'Priority Level', 2);
    expect((await valueOf(task, 'Priority Level')).value).toBe(2);
    expect(await set(task, 'Priority Level', 'Medium')).toMatchObject({
      status: 400,
      json: { err: 'Value must be an option index or uuid', ECODE: 'FIELD_011' },
    });
  });

  it('sets labels by option UUIDs (replacing the set); label texts are 400 FIELD_011', async () => {
    const task = await newTask();
    const [api, ui] = field('Components').type_config['options'] as LabelOption[];
    await set(task, 'Components', [api!.id, ui!.id]);
    await set(task, 'Components', [ui!.id]);
    expect((await valueOf(task, 'Components')).value).toEqual([ui!.id]);
    expect(await set(task, 'Components', ['UI'])).toMatchObject({
      status: 400,
      json: { ECODE: 'FIELD_011' },
    });
  });

  it('takes dates in ms and reads them back as strings; anything else is 400 FIELD_017', async () => {
    const task = await newTask();
    await set(task, 'Deadline', 1_790_000_000_000);
    expect((await valueOf(task, 'Deadline')).value).toBe('1790000000000');
    expect(await set(task, 'Deadline', '2026-12-01')).toMatchObject({
      status: 400,
      json: { err: 'Value is not a valid date', ECODE: 'FIELD_017' },
    });
  });

  it('checks numbers, checkboxes, ratings, urls and currency per type (FIELD_342)', async () => {
    const task = await newTask();
    await set(task, 'Story Points', '8');
    expect((await valueOf(task, 'Story Points')).value).toBe(8);
    expect(await set(task, 'Story Points', 'eight')).toMatchObject({
      status: 400,
      json: { ECODE: 'FIELD_342' },
    });
    await set(task, 'Approved', true);
    expect((await valueOf(task, 'Approved')).value).toBe('true');
    expect((await set(task, 'Confidence', 6)).status).toBe(400);
    await set(task, 'Confidence', 4);
    expect((await valueOf(task, 'Confidence')).value).toBe(4);
    const campaign = await newTask(CAMPAIGNS);
    await set(campaign, 'Budget', 99.5);
    expect((await valueOf(campaign, 'Budget')).value).toBe('99.5');
    expect((await set(campaign, 'Landing page', 'not a url')).status).toBe(400);
  });

  it('refuses a field outside the task location (FIELD_115); DELETE clears the value', async () => {
    const task = await newTask();
    expect(await set(task, 'Budget', 10)).toMatchObject({
      status: 400,
      json: { err: 'Custom field does not exist in the task location hierarchy', ECODE: 'FIELD_115' },
    });
    await set(task, 'Notes', 'hello');
    expect((await valueOf(task, 'Notes')).value).toBe('hello');
    expect((await call('DELETE', `/task/${task}/field/${field('Notes').id}`)).status).toBe(200);
    expect(await valueOf(task, 'Notes')).not.toHaveProperty('value');
  });

  it('writes custom fields on create (custom_fields[]) with the same checks', async () => {
    const created = await call<TaskJson>('POST', `/list/${SPRINT}/task`, {
      name: 'With fields',
      custom_fields: [
        { id: field('Story Points').id, value: 3 },
        { id: field('Priority Level').id, value: 0 },
      ],
    });
    expect(created.json.custom_fields.find((f) => f.name === 'Story Points')!.value).toBe(3);
    const bad = await call('POST', `/list/${SPRINT}/task`, {
      name: 'Bad',
      custom_fields: [{ id: field('Priority Level').id, value: 'High' }],
    });
    expect(bad).toMatchObject({ status: 400, json: { ECODE: 'FIELD_011' } });
  });

  it('answers FIELD_033 once the plan’s custom-field uses are spent', async () => {
    await using free = await createClickUpEmulator({ customFieldUseLimit: 1 });
    const freeCall = apiCaller(free);
    const task = free.state.tasks[0]!.id;
    const notes = free.state.fields.find((f) => f.name === 'Notes')!.id;
    expect((await freeCall('POST', `/task/${task}/field/${notes}`, { value: 'a' })).status).toBe(200);
    expect(await freeCall('POST', `/task/${task}/field/${notes}`, { value: 'b' })).toMatchObject({
      status: 400,
      json: { err: 'Custom field usages exceeded for your plan', ECODE: 'FIELD_033' },
    });
  });

  it('writes a users field with {add, rem} only', async () => {
    clickup.state.fields.push({
      id: 'c1c0a000-0000-4000-8000-00010000ffff',
      name: 'Reviewers',
      type: 'users',
      type_config: {},
      dateCreated: 0,
      hideFromGuests: false,
      required: false,
      location: { type: 'list', id: SPRINT },
    });
    const task = await newTask();
    expect((await set(task, 'Reviewers', [SEED_USERS.bob])).status).toBe(400);
    await set(task, 'Reviewers', { add: [SEED_USERS.bob, SEED_USERS.carol] });
    await set(task, 'Reviewers', { rem: [SEED_USERS.bob] });
    expect((await valueOf(task, 'Reviewers')).value).toEqual([
      expect.objectContaining({ id: SEED_USERS.carol, username: 'Carol Diaz' }),
    ]);
  });
});
