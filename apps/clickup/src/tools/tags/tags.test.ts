import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { AddTagToTaskTool } from './add-tag-to-task.tool.ts';
import { CreateSpaceTagTool } from './create-space-tag.tool.ts';
import { GetSpaceTagsTool } from './get-space-tags.tool.ts';
import { tagTools } from './index.ts';
import { RemoveTagFromTaskTool } from './remove-tag-from-task.tool.ts';

describeAreaDefinitions('tags', tagTools);

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
const tagsOf = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!.tags;
const DEV_SPACE = '90151000001';

describe('Space tags', () => {
  it('lists a Space tags and creates one', async () => {
    const before = json<{ items: { name: string; fg?: string; bg?: string }[] }>(
      await run(new GetSpaceTagsTool(), { space_id: DEV_SPACE }),
    );
    expect(before.items[0]).toEqual({ name: 'bug', fg: '#ffffff', bg: '#e50000' });
    expect(
      json(await run(new CreateSpaceTagTool(), { space_id: DEV_SPACE, name: 'perf', bg: '#00ff00' })),
    ).toEqual({ created: 'perf', spaceId: DEV_SPACE });
    const after = json<{ items: { name: string }[] }>(
      await run(new GetSpaceTagsTool(), { space_id: DEV_SPACE }),
    );
    expect(after.items.map((t) => t.name)).toEqual(['bug', 'feature', 'tech-debt', 'perf']);
  });

  it('explains an unknown Space and a malformed colour', async () => {
    const missing = await run(new GetSpaceTagsTool(), { space_id: '1' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('"1" is not a space.');
    const colour = await run(new CreateSpaceTagTool(), { space_id: DEV_SPACE, name: 'x', fg: 'red' });
    expect(text(colour)).toContain('a colour is hex');
  });
});

describe('tags on tasks', () => {
  it('adds a Space tag to a task by custom id and removes it again', async () => {
    expect(json(await run(new AddTagToTaskTool(), { task_id: 'DEV-2', tag: 'tech-debt' }))).toEqual({
      taskId: 'DEV-2',
      added: 'tech-debt',
    });
    expect(tagsOf('DEV-2')).toEqual(['tech-debt']);
    expect(json(await run(new RemoveTagFromTaskTool(), { task_id: 'DEV-2', tag: 'Tech-Debt' }))).toEqual({
      taskId: 'DEV-2',
      removed: 'tech-debt',
    });
    expect(tagsOf('DEV-2')).toEqual([]);
  });

  it("refuses a tag the Space lacks, naming the Space's tags and the closest one", async () => {
    const result = await run(new AddTagToTaskTool(), { task_id: 'DEV-2', tag: 'bugg' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      '"bugg" is not a tag of space "Development" (of task DEV-2). Did you mean bug? Valid tags: bug, feature, tech-debt, perf. Nothing was sent.',
    );
    expect(tagsOf('DEV-2')).toEqual([]);
  });

  it('refuses to remove a tag the task does not carry, without calling DELETE', async () => {
    const before = clickup.emulator.requests.length;
    const result = await run(new RemoveTagFromTaskTool(), { task_id: 'DEV-1', tag: 'featur' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(
      '"featur" is not a tag of task DEV-1. Did you mean feature? Valid tags: feature. Nothing was sent.',
    );
    expect(clickup.emulator.requests.slice(before).map((r) => r.method)).toEqual(['GET']);
  });
});
