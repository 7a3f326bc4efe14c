import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { AddDependencyTool } from './add-dependency.tool.ts';
import { AddTaskLinkTool } from './add-task-link.tool.ts';
import { relationTools } from './index.ts';
import { RemoveDependencyTool } from './remove-dependency.tool.ts';
import { RemoveTaskLinkTool } from './remove-task-link.tool.ts';

describeAreaDefinitions('relations', relationTools);

let clickup: EmulatedClickUp;
beforeAll(async () => {
  clickup = await emulatedClickUp();
});
afterAll(() => clickup.close());

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
  tool.run(args, clickup.ctx()) as Promise<Result>;
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T = Record<string, unknown>>(result: Result) => JSON.parse(last(result)) as T;
const id = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!.id;
const dependencies = () => clickup.emulator.state.dependencies;
const links = () => clickup.emulator.state.links;

describe('dependencies', () => {
  it('adds waiting_on and blocking by custom ids, and removes them again', async () => {
    const waiting = json(
      await run(new AddDependencyTool(), { task_id: 'DEV-4', type: 'waiting_on', other_task_id: 'DEV-2' }),
    );
    expect(waiting).toEqual({ taskId: id('DEV-4'), waitingOn: id('DEV-2') });
    expect(dependencies()).toContainEqual(
      expect.objectContaining({ taskId: id('DEV-4'), dependsOn: id('DEV-2') }),
    );
    const blocking = json(
      await run(new AddDependencyTool(), {
        task_id: `CU-${id('DEV-4')}`,
        type: 'blocking',
        other_task_id: `https://app.clickup.com/t/${id('DEV-5')}`,
      }),
    );
    expect(blocking).toEqual({ taskId: id('DEV-4'), blocking: id('DEV-5') });
    expect(dependencies()).toContainEqual(
      expect.objectContaining({ taskId: id('DEV-5'), dependsOn: id('DEV-4') }),
    );

    await run(new RemoveDependencyTool(), { task_id: 'DEV-4', type: 'waiting_on', other_task_id: 'DEV-2' });
    await run(new RemoveDependencyTool(), { task_id: 'DEV-4', type: 'blocking', other_task_id: 'DEV-5' });
    expect(clickup.emulator.requests.at(-1)!.query).toEqual({ dependency_of: id('DEV-5') });
    expect(dependencies().filter((d) => d.taskId === id('DEV-4') || d.dependsOn === id('DEV-4'))).toEqual([]);
  });

  it('refuses a task depending on itself and explains an unknown other task', async () => {
    const self = await run(new AddDependencyTool(), {
      task_id: 'DEV-1',
      type: 'waiting_on',
      other_task_id: id('DEV-1'),
    });
    expect(self.isError).toBe(true);
    expect(text(self)).toContain('other_task_id: is task_id itself');
    const unknown = await run(new AddDependencyTool(), {
      task_id: 'DEV-1',
      type: 'blocking',
      other_task_id: 'zzzzzzzzz',
    });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain(
      'check task_id and other_task_id with clickup_get_task. Nothing was changed.',
    );
    const badType = await run(new AddDependencyTool(), {
      task_id: 'DEV-1',
      type: 'blocks',
      other_task_id: 'DEV-2',
    });
    expect(text(badType)).toContain('waiting_on');
  });
});

describe('task links', () => {
  it('links two tasks by custom id and unlinks them from the other side', async () => {
    expect(json(await run(new AddTaskLinkTool(), { task_id: 'DEV-2', other_task_id: 'DEV-4' }))).toEqual({
      taskId: id('DEV-2'),
      linkedTo: id('DEV-4'),
    });
    expect(links()).toContainEqual(expect.objectContaining({ taskId: id('DEV-2'), linksTo: id('DEV-4') }));
    expect(json(await run(new RemoveTaskLinkTool(), { task_id: 'DEV-4', other_task_id: 'DEV-2' }))).toEqual({
      taskId: id('DEV-4'),
      unlinkedFrom: id('DEV-2'),
    });
    expect(links().filter((l) => l.taskId === id('DEV-2') && l.linksTo === id('DEV-4'))).toEqual([]);
  });

  it('explains a custom id that names no task', async () => {
    const result = await run(new AddTaskLinkTool(), { task_id: 'DEV-2', other_task_id: 'DEV-9999' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('One of the two tasks does not exist');
  });
});
