/**
 * Templates on the emulator as the API answers them: task templates with `page` required; a task
 * from a template; a list from a list template in a folder or a Space with its tasks; the
 * documented 400 of a list template (`error`, OAUTH_117) for no name and a name taken; 404 for an
 * unknown template; `state.templates` replacing the defaults until `reset()`.
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

describe('templates', () => {
  it('lists task templates a page at a time; page is required', async () => {
    const first = await call<{ templates: { id: string; name: string }[] }>(
      'GET',
      `/team/${TEAM}/taskTemplate?page=0`,
    );
    expect(first.json.templates.map((t) => t.name)).toEqual(['Bug report', 'Release checklist']);
    expect((await call('GET', `/team/${TEAM}/taskTemplate?page=1`)).json).toEqual({ templates: [] });
    expect((await call('GET', `/team/${TEAM}/taskTemplate`)).status).toBe(400);
  });

  it('creates a task from a task template; a list template or an unknown id is 404', async () => {
    const made = await call<{ id: string; task: { name: string; tags: { name: string }[] } }>(
      'POST',
      '/list/901510000001/taskTemplate/t-86a0bug01',
      { name: 'Crash' },
    );
    expect(made.json.task).toMatchObject({ name: 'Crash', tags: [{ name: 'bug' }] });
    expect(made.json.id).toBe(clickup.state.tasks.at(-1)!.id);
    expect((await call('POST', '/list/901510000001/taskTemplate/t-90150sprint', { name: 'X' })).status).toBe(
      404,
    );
    expect((await call('POST', '/list/901510000001/taskTemplate/t-86a0bug01', {})).status).toBe(400);
  });

  it('creates a list from a list template with its tasks; no name or a taken one is the documented 400', async () => {
    const made = await call<{ id: string; list: { name: string; space: { id: string } } }>(
      'POST',
      '/space/90151000002/list_template/t-90150sprint',
      { name: 'Launch', options: { return_immediately: false } },
    );
    expect(made.json.list).toMatchObject({ name: 'Launch', space: { id: '90151000002' } });
    expect(clickup.state.tasks.filter((t) => t.listId === made.json.id)).toHaveLength(3);
    const noName = await call('POST', '/folder/90152000001/list_template/t-90150sprint', {});
    expect(noName).toMatchObject({ status: 400, json: { error: 'Name is required', ECODE: 'OAUTH_117' } });
    const taken = await call('POST', '/folder/90152000001/list_template/t-90150sprint', { name: 'Bugs' });
    expect(taken).toMatchObject({ status: 400, json: { ECODE: 'OAUTH_117' } });
    expect((await call('POST', '/folder/90152000001/list_template/t-nope', { name: 'Y' })).status).toBe(404);
  });

  it('serves state.templates instead of the defaults until reset()', async () => {
    clickup.state.templates = [{ id: 't-1', name: 'Only', kind: 'task', content: '', tasks: [] }];
    const only = await call<{ templates: unknown[] }>('GET', `/team/${TEAM}/taskTemplate?page=0`);
    expect(only.json.templates).toEqual([{ id: 't-1', name: 'Only' }]);
    clickup.reset();
    const back = await call<{ templates: unknown[] }>('GET', `/team/${TEAM}/taskTemplate?page=0`);
    expect(back.json.templates).toHaveLength(2);
  });
});
