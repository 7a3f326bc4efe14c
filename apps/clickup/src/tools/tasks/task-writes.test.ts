/**
 * The guarded writes against the emulator: the pack's validators see the list (statuses), its
 * custom fields and the members, convert what they can and refuse the rest with the fix — and a
 * refused call sends nothing to the API.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import { SetCustomFieldValueTool } from '../custom-fields/set-custom-field-value.tool.ts';
import { CreateTaskTool } from './create-task.tool.ts';
import { DeleteTaskTool } from './delete-task.tool.ts';
import { DuplicateTaskTool } from './duplicate-task.tool.ts';
import { GetListTasksTool } from './get-list-tasks.tool.ts';
import { MoveTaskTool } from './move-task.tool.ts';
import { SearchTasksTool } from './search-tasks.tool.ts';
import { UpdateTaskTool } from './update-task.tool.ts';

// The first guarded call starts the knowledge sandbox (a host process): seconds on a busy machine.
jest.setTimeout(30_000);

const SPRINT = '901510000001';
const BUGS = '901510000002';

let clickup: EmulatedClickUp;
beforeAll(async () => {
  clickup = await emulatedClickUp();
});
afterAll(() => clickup.close());

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const text = (r: Result) => r.content.map((c) => c.text ?? '').join('\n');
const json = (r: Result) => JSON.parse(r.content.at(-1)!.text!) as Record<string, unknown>;
/** Requests that changed something (anything but GET). */
const writes = () => clickup.emulator.requests.filter((r) => r.method !== 'GET').length;

describe('clickup_create_task', () => {
  it('fixes a status case, resolves "me" and names, and says what it converted', async () => {
    const result = await new CreateTaskTool().run(
      {
        list_id: SPRINT,
        name: 'Guarded create',
        status: 'In Progress',
        assignees: ['me', 'bob@example.com'],
        priority: 'high',
      },
      clickup.ctx(),
    );
    expect(result.isError).toBeFalsy();
    expect((result as Result).content[0]!.text).toBe(
      'converted: status "In Progress" → in progress; priority "high" → 2 (high); assignees.0 "me" → 81000001 (Alice Martin); assignees.1 "bob@example.com" → 81000002 (Bob Chen)',
    );
    const task = json(result);
    expect(task).toMatchObject({ name: 'Guarded create', status: 'in progress', priority: 'high' });
    expect((task.assignees as { name: string }[]).map((a) => a.name).sort()).toEqual([
      'Alice Martin',
      'Bob Chen',
    ]);
  });

  it('refuses a status the list does not have, naming its statuses, and sends nothing', async () => {
    const before = writes();
    const result = await new CreateTaskTool().run(
      { list_id: BUGS, name: 'x', status: 'in review' },
      clickup.ctx(),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/open.*triaged.*fixing.*closed/s);
    expect(writes()).toBe(before);
  });

  it('sets drop-down custom fields by option name (FIELD_011 never reaches the agent)', async () => {
    const result = await new CreateTaskTool().run(
      { list_id: SPRINT, name: 'With fields', custom_fields: [{ id: 'Priority Level', value: 'Medium' }] },
      clickup.ctx(),
    );
    expect(result.isError).toBeFalsy();
    expect(text(result)).toMatch(/Priority Level|custom_fields/);
  });

  it('does not create twice when the answer is lost: finds the task it made', async () => {
    clickup.emulator.failAfterHandling({
      method: 'POST',
      path: `/list/${SPRINT}/task`,
      status: 502,
      times: 1,
    });
    const result = await new CreateTaskTool().run({ list_id: SPRINT, name: 'Lost answer' }, clickup.ctx());
    expect(result.isError).toBeFalsy();
    expect(json(result)).toMatchObject({ name: 'Lost answer', note: expect.stringMatching(/was created/) });
    const listed = json(await new GetListTasksTool().run({ list_id: SPRINT }, clickup.ctx()));
    expect((listed.items as { name: string }[]).filter((t) => t.name === 'Lost answer')).toHaveLength(1);
  });
});

describe('clickup_update_task', () => {
  it('refuses a flat assignees array (the API would ignore it) and shows the {add, rem} form', async () => {
    const before = writes();
    const result = await new UpdateTaskTool().run(
      { task_id: 'DEV-1', assignees: ['bob@example.com'] },
      clickup.ctx(),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/add/);
    expect(text(result)).toMatch(/rem/);
    expect(writes()).toBe(before);
  });

  it('applies {add} by email against the members, by custom id', async () => {
    const result = await new UpdateTaskTool().run(
      { task_id: 'DEV-1', assignees: { add: ['carol@example.com'] } },
      clickup.ctx(),
    );
    expect(result.isError).toBeFalsy();
    expect((json(result).assignees as { name: string }[]).map((a) => a.name)).toContain('Carol Diaz');
  });
});

describe('custom fields', () => {
  it('takes a field by name and a drop-down option by label', async () => {
    const result = await new SetCustomFieldValueTool().run(
      { task_id: 'DEV-1', field_id: 'Priority Level', value: 'Low' },
      clickup.ctx(),
    );
    expect(result.isError).toBeFalsy();
    expect(json(result)).toMatchObject({ field: { name: 'Priority Level', value: 'Low' } });
  });

  it('refuses a field name that is not on the list, with a did-you-mean, and sends nothing', async () => {
    const before = writes();
    const result = await new SetCustomFieldValueTool().run(
      { task_id: 'DEV-1', field_id: 'Priority Levle', value: 'Low' },
      clickup.ctx(),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/Priority Level/);
    expect(writes()).toBe(before);
  });
});

describe('search, move, duplicate, delete', () => {
  it('searches by status across the workspace and pages with nextCursor', async () => {
    const result = json(
      await new SearchTasksTool().run({ statuses: ['in progress'], list_ids: [SPRINT] }, clickup.ctx()),
    );
    expect((result.items as { status: string }[]).every((t) => t.status === 'in progress')).toBe(true);
  });

  it('refuses a custom-field filter naming no field of the lists (ClickUp would drop every filter)', async () => {
    const result = await new SearchTasksTool().run(
      { list_ids: [SPRINT], custom_fields: [{ field: 'Story Pints', operator: '>', value: 1 }] },
      clickup.ctx(),
    );
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /"Story Pints" is not a custom field of list "Sprint 1". Did you mean \S+ \(Story Points\)\?/,
    );
  });

  it('moves, duplicates and deletes a task', async () => {
    const created = json(await new CreateTaskTool().run({ list_id: SPRINT, name: 'Mover' }, clickup.ctx()));
    const moved = json(await new MoveTaskTool().run({ task_id: created.id, list_id: BUGS }, clickup.ctx()));
    expect(moved.list).toMatchObject({ id: BUGS });
    const copy = json(
      await new DuplicateTaskTool().run({ task_id: created.id, name: 'Mover copy' }, clickup.ctx()),
    );
    expect(copy).toMatchObject({ name: 'Mover copy', copiedFrom: created.id });
    expect((await new DeleteTaskTool().run({ task_id: created.id }, clickup.ctx())).isError).toBeFalsy();
  });
});
