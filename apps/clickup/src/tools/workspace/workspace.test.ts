import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateFolderTool } from './create-folder.tool.ts';
import { CreateListTool } from './create-list.tool.ts';
import { CreateSpaceTool } from './create-space.tool.ts';
import { DeleteFolderTool } from './delete-folder.tool.ts';
import { DeleteListTool } from './delete-list.tool.ts';
import { DeleteSpaceTool } from './delete-space.tool.ts';
import { GetFolderTool } from './get-folder.tool.ts';
import { GetFoldersTool } from './get-folders.tool.ts';
import { GetHierarchyTool } from './get-hierarchy.tool.ts';
import { GetListTool } from './get-list.tool.ts';
import { GetListsTool } from './get-lists.tool.ts';
import { GetSpaceTool } from './get-space.tool.ts';
import { GetSpacesTool } from './get-spaces.tool.ts';
import { GetWorkspacesTool } from './get-workspaces.tool.ts';
import { UpdateFolderTool } from './update-folder.tool.ts';
import { UpdateListTool } from './update-list.tool.ts';
import { UpdateSpaceTool } from './update-space.tool.ts';
import { workspaceTools } from './index.ts';

describeAreaDefinitions('workspace', workspaceTools);

const DEV = '90151000001';
const SPRINT_WORK = '90152000001';
const SPRINT_1 = '901510000001';
const VALID_SPACES =
  'Valid spaces: 90151000001 (Development), 90151000002 (Marketing), 90151000003 (Operations)';

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const json = <T = Record<string, unknown>>(result: Result) => {
  expect(result.isError).toBeFalsy();
  return JSON.parse(last(result)) as T;
};

describe('workspace tools against the emulator', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
    tool.run(args, clickup.ctx()) as Promise<Result>;

  it('clickup_get_workspaces: the authorized workspace, marked current', async () => {
    const { items } = json<{ items: unknown[] }>(await run(new GetWorkspacesTool(), {}));
    expect(items).toEqual([{ id: '9015123456', name: 'Emulator Workspace', members: 5, current: true }]);
  });

  it('clickup_get_hierarchy: spaces → folders → lists, ids and names only', async () => {
    const { spaces } = json<{ spaces: { name: string; folders: unknown[]; lists: unknown[] }[] }>(
      await run(new GetHierarchyTool(), {}),
    );
    expect(spaces.map((s) => s.name)).toEqual(['Development', 'Marketing', 'Operations']);
    expect(spaces[0]).toEqual({
      id: DEV,
      name: 'Development',
      folders: [
        {
          id: SPRINT_WORK,
          name: 'Sprint work',
          lists: [
            { id: SPRINT_1, name: 'Sprint 1' },
            { id: '901510000002', name: 'Bugs' },
          ],
        },
      ],
      lists: [{ id: '901510000003', name: 'Roadmap' }],
    });
    const one = json<{ spaces: unknown[] }>(await run(new GetHierarchyTool(), { space_id: DEV }));
    expect(one.spaces).toHaveLength(1);
    // An unknown space is refused before any request, naming the valid ones.
    const missing = await run(new GetHierarchyTool(), { space_id: '123' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(`"123" is not a space. ${VALID_SPACES}. Nothing was sent.`);
  });

  it('clickup_get_spaces: compact and whole; a cursor of another request is refused', async () => {
    const all = json<{ items: unknown[]; total: number; nextCursor?: string }>(
      await run(new GetSpacesTool(), {}),
    );
    expect(all).toEqual({
      items: [
        { id: DEV, name: 'Development' },
        { id: '90151000002', name: 'Marketing' },
        { id: '90151000003', name: 'Operations' },
      ],
      total: 3,
    });
    expect(json<{ items: unknown[] }>(await run(new GetSpacesTool(), { archived: true })).items).toEqual([]);
    const replayed = await run(new GetSpacesTool(), { cursor: 'not-a-cursor' });
    expect(replayed.isError).toBe(true);
    expect(text(replayed)).toContain('nextCursor');
  });

  it('clickup_get_space: statuses and features; an unknown id says where to find one', async () => {
    const space = json(await run(new GetSpaceTool(), { space_id: DEV }));
    expect(space).toMatchObject({
      id: DEV,
      name: 'Development',
      statuses: [
        { status: 'to do', type: 'open' },
        { status: 'in progress', type: 'custom' },
        { status: 'complete', type: 'closed' },
      ],
    });
    expect(space['features']).toContain('time_tracking');
    const missing = await run(new GetSpaceTool(), { space_id: '999' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(`"999" is not a space. ${VALID_SPACES}.`);
    // A space's name is its id, announced.
    const byName = await run(new GetSpaceTool(), { space_id: 'development' });
    expect(byName.content[0]!.text).toBe(`converted: space_id "development" → ${DEV} (Development)`);
    expect(json(byName)).toMatchObject({ id: DEV });
  });

  it('clickup_create_space / update / delete: the space is made, renamed, then gone', async () => {
    const created = json<{ id: string; name: string; statuses: unknown[] }>(
      await run(new CreateSpaceTool(), { name: 'Research' }),
    );
    expect(created).toMatchObject({ name: 'Research', multipleAssignees: true });
    expect(created.statuses.length).toBeGreaterThan(0);
    const updated = json(
      await run(new UpdateSpaceTool(), { space_id: created.id, name: 'R&D', private: true }),
    );
    expect(updated).toMatchObject({ id: created.id, name: 'R&D', private: true });
    const nothing = await run(new UpdateSpaceTool(), { space_id: created.id });
    expect(nothing.isError).toBe(true);
    expect(text(nothing)).toContain('Nothing to change');
    expect(json(await run(new DeleteSpaceTool(), { space_id: created.id }))).toEqual({
      spaceId: created.id,
      deleted: true,
    });
    const again = await run(new DeleteSpaceTool(), { space_id: created.id });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain(`"${created.id}" is not a space.`);
  });

  it('clickup_get_folders / get_folder: folders carry their lists', async () => {
    const { items } = json<{ items: unknown[] }>(await run(new GetFoldersTool(), { space_id: DEV }));
    expect(items).toEqual([
      {
        id: SPRINT_WORK,
        name: 'Sprint work',
        lists: [
          { id: SPRINT_1, name: 'Sprint 1' },
          { id: '901510000002', name: 'Bugs' },
        ],
      },
    ]);
    const folder = json(await run(new GetFolderTool(), { folder_id: SPRINT_WORK }));
    expect(folder).toMatchObject({
      id: SPRINT_WORK,
      space: { id: DEV, name: 'Development' },
      lists: [{ id: SPRINT_1, name: 'Sprint 1', tasks: 7 }, { name: 'Bugs' }],
    });
    const missing = await run(new GetFoldersTool(), { space_id: '999' });
    expect(text(missing)).toContain(VALID_SPACES);
    const noFolder = await run(new GetFolderTool(), { folder_id: '999' });
    expect(noFolder.isError).toBe(true);
    expect(text(noFolder)).toContain(
      '"999" is not a folder. Valid folders: 90152000001 (Sprint work), 90152000009 (Sprints).',
    );
  });

  it('clickup_create_folder / update / delete', async () => {
    const created = json<{ id: string }>(
      await run(new CreateFolderTool(), { space_id: DEV, name: 'Sprint 2 work' }),
    );
    expect(created).toMatchObject({ name: 'Sprint 2 work', space: { id: DEV }, lists: [] });
    expect(
      json(await run(new UpdateFolderTool(), { folder_id: created.id, name: 'Sprint 2' })),
    ).toMatchObject({ id: created.id, name: 'Sprint 2' });
    expect(json(await run(new DeleteFolderTool(), { folder_id: created.id }))).toEqual({
      folderId: created.id,
      deleted: true,
    });
    const gone = await run(new UpdateFolderTool(), { folder_id: created.id, name: 'x' });
    expect(gone.isError).toBe(true);
    expect(text(gone)).toContain(`"${created.id}" is not a folder.`);
    const noSpace = await run(new CreateFolderTool(), { space_id: '999', name: 'x' });
    expect(text(noSpace)).toContain(VALID_SPACES);
  });

  it('clickup_get_lists: in a folder or folderless in a space, never both', async () => {
    const inFolder = json<{ items: unknown[] }>(await run(new GetListsTool(), { folder_id: SPRINT_WORK }));
    expect(inFolder.items).toEqual([
      { id: SPRINT_1, name: 'Sprint 1', tasks: 7 },
      { id: '901510000002', name: 'Bugs', tasks: 3 },
    ]);
    const folderless = json<{ items: unknown[] }>(await run(new GetListsTool(), { space_id: DEV }));
    expect(folderless.items).toEqual([{ id: '901510000003', name: 'Roadmap', tasks: 2 }]);
    const raw = json<{ items: unknown[] }>(
      await run(new GetListsTool(), { folder_id: SPRINT_WORK, fields: ['name', 'statuses.status'] }),
    );
    expect(raw.items[1]).toEqual({
      name: 'Bugs',
      statuses: [{ status: 'open' }, { status: 'triaged' }, { status: 'fixing' }, { status: 'closed' }],
    });
    for (const args of [{}, { folder_id: SPRINT_WORK, space_id: DEV }]) {
      const wrong = await run(new GetListsTool(), args);
      expect(wrong.isError).toBe(true);
      expect(text(wrong)).toContain('exactly one of folder_id');
    }
    const missing = await run(new GetListsTool(), { folder_id: '999' });
    expect(text(missing)).toContain('"999" is not a folder.');
  });

  it('clickup_get_list: the statuses in order, folder and space', async () => {
    const list = json(await run(new GetListTool(), { list_id: SPRINT_1 }));
    expect(list).toEqual({
      id: SPRINT_1,
      name: 'Sprint 1',
      tasks: 7,
      folder: { id: SPRINT_WORK, name: 'Sprint work' },
      space: { id: DEV, name: 'Development' },
      statuses: [
        { status: 'to do', type: 'open' },
        { status: 'in progress', type: 'custom' },
        { status: 'in review', type: 'custom' },
        { status: 'done', type: 'done' },
        { status: 'closed', type: 'closed' },
      ],
    });
    const roadmap = json(await run(new GetListTool(), { list_id: '901510000003' }));
    expect(roadmap).not.toHaveProperty('folder');
    const missing = await run(new GetListTool(), { list_id: '999' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain(
      '"999" is not a list. Valid lists: 901510000001 (Sprint 1), 901510000002 (Bugs),',
    );
  });

  it('clickup_create_list / update / delete, in a folder and folderless', async () => {
    const inFolder = json<{ id: string; statuses: unknown[] }>(
      await run(new CreateListTool(), {
        folder_id: SPRINT_WORK,
        name: 'Sprint 2',
        content: 'Next sprint',
      }),
    );
    expect(inFolder).toMatchObject({ name: 'Sprint 2', folder: { id: SPRINT_WORK }, content: 'Next sprint' });
    expect(inFolder.statuses).toEqual([
      { status: 'to do', type: 'open' },
      { status: 'in progress', type: 'custom' },
      { status: 'complete', type: 'closed' },
    ]);
    const folderless = json<{ id: string }>(
      await run(new CreateListTool(), { space_id: DEV, name: 'Ideas' }),
    );
    expect(folderless).not.toHaveProperty('folder');
    const both = await run(new CreateListTool(), { folder_id: SPRINT_WORK, space_id: DEV, name: 'x' });
    expect(text(both)).toContain('exactly one of folder_id');

    expect(
      json(await run(new UpdateListTool(), { list_id: inFolder.id, name: 'Sprint 2 (Feb)' })),
    ).toMatchObject({ id: inFolder.id, name: 'Sprint 2 (Feb)' });
    const nothing = await run(new UpdateListTool(), { list_id: inFolder.id });
    expect(text(nothing)).toContain('Nothing to change');

    for (const id of [inFolder.id, folderless.id]) {
      expect(json(await run(new DeleteListTool(), { list_id: id }))).toEqual({ listId: id, deleted: true });
    }
    const gone = await run(new DeleteListTool(), { list_id: inFolder.id });
    expect(gone.isError).toBe(true);
    expect(text(gone)).toContain(`"${inFolder.id}" is not a list.`);
  });
});
