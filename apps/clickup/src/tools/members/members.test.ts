import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { FindMemberTool } from './find-member.tool.ts';
import { GetListMembersTool } from './get-list-members.tool.ts';
import { GetTaskMembersTool } from './get-task-members.tool.ts';
import { GetWorkspaceMembersTool } from './get-workspace-members.tool.ts';
import { memberTools } from './index.ts';

describeAreaDefinitions('members', memberTools);

type Result = { isError?: boolean; content: { type: string; text?: string }[] };
/** Every block of the answer (the `converted:` / `assumed:` line first, when there is one). */
const text = (result: Result) => result.content.map((c) => c.text ?? '').join('\n');
/** The data: the answer's last block. */
const last = (result: Result) => result.content.at(-1)?.text ?? '';
const items = (result: Result) => {
  expect(result.isError).toBeFalsy();
  return (JSON.parse(last(result)) as { items: { id: number; name?: string; role?: string }[] }).items;
};

const ALICE = { id: 81000001, name: 'Alice Martin', email: 'alice@example.com', role: 'owner' };

describe('members tools against the emulator', () => {
  let clickup: EmulatedClickUp;
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(() => clickup.close());

  const run = (tool: AnyTool<ClickUpDeps>, args: Record<string, unknown>) =>
    tool.run(args, clickup.ctx()) as Promise<Result>;

  it('clickup_get_workspace_members: everyone, compact, or one role', async () => {
    const everyone = items(await run(new GetWorkspaceMembersTool(), {}));
    expect(everyone).toHaveLength(5);
    expect(everyone[0]).toEqual(ALICE);
    expect(items(await run(new GetWorkspaceMembersTool(), { role: 'guest' }))).toEqual([
      { id: 81000005, name: 'Erin Guest', email: 'erin@partner.example', role: 'guest' },
    ]);
  });

  it('clickup_find_member: by "me", email, part of a name; did-you-mean on a near miss', async () => {
    expect(items(await run(new FindMemberTool(), { query: 'me' }))).toEqual([ALICE]);
    expect(items(await run(new FindMemberTool(), { query: 'BOB@example.com' })).map((m) => m.name)).toEqual([
      'Bob Chen',
    ]);
    expect(items(await run(new FindMemberTool(), { query: 'diaz' })).map((m) => m.name)).toEqual([
      'Carol Diaz',
    ]);
    expect(items(await run(new FindMemberTool(), { query: 'example.com' }))).toHaveLength(4);
    const miss = await run(new FindMemberTool(), { query: 'Carl Diaz' });
    expect(miss.isError).toBe(true);
    expect(text(miss)).toContain('No workspace member matches "Carl Diaz"');
    expect(text(miss)).toContain('clickup_get_workspace_members');
    expect(text(miss)).toContain('Did you mean: Carol Diaz');
  });

  it('clickup_get_list_members: who sees the list; an unknown list says where to look', async () => {
    const members = items(await run(new GetListMembersTool(), { list_id: '901510000001' }));
    expect(members.map((m) => m.name)).toEqual(['Alice Martin', 'Bob Chen', 'Carol Diaz', 'Dave Okafor']);
    expect(members[0]).toEqual({ id: ALICE.id, name: ALICE.name, email: ALICE.email });
    const missing = await run(new GetListMembersTool(), { list_id: '999' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('"999" is not a list. Valid lists: 901510000001 (Sprint 1),');
  });

  it('clickup_get_task_members: by custom id too; an unknown task says how to find it', async () => {
    const members = items(await run(new GetTaskMembersTool(), { task_id: 'DEV-1' }));
    expect(members.map((m) => m.name)).toContain('Bob Chen');
    const missing = await run(new GetTaskMembersTool(), { task_id: 'zzzzzzzzz' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('clickup_search_tasks');
  });
});
