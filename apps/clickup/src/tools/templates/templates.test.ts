/**
 * Templates through the MCP SDK's client, against the emulator: the workspace's task templates
 * listed; a task made from one named by its name (converted to its id, announced) with what the
 * template holds; a list made from a list template in a folder and folderless in a space, with its
 * tasks; an unknown template, a name the folder already has and two parents refused before anything
 * is sent; an unknown list template answered with where its id comes from.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import type { TaskView } from '../../api/dto/task-view.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { templateTools } from './index.ts';

describeAreaDefinitions('templates', templateTools);

const SPRINT_1 = '901510000001';
const FOLDER = '90152000001';
const MARKETING = '90151000002';
const BUG_TEMPLATE = 't-86a0bug01';
const SPRINT_TEMPLATE = 't-90150sprint';

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'templates'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('task templates', () => {
  it('lists the task templates', async () => {
    expect((await clickup.call('clickup_get_task_templates')).json).toEqual({
      items: [
        { id: BUG_TEMPLATE, name: 'Bug report' },
        { id: 't-86a0rel02', name: 'Release checklist' },
      ],
    });
    expect(clickup.emulator.requests.at(-1)!.query).toMatchObject({ page: '0' });
  });

  it('creates a task from a template named by its name, with what the template holds', async () => {
    const created = await clickup.call('clickup_create_task_from_template', {
      list_id: SPRINT_1,
      template_id: 'bug REPORT',
      name: 'Login fails on Safari',
    });
    expect(created.isError).toBe(false);
    expect(created.text).toContain(`template_id "bug REPORT" → ${BUG_TEMPLATE}`);
    const task = created.json as TaskView;
    expect(task).toMatchObject({ name: 'Login fails on Safari', priority: 'high', tags: ['bug'] });
    expect(writesSince(0).at(-1)).toMatchObject({
      path: `/api/v2/list/${SPRINT_1}/taskTemplate/${BUG_TEMPLATE}`,
      body: { name: 'Login fails on Safari' },
    });
    const checklist = clickup.emulator.state.checklists.find((c) => c.taskId === task.id)!;
    expect(checklist.items.map((i) => i.name)).toEqual(['Reproduce', 'Find the cause', 'Fix and test']);
  });

  it('refuses a template the workspace lacks, naming its templates, before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const refused = await clickup.call('clickup_create_task_from_template', {
      list_id: SPRINT_1,
      template_id: 'Onboarding',
      name: 'X',
    });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      '"Onboarding" is not a task template of the workspace. Its templates: t-86a0bug01 (Bug report), t-86a0rel02 (Release checklist). Nothing was sent.',
    );
    expect(writesSince(mark)).toEqual([]);
  });
});

describe('clickup_create_list_from_template', () => {
  it('creates a list with the template’s tasks in a folder, and folderless in a space', async () => {
    const mark = clickup.emulator.requests.length;
    const made = await clickup.call('clickup_create_list_from_template', {
      template_id: SPRINT_TEMPLATE,
      name: 'Sprint 2',
      folder_id: FOLDER,
    });
    expect(made.isError).toBe(false);
    const list = made.json as { id: string; name: string; folder: { id: string }; content: string };
    expect(list).toMatchObject({ name: 'Sprint 2', folder: { id: FOLDER }, content: 'A two-week sprint.' });
    expect(writesSince(mark)[0]!.body).toEqual({ name: 'Sprint 2', options: { return_immediately: false } });
    const tasks = clickup.emulator.state.tasks.filter((t) => t.listId === list.id).map((t) => t.name);
    expect(tasks).toEqual(['Sprint planning', 'Sprint review', 'Retrospective']);
    const folderless = await clickup.call('clickup_create_list_from_template', {
      template_id: SPRINT_TEMPLATE,
      name: 'Launch sprint',
      space_id: MARKETING,
    });
    expect(folderless.json).toMatchObject({ name: 'Launch sprint', space: { id: MARKETING } });
    expect(folderless.json).not.toHaveProperty('folder');
  });

  it('refuses a name the folder has and two parents before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const taken = await clickup.call('clickup_create_list_from_template', {
      template_id: SPRINT_TEMPLATE,
      name: 'sprint 1',
      folder_id: FOLDER,
    });
    expect(taken.text).toContain(`list ${SPRINT_1} there is already named "Sprint 1": give another name.`);
    const two = await clickup.call('clickup_create_list_from_template', {
      template_id: SPRINT_TEMPLATE,
      name: 'X',
      folder_id: FOLDER,
      space_id: MARKETING,
    });
    expect(two.text).toContain('Pass exactly one of folder_id');
    expect(writesSince(mark)).toEqual([]);
  });

  it('answers a template that does not exist with where list template ids come from', async () => {
    const missing = await clickup.call('clickup_create_list_from_template', {
      template_id: 't-nope',
      name: 'Sprint 9',
      folder_id: FOLDER,
    });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(
      'the API lists no list templates; copy its id ("t-…") from ClickUp\'s template center.',
    );
    expect(clickup.emulator.state.lists.some((l) => l.name === 'Sprint 9')).toBe(false);
  });
});
