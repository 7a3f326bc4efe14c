import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { GetViewTasksTool } from './get-view-tasks.tool.ts';
import { GetViewsTool } from './get-views.tool.ts';
import { viewTools } from './index.ts';

describeAreaDefinitions('views', viewTools);

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T>(result: Result) => {
  expect(result.isError).toBeFalsy();
  return JSON.parse(last(result)) as T;
};

const SPRINT_1 = '901510000001';
const ARCHIVE_VIEW = '6-901510000005-1';

describe('views tools against the emulator', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
    tool.run(args, clickup.ctx()) as Promise<Result>;

  it('clickup_get_views: a list level, the workspace level, one level at a time', async () => {
    expect(json<{ items: unknown[] }>(await run(new GetViewsTool(), { list_id: SPRINT_1 })).items).toEqual([
      { id: `6-${SPRINT_1}-1`, name: 'List', type: 'list' },
      { id: `6-${SPRINT_1}-2`, name: 'Board', type: 'board' },
    ]);
    expect(json<{ items: unknown[] }>(await run(new GetViewsTool(), {})).items).toEqual([]);
    expect(
      json<{ items: unknown[] }>(await run(new GetViewsTool(), { space_id: '90151000001' })).items,
    ).toEqual([]);
    const two = await run(new GetViewsTool(), { list_id: SPRINT_1, space_id: '90151000001' });
    expect(two.isError).toBe(true);
    expect(text(two)).toContain('Pass one of space_id, folder_id or list_id');
    const missing = await run(new GetViewsTool(), { folder_id: '999' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(
      '"999" is not a folder. Valid folders: 90152000001 (Sprint work), 90152000009 (Sprints).',
    );
  });

  it('clickup_get_view_tasks: compact tasks, 100 a page, then the rest with the cursor', async () => {
    const first = json<{ items: { id: string; name: string; status: string }[]; nextCursor?: string }>(
      await run(new GetViewTasksTool(), { view_id: ARCHIVE_VIEW }),
    );
    expect(first.items).toHaveLength(100);
    expect(first.items[0]).toMatchObject({
      name: expect.stringMatching(/^Ticket \d{3}$/),
      status: expect.any(String),
    });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = json<{ items: unknown[]; nextCursor?: string }>(
      await run(new GetViewTasksTool(), { view_id: ARCHIVE_VIEW, cursor: first.nextCursor }),
    );
    expect(second.items).toHaveLength(20);
    expect(second.nextCursor).toBeUndefined();
    const raw = json<{ items: unknown[] }>(
      await run(new GetViewTasksTool(), { view_id: `6-${SPRINT_1}-2`, fields: ['name', 'status.status'] }),
    );
    expect(raw.items).toContainEqual({ name: 'Set up CI pipeline', status: { status: 'in progress' } });
  });

  it('clickup_get_view_tasks: an unknown view says where to find one', async () => {
    const missing = await run(new GetViewTasksTool(), { view_id: 'nope' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('"nope" is not a view. Valid views: 6-901510000001-1 (List),');
  });
});
