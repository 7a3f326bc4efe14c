import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_USERS } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());

interface CommentJson {
  id: string;
  comment_text: string;
  date: string;
  reply_count: number;
  user: { id: number };
  resolved: boolean;
}
type Comments = { comments: CommentJson[] };
const idOf = (customId: string) => clickup.state.tasks.find((t) => t.customId === customId)!.id;

describe('comments', () => {
  it('pages newest first, 25 a page, continuing with start (date) and start_id of the last one', async () => {
    const task = idOf('DEV-1');
    const first = await call<Comments>('GET', `/task/${task}/comment`);
    expect(first.json.comments).toHaveLength(25);
    expect(first.json.comments[0]!.comment_text).toBe('Progress note 30');
    expect(first.json.comments[0]!.date).toMatch(/^\d{13}$/);
    const last = first.json.comments.at(-1)!;
    const second = await call<Comments>(
      'GET',
      `/task/${task}/comment?start=${last.date}&start_id=${last.id}`,
    );
    expect(second.json.comments.map((c) => c.comment_text)).toEqual([
      'Progress note 5',
      'Progress note 4',
      'Progress note 3',
      'Progress note 2',
      'Progress note 1',
    ]);
    const end = second.json.comments.at(-1)!;
    expect(
      (await call<Comments>('GET', `/task/${task}/comment?start=${end.date}&start_id=${end.id}`)).json
        .comments,
    ).toEqual([]);
  });

  it('creates a comment (answering {id, hist_id, date}), updates, resolves and deletes it', async () => {
    const task = idOf('DEV-2');
    const created = await call('POST', `/task/${task}/comment`, {
      comment_text: 'First!',
      notify_all: false,
    });
    expect(created.status).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(Number),
      hist_id: expect.any(String),
      date: expect.any(Number),
    });
    const id = String(created.json['id']);
    await call('PUT', `/comment/${id}`, { comment_text: 'Edited', resolved: true });
    const listed = await call<Comments>('GET', `/task/${task}/comment`);
    expect(listed.json.comments[0]).toMatchObject({
      id,
      comment_text: 'Edited',
      resolved: true,
      user: { id: SEED_USERS.alice },
    });
    expect((await call('DELETE', `/comment/${id}`)).status).toBe(200);
    expect((await call<Comments>('GET', `/task/${task}/comment`)).json.comments).toEqual([]);
  });

  it('threads replies under a comment: reply_count on the parent, GET/POST /comment/{id}/reply', async () => {
    const task = idOf('DEV-3');
    const top = (await call<Comments>('GET', `/task/${task}/comment`)).json.comments;
    expect(top).toHaveLength(1);
    expect(top[0]).toMatchObject({ comment_text: 'Which browsers are affected?', reply_count: 2 });
    await call('POST', `/comment/${top[0]!.id}/reply`, { comment_text: 'Edge is fine.' });
    const replies = await call<Comments>('GET', `/comment/${top[0]!.id}/reply`);
    expect(replies.json.comments.map((c) => c.comment_text)).toEqual([
      'Safari and Firefox.',
      'Chrome too, on iOS.',
      'Edge is fine.',
    ]);
    expect((await call<Comments>('GET', `/task/${task}/comment`)).json.comments).toHaveLength(1);
  });

  it('takes rich comment[] parts and list comments', async () => {
    const list = '901510000004';
    await call('POST', `/list/${list}/comment`, {
      comment: [{ text: 'Hello ' }, { text: 'team', attributes: { bold: true } }],
    });
    const { json } = await call<Comments>('GET', `/list/${list}/comment`);
    expect(json.comments[0]!.comment_text).toBe('Hello team');
    expect((await call('POST', `/list/${list}/comment`, {})).status).toBe(400);
  });

  it('answers rich text back as sent, a mention with its user and "@name"; comment_text the plain text', async () => {
    const task = idOf('DEV-2');
    const bob = SEED_USERS.bob;
    const rich = [
      { type: 'tag', user: { id: bob } },
      { text: ' see ' },
      { text: 'docs', attributes: { link: 'https://example.com' } },
      { text: '\n', attributes: { list: { list: 'bullet' } } },
    ];
    const created = await call<{ id: number }>('POST', `/task/${task}/comment`, {
      comment: rich,
      notify_all: false,
    });
    const read = (await call<{ comments: Record<string, unknown>[] }>('GET', `/task/${task}/comment`)).json;
    const comment = read.comments.find((c) => Number(c['id']) === created.json.id)!;
    expect(comment['comment']).toEqual([
      { type: 'tag', text: '@Bob Chen', user: expect.objectContaining({ id: bob, username: 'Bob Chen' }) },
      ...rich.slice(1),
    ]);
    expect(comment['comment_text']).toBe('@Bob Chen see docs\n');
    // An edit to plain text drops the rich parts.
    await call('PUT', `/comment/${created.json.id}`, { comment_text: 'plain' });
    const edited = (await call<{ comments: Record<string, unknown>[] }>('GET', `/task/${task}/comment`)).json;
    expect(edited.comments.find((c) => Number(c['id']) === created.json.id)!['comment']).toEqual([
      { text: 'plain' },
    ]);
  });

  it('refuses a mention of someone outside the workspace and a part that is not one, writing nothing', async () => {
    const task = idOf('DEV-2');
    const before = clickup.state.comments.length;
    const stranger = await call<{ err: string }>('POST', `/task/${task}/comment`, {
      comment: [{ type: 'tag', user: { id: 42 } }],
    });
    expect([stranger.status, stranger.json.err]).toEqual([
      400,
      'Tagged user is not a member of this workspace',
    ]);
    expect((await call('POST', `/task/${task}/comment`, { comment: ['text'] })).status).toBe(400);
    expect((await call('POST', `/task/${task}/comment`, { comment: [{ text: 5 }] })).status).toBe(400);
    expect(clickup.state.comments).toHaveLength(before);
  });
});
