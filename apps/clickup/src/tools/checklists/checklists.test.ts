import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ChecklistView } from '../../api/dto/checklist-view.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateChecklistItemTool } from './create-checklist-item.tool.ts';
import { CreateChecklistTool } from './create-checklist.tool.ts';
import { DeleteChecklistItemTool } from './delete-checklist-item.tool.ts';
import { DeleteChecklistTool } from './delete-checklist.tool.ts';
import { checklistTools } from './index.ts';
import { UpdateChecklistItemTool } from './update-checklist-item.tool.ts';
import { UpdateChecklistTool } from './update-checklist.tool.ts';

describeAreaDefinitions('checklists', checklistTools);

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
const stored = (id: string) => clickup.emulator.state.checklists.find((c) => c.id === id);

describe('checklists', () => {
  it('creates a checklist on a task by custom id, renames it, moves it and deletes it', async () => {
    const created = json<ChecklistView>(
      await run(new CreateChecklistTool(), { task_id: 'DEV-2', name: 'Release steps' }),
    );
    expect(created).toMatchObject({ name: 'Release steps', items: [] });
    expect(
      json(await run(new UpdateChecklistTool(), { checklist_id: created.id, name: 'Ship it', position: 0 })),
    ).toEqual({ updated: created.id });
    expect(stored(created.id)).toMatchObject({ name: 'Ship it', orderindex: 0 });
    expect(json(await run(new DeleteChecklistTool(), { checklist_id: created.id }))).toEqual({
      deleted: created.id,
    });
    expect(stored(created.id)).toBeUndefined();
  });

  it('says where checklist ids come from when one is unknown or malformed', async () => {
    const missing = await run(new DeleteChecklistTool(), {
      checklist_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('clickup_get_task include ["checklists"]');
    const malformed = await run(new UpdateChecklistTool(), { checklist_id: 'Definition of done', name: 'x' });
    expect(malformed.isError).toBe(true);
    expect(text(malformed)).toContain(
      '"Definition of done" is not a checklist id (a UUID), nor the name of one this server has read.',
    );
    const nothing = await run(new UpdateChecklistTool(), {
      checklist_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(text(nothing)).toContain('Give name or position');
  });
});

describe('checklist items', () => {
  it('adds items, resolves, renames, assigns and nests one, then deletes it', async () => {
    const list = json<ChecklistView>(
      await run(new CreateChecklistTool(), { task_id: 'DEV-3', name: 'Verify' }),
    );
    await run(new CreateChecklistItemTool(), { checklist_id: list.id, name: 'Browsers' });
    const withTwo = json<ChecklistView>(
      await run(new CreateChecklistItemTool(), { checklist_id: list.id, name: 'Safari', assignee: 81000004 }),
    );
    const [browsers, safari] = withTwo.items;
    expect(safari).toMatchObject({ name: 'Safari', done: false, assignee: 'Dave Okafor' });
    const updated = json<ChecklistView>(
      await run(new UpdateChecklistItemTool(), {
        checklist_id: list.id,
        item_id: safari!.id,
        resolved: true,
        name: 'Safari 17',
        assignee: null,
        parent: browsers!.id,
      }),
    );
    expect(updated.items[1]).toEqual({ id: safari!.id, name: 'Safari 17', done: true, parent: browsers!.id });
    const unnested = json<ChecklistView>(
      await run(new UpdateChecklistItemTool(), { checklist_id: list.id, item_id: safari!.id, parent: null }),
    );
    expect(unnested.items[1]).not.toHaveProperty('parent');
    expect(
      json(await run(new DeleteChecklistItemTool(), { checklist_id: list.id, item_id: safari!.id })),
    ).toEqual({ deleted: safari!.id });
    expect(stored(list.id)!.items.map((i) => i.name)).toEqual(['Browsers']);
  });

  it('refuses nesting an item under itself and explains an unknown item', async () => {
    const seeded = clickup.emulator.state.checklists[0]!;
    const item = seeded.items[0]!.id;
    const self = await run(new UpdateChecklistItemTool(), {
      checklist_id: seeded.id,
      item_id: item,
      parent: item,
    });
    expect(self.isError).toBe(true);
    expect(text(self)).toContain('parent: is the item itself');
    const unknown = await run(new UpdateChecklistItemTool(), {
      checklist_id: seeded.id,
      item_id: '00000000-0000-4000-8000-000000000000',
      resolved: true,
    });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toContain('clickup_get_task include ["checklists"]');
  });
});
