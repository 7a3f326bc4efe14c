/** The v3 chat routes: channels, messages and threads paged by cursor, posts, reactions, v3 errors, reset. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller } from '../__fixtures__/call-api.ts';
import { CHAT_SEED } from '../chat-state.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { createSeedState, SEED_TEAM_ID, SEED_USERS } from '../seed.ts';

let clickup: ClickUpEmulator;
let call: Caller;
beforeAll(async () => {
  clickup = await createClickUpEmulator();
  call = apiCaller(clickup);
});
beforeEach(() => clickup.reset());
afterAll(() => clickup.close());

const chat = `/api/v3/workspaces/${SEED_TEAM_ID}/chat`;
const { channels, messages, postSubtypes } = CHAT_SEED;
interface Page<T> {
  data: T[];
  next_cursor: string | null;
}
interface MessageJson {
  id: string;
  type: string;
  content: string;
  user_id: string;
  parent_message?: string;
  replies_count: number;
  post_data?: { title: string; subtype: { id: string; name: string } };
}

describe('channels', () => {
  it('lists the channels the user sees, in pages', async () => {
    const all = await call<Page<{ id: string; name: string; type: string }>>('GET', `${chat}/channels`);
    expect(all.status).toBe(200);
    expect(all.json.data.map((c) => c.name)).toEqual(['general', 'dev-team', 'releases', '']);
    expect(all.json.next_cursor).toBeNull();
    const first = await call<Page<{ id: string }>>('GET', `${chat}/channels?limit=3`);
    expect(first.json.data).toHaveLength(3);
    const rest = await call<Page<{ id: string; type: string }>>(
      'GET',
      `${chat}/channels?limit=3&cursor=${first.json.next_cursor}`,
    );
    expect(rest.json.data).toEqual([expect.objectContaining({ id: channels.dmBob, type: 'DM' })]);
    expect(rest.json.next_cursor).toBeNull();
  });

  it('answers an unknown channel and a bad limit in v3 error shape', async () => {
    const unknown = await call('GET', `${chat}/channels/nope/messages`);
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ status: 404, message: 'Channel nope not found', trace_id: null });
    const limit = await call('GET', `${chat}/channels?limit=101`);
    expect(limit.status).toBe(400);
  });
});

describe('messages and threads', () => {
  it('reads top-level messages most recent first, with reply counts and post data', async () => {
    const page = await call<Page<MessageJson>>('GET', `${chat}/channels/${channels.general}/messages`);
    expect(page.json.data.map((m) => m.id)).toEqual([messages.release, messages.standup, messages.welcome]);
    expect(page.json.data[0]).toMatchObject({
      type: 'post',
      post_data: {
        title: 'Release 1.0 is out',
        subtype: { id: postSubtypes.Announcement, name: 'Announcement' },
      },
    });
    expect(page.json.data[1]).toMatchObject({ replies_count: 2, user_id: String(SEED_USERS.bob) });
  });

  it('sends a message and a post (201), and refuses what the reference refuses', async () => {
    const sent = await call<MessageJson>('POST', `${chat}/channels/${channels.devTeam}/messages`, {
      type: 'message',
      content: 'Deploying now',
      content_format: 'text/md',
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      type: 'message',
      content: 'Deploying now',
      user_id: String(clickup.state.me),
    });
    const post = await call<MessageJson>('POST', `${chat}/channels/${channels.general}/messages`, {
      type: 'post',
      content: 'Details inside.',
      post_data: { title: 'Q4 plan', subtype: { id: postSubtypes.Update } },
    });
    expect(post.json.post_data).toEqual({
      title: 'Q4 plan',
      subtype: { id: postSubtypes.Update, name: 'Update' },
    });
    const refused = await Promise.all([
      call('POST', `${chat}/channels/${channels.general}/messages`, { type: 'note', content: 'x' }),
      call('POST', `${chat}/channels/${channels.general}/messages`, { type: 'message', content: ' ' }),
      call('POST', `${chat}/channels/${channels.general}/messages`, { type: 'post', content: 'x' }),
      call('POST', `${chat}/channels/${channels.general}/messages`, {
        type: 'post',
        content: 'x',
        post_data: { title: 'T', subtype: { id: 'Update' } },
      }),
      call('POST', `${chat}/channels/${channels.general}/messages`, {
        type: 'message',
        content: 'x',
        text: 'y',
      }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
  });

  it('reads and adds replies; a reply to a reply is refused', async () => {
    const replies = await call<Page<MessageJson>>('GET', `${chat}/messages/${messages.standup}/replies`);
    expect(replies.json.data.map((m) => m.content)).toEqual(['Noted, thanks.', 'Works for me.']);
    const added = await call<MessageJson>('POST', `${chat}/messages/${messages.standup}/replies`, {
      type: 'message',
      content: 'See you there',
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ parent_message: messages.standup, parent_channel: channels.general });
    const nested = await call('POST', `${chat}/messages/${messages.standupReplyCarol}/replies`, {
      type: 'message',
      content: 'x',
    });
    expect(nested.status).toBe(400);
  });
});

describe('reactions', () => {
  it('lists, adds and removes the caller’s reactions; refuses unsupported, doubled and absent ones', async () => {
    const listed = await call<Page<{ reaction: string }>>(
      'GET',
      `${chat}/messages/${messages.standup}/reactions`,
    );
    expect(listed.json.data.map((r) => r.reaction)).toEqual(['eyes', 'thumbsup']);
    const path = `${chat}/messages/${messages.standup}/reactions`;
    expect((await call('POST', path, { reaction: 'tada' })).status).toBe(201);
    expect((await call('POST', path, { reaction: 'tada' })).status).toBe(400);
    expect((await call('POST', path, { reaction: 'Tada' })).status).toBe(400);
    expect((await call('DELETE', `${path}/thumbsup`)).status).toBe(404); // Carol's, not the caller's
    expect((await call('DELETE', `${path}/tada`)).status).toBe(204);
    expect((await call('DELETE', `${path}/tada`)).status).toBe(404);
    expect((await call('DELETE', `${path}/%2B1`)).status).toBe(404);
  });
});

describe('post subtypes and reset', () => {
  it('answers the post subtypes, and reset() brings the chat seed back', async () => {
    const subtypes = await call<{ comment_subtypes: { id: string; name: string }[] }>(
      'GET',
      `/api/v3/workspaces/${SEED_TEAM_ID}/comments/types/post/subtypes`,
    );
    expect(subtypes.json.comment_subtypes.map((s) => s.name)).toEqual([
      'Announcement',
      'Discussion',
      'Idea',
      'Update',
    ]);
    await call('POST', `${chat}/channels/${channels.general}/messages`, {
      type: 'message',
      content: 'Temporary',
    });
    clickup.reset();
    expect(clickup.state).toEqual(createSeedState());
    const page = await call<Page<MessageJson>>('GET', `${chat}/channels/${channels.general}/messages`);
    expect(page.json.data.map((m) => m.content)).not.toContain('Temporary');
    expect(page.json.data).toHaveLength(3);
  });
});
