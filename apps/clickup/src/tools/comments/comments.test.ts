import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyTool } from '@toolsmith/core';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { emulatedClickUp, type EmulatedClickUp } from '../../__fixtures__/emulated-clickup.ts';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateCommentReplyTool } from './create-comment-reply.tool.ts';
import { CreateCommentTool } from './create-comment.tool.ts';
import { DeleteCommentTool } from './delete-comment.tool.ts';
import { GetCommentRepliesTool } from './get-comment-replies.tool.ts';
import { GetCommentsTool } from './get-comments.tool.ts';
import { commentTools } from './index.ts';
import { UpdateCommentTool } from './update-comment.tool.ts';

describeAreaDefinitions('comments', commentTools);

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
type Page = { items: { id: string; text: string; by: string; replies?: number }[]; nextCursor?: string };
const taskId = (customId: string) => clickup.emulator.state.tasks.find((t) => t.customId === customId)!.id;

describe('clickup_get_comments', () => {
  it('pages newest first through ClickUp start/start_id behind an opaque cursor', async () => {
    const first = json<Page>(await run(new GetCommentsTool(), { task_id: 'DEV-1' }));
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ text: 'Progress note 30', by: 'Bob Chen' });
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = json<Page>(
      await run(new GetCommentsTool(), { task_id: 'DEV-1', cursor: first.nextCursor }),
    );
    expect(second.items.map((c) => c.text)).toEqual([5, 4, 3, 2, 1].map((n) => `Progress note ${n}`));
    expect(second.nextCursor).toBeUndefined();
    const request = clickup.emulator.requests.at(-1)!;
    expect(request.query).toMatchObject({ start: expect.any(String), start_id: first.items[24]!.id });
  });

  it('counts replies, and refuses a cursor of another task', async () => {
    const page = json<Page>(await run(new GetCommentsTool(), { task_id: 'DEV-3' }));
    expect(page.items).toEqual([
      expect.objectContaining({ text: 'Which browsers are affected?', replies: 2 }),
    ]);
    const first = json<Page>(await run(new GetCommentsTool(), { task_id: 'DEV-1' }));
    const foreign = await run(new GetCommentsTool(), { task_id: 'DEV-3', cursor: first.nextCursor });
    expect(foreign.isError).toBe(true);
    expect(text(foreign)).toContain('belongs to a request with different parameters');
  });

  it('wants exactly one of task_id and list_id', async () => {
    const neither = await run(new GetCommentsTool(), {});
    expect(neither.isError).toBe(true);
    expect(text(neither)).toContain('Give exactly one: task_id');
    const both = await run(new GetCommentsTool(), { task_id: 'DEV-1', list_id: '901510000001' });
    expect(text(both)).toContain('Give exactly one');
  });
});

describe('clickup_create_comment', () => {
  it('comments on a task by custom id, with notify_all and an assignee', async () => {
    const created = json<{ id: string; at: string }>(
      await run(new CreateCommentTool(), { task_id: 'DEV-2', text: 'Looks good.', assignee: 81000002 }),
    );
    expect(created).toEqual({ id: expect.stringMatching(/^\d+$/), at: expect.any(String) });
    const post = clickup.emulator.requests.at(-1)!;
    expect(post.query).toMatchObject({ custom_task_ids: 'true', team_id: clickup.emulator.teamId });
    expect(post.body).toEqual({ comment_text: 'Looks good.', notify_all: false, assignee: 81000002 });
    const page = json<Page>(await run(new GetCommentsTool(), { task_id: taskId('DEV-2') }));
    expect(page.items[0]).toMatchObject({ id: created.id, text: 'Looks good.', assignee: 'Bob Chen' });
  });

  it('comments on a list', async () => {
    const created = json<{ id: string }>(
      await run(new CreateCommentTool(), { list_id: '901510000002', text: 'Triage on Monday.' }),
    );
    const page = json<Page>(await run(new GetCommentsTool(), { list_id: '901510000002' }));
    expect(page.items).toEqual([expect.objectContaining({ id: created.id, text: 'Triage on Monday.' })]);
  });

  it('explains a task reference it cannot read', async () => {
    const result = await run(new CreateCommentTool(), { task_id: 'no such task', text: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('is not a task reference');
  });
});

describe('comment threads', () => {
  const question = () =>
    clickup.emulator.state.comments.find((c) => c.text === 'Which browsers are affected?')!;

  it('reads replies oldest first and adds one', async () => {
    const replies = json<Page>(await run(new GetCommentRepliesTool(), { comment_id: question().id }));
    expect(replies.items.map((r) => r.text)).toEqual(['Safari and Firefox.', 'Chrome too, on iOS.']);
    const created = json<{ id: string }>(
      await run(new CreateCommentReplyTool(), { comment_id: Number(question().id), text: 'Fixed in 1.0.1.' }),
    );
    const after = json<Page>(await run(new GetCommentRepliesTool(), { comment_id: question().id }));
    expect(after.items.at(-1)).toMatchObject({ id: created.id, text: 'Fixed in 1.0.1.' });
  });

  it('says how to find a comment id when the comment does not exist', async () => {
    const result = await run(new CreateCommentReplyTool(), { comment_id: '1', text: 'x' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Find the comment id with clickup_get_comments');
    const replies = await run(new GetCommentRepliesTool(), { comment_id: 'abc' });
    expect(text(replies)).toContain('comment ids are numbers');
  });
});

describe('clickup_update_comment and clickup_delete_comment', () => {
  it('edits, resolves and deletes a comment', async () => {
    const { id } = json<{ id: string }>(
      await run(new CreateCommentTool(), { task_id: 'DEV-4', text: 'Draft' }),
    );
    expect(
      json(await run(new UpdateCommentTool(), { comment_id: id, text: 'Final', resolved: true })),
    ).toEqual({ updated: id });
    expect(clickup.emulator.state.comments.find((c) => c.id === id)).toMatchObject({
      text: 'Final',
      resolved: true,
    });
    expect(json(await run(new DeleteCommentTool(), { comment_id: id }))).toEqual({ deleted: id });
    const again = await run(new DeleteCommentTool(), { comment_id: id });
    expect(again.isError).toBe(true);
    expect(text(again)).toContain('Find the comment id with clickup_get_comments');
  });

  it('refuses an update that changes nothing', async () => {
    const result = await run(new UpdateCommentTool(), { comment_id: '90150000001' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Give text, assignee or resolved');
  });
});
