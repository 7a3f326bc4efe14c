import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;

describe('POST /task/{id}/merge', () => {
  it('folds the sources into the target (tags, comments) and deletes them', async () => {
    const [target, source] = [idOf('DEV-2'), idOf('DEV-3')];
    const comments = clickup.state.comments.filter((c) => c.taskId === source).length;
    const merged = await call<TaskJson>('POST', `/task/${target}/merge`, { source_task_ids: [source] });
    expect(merged.status).toBe(200);
    expect(merged.json.tags.map((t) => t.name)).toEqual(['bug']);
    expect(clickup.state.comments.filter((c) => c.taskId === target).length).toBeGreaterThanOrEqual(comments);
    expect((await call('GET', `/task/${source}`)).status).toBe(404);
  });

  it('refuses before any change: no sources, itself, a custom id, an unknown id', async () => {
    const target = idOf('DEV-2');
    expect((await call('POST', `/task/${target}/merge`, {})).status).toBe(400);
    expect((await call('POST', `/task/${target}/merge`, { source_task_ids: [target] })).status).toBe(400);
    expect((await call('POST', `/task/${target}/merge`, { source_task_ids: ['DEV-3'] })).status).toBe(401);
    expect(
      (await call('POST', `/task/${target}/merge`, { source_task_ids: [idOf('DEV-3'), 'zz9'] })).status,
    ).toBe(401);
    expect(clickup.state.tasks.filter((t) => t.deleted)).toEqual([]);
  });
});
