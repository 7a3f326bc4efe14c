/**
 * Chat (API v3) through the MCP SDK's client, against the emulator: channels named by their name,
 * messages and threads paged behind core's cursor, a message and a post (its type named, converted
 * to the workspace's subtype id), a reply, reactions added (":Tada:" sent as "tada") and taken back
 * (only your own, by name in any case); what cannot be sent refused before anything is.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import type { ChatChannelView, ChatMessageView } from './chat-view.ts';
import { chatTools } from './index.ts';

describeAreaDefinitions('chat', chatTools);

/** The emulator's chat seed (tools/emulators/clickup/src/chat-state.ts). */
const GENERAL = '8cnzy-101';
const DEV_TEAM = '8cnzy-102';
const STANDUP = '80150000000002';
const ANNOUNCEMENT = '8015000901';
const UPDATE = '8015000904';

let clickup: ClickUpHarness;
beforeAll(async () => {
  clickup = await startInProcess({ args: ['--toolsets', 'chat'] });
});
beforeEach(() => clickup.emulator.reset());
afterAll(() => clickup.close());

type Page<T> = { items: T[]; nextCursor?: string };
const writesSince = (mark: number) => clickup.emulator.writes(mark);

describe('reading', () => {
  it('lists channels and DMs', async () => {
    const page = await clickup.call('clickup_get_chat_channels');
    expect(page.isError).toBe(false);
    expect((page.json as Page<ChatChannelView>).items).toEqual([
      { id: GENERAL, name: 'general', type: 'CHANNEL', topic: 'Company-wide announcements' },
      { id: DEV_TEAM, name: 'dev-team', type: 'CHANNEL', in: 'space 90151000001' },
      { id: '8cnzy-103', name: 'releases', type: 'CHANNEL', private: true },
      { id: '8cnzy-104', type: 'DM', private: true },
    ]);
  });

  it('reads a channel named by its name, newest first, page by page', async () => {
    const first = await clickup.call('clickup_get_chat_messages', { channel_id: '#General', limit: 2 });
    expect(first.text).toContain(`channel_id "#General" → ${GENERAL} (#general)`);
    expect(first.text).toContain('assumed: the first page only');
    const page = first.json as Page<ChatMessageView>;
    expect(page.items).toEqual([
      {
        id: '80150000000003',
        by: 'Carol Diaz',
        at: '2026-10-01T09:07:00.000Z',
        text: 'Thanks everyone who helped.',
        post: { title: 'Release 1.0 is out', type: 'Announcement' },
      },
      expect.objectContaining({ id: STANDUP, by: 'Bob Chen', replies: 2 }),
    ]);
    const second = await clickup.call('clickup_get_chat_messages', {
      channel_id: GENERAL,
      limit: 2,
      cursor: page.nextCursor,
    });
    expect(second.json).toEqual({
      items: [expect.objectContaining({ text: 'Welcome to the workspace chat!' })],
    });
    const foreign = await clickup.call('clickup_get_chat_messages', {
      channel_id: DEV_TEAM,
      cursor: page.nextCursor,
    });
    expect(foreign.isError).toBe(true);
    expect(foreign.text).toContain('belongs to a request with different parameters');
  });

  it('refuses a channel it does not know with the valid ones, before any request for messages', async () => {
    const mark = clickup.emulator.requests.length;
    const result = await clickup.call('clickup_get_chat_messages', { channel_id: 'genral' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('"genral" is not a chat channel');
    expect(result.text).toContain(`Did you mean ${GENERAL} (#general)?`);
    expect(clickup.emulator.requests.slice(mark).some((r) => r.path.endsWith('/messages'))).toBe(false);
  });

  it('reads a thread and the reactions on a message; a missing message says where ids are', async () => {
    const replies = await clickup.call('clickup_get_chat_replies', { message_id: STANDUP });
    expect((replies.json as Page<ChatMessageView>).items.map((m) => [m.by, m.text])).toEqual([
      ['Alice Martin', 'Noted, thanks.'],
      ['Carol Diaz', 'Works for me.'],
    ]);
    const reactions = await clickup.call('clickup_get_chat_reactions', { message_id: STANDUP });
    expect(reactions.json).toEqual({
      items: [
        { reaction: 'eyes', by: 'Dave Okafor', at: '2026-10-01T09:04:00.000Z' },
        { reaction: 'thumbsup', by: 'Carol Diaz', at: '2026-10-01T09:03:00.000Z' },
      ],
    });
    const byUrl = await clickup.call('clickup_get_chat_replies', {
      message_id: `https://app.clickup.com/9015123456/chat/r/${GENERAL}/t/${STANDUP}`,
    });
    expect(byUrl.text).toContain(`→ ${STANDUP} (the message of that thread URL)`);
    expect(byUrl.json).toEqual(replies.json);
    const junk = await clickup.call('clickup_get_chat_replies', { message_id: '../../etc/passwd' });
    expect(junk.isError).toBe(true);
    expect(junk.text).toContain('is not a chat message id');
    const missing = await clickup.call('clickup_get_chat_replies', { message_id: '80159999999999' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('Message 80159999999999 not found');
    expect(missing.text).toContain('Find message ids with clickup_get_chat_messages');
  });
});

describe('writing', () => {
  it('sends a message to a channel named by its name, and it is read back', async () => {
    const sent = await clickup.call('clickup_send_chat_message', {
      channel_id: 'dev-team',
      text: 'Deploying **now**',
    });
    expect(sent.isError).toBe(false);
    const { id } = sent.json as { id: string };
    expect(writesSince(0).at(-1)).toMatchObject({
      path: `/api/v3/workspaces/9015123456/chat/channels/${DEV_TEAM}/messages`,
      body: { type: 'message', content: 'Deploying **now**', content_format: 'text/md' },
    });
    const page = await clickup.call('clickup_get_chat_messages', { channel_id: DEV_TEAM });
    expect((page.json as Page<ChatMessageView>).items[0]).toMatchObject({ id, by: 'Alice Martin' });
  });

  it('sends a post: its type by name, converted to the subtype id and announced', async () => {
    const sent = await clickup.call('clickup_send_chat_message', {
      channel_id: GENERAL,
      text: 'Details inside.',
      title: 'Q4 plan',
      post_type: 'update',
    });
    expect(sent.isError).toBe(false);
    expect(sent.text).toContain(`post_type "update" → ${UPDATE} (Update)`);
    expect(writesSince(0).at(-1)?.body).toMatchObject({
      type: 'post',
      post_data: { title: 'Q4 plan', subtype: { id: UPDATE } },
    });
  });

  it('refuses half a post and an unknown post type before anything is sent', async () => {
    const mark = clickup.emulator.requests.length;
    const titleOnly = await clickup.call('clickup_send_chat_message', {
      channel_id: GENERAL,
      text: 'x',
      title: 'T',
    });
    expect(titleOnly.isError).toBe(true);
    expect(titleOnly.text).toContain('A post needs both title and post_type: give post_type too');
    const typeOnly = await clickup.call('clickup_send_chat_message', {
      channel_id: GENERAL,
      text: 'x',
      post_type: 'Idea',
    });
    expect(typeOnly.text).toContain('give title too');
    const unknown = await clickup.call('clickup_send_chat_message', {
      channel_id: GENERAL,
      text: 'x',
      title: 'T',
      post_type: 'Memo',
    });
    expect(unknown.isError).toBe(true);
    expect(unknown.text).toContain(`Valid post types: ${ANNOUNCEMENT} (Announcement)`);
    const long = await clickup.call('clickup_send_chat_message', {
      channel_id: GENERAL,
      text: 'x'.repeat(40_001),
    });
    expect(long.text).toContain('at most 40,000 characters');
    expect(writesSince(mark)).toEqual([]);
  });

  it('replies in a thread', async () => {
    const sent = await clickup.call('clickup_send_chat_reply', {
      message_id: STANDUP,
      text: 'See you there',
    });
    expect(sent.isError).toBe(false);
    const replies = await clickup.call('clickup_get_chat_replies', { message_id: STANDUP });
    expect((replies.json as Page<ChatMessageView>).items[0]).toMatchObject({
      id: (sent.json as { id: string }).id,
      text: 'See you there',
    });
  });

  it('adds a reaction (":Tada:" sent as "tada") and takes it back by name in any case', async () => {
    const added = await clickup.call('clickup_add_chat_reaction', {
      message_id: STANDUP,
      reaction: ':Tada:',
    });
    expect(added.isError).toBe(false);
    expect(added.text).toContain('reaction ":Tada:" → tada');
    expect(writesSince(0).at(-1)?.body).toEqual({ reaction: 'tada' });
    const removed = await clickup.call('clickup_remove_chat_reaction', {
      message_id: STANDUP,
      reaction: 'TADA',
    });
    expect(removed.isError).toBe(false);
    expect(removed.json).toEqual({ removed: 'tada' });
    expect(writesSince(0).at(-1)).toMatchObject({
      method: 'DELETE',
      path: expect.stringMatching(/\/reactions\/tada$/),
    });
  });

  it('refuses to take back a reaction that is not yours, naming yours, before anything is sent', async () => {
    await clickup.call('clickup_add_chat_reaction', { message_id: STANDUP, reaction: 'rocket' });
    const mark = clickup.emulator.requests.length;
    const result = await clickup.call('clickup_remove_chat_reaction', {
      message_id: STANDUP,
      reaction: 'thumbsup',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(`"thumbsup" is not a reaction of yours of message ${STANDUP}`);
    expect(result.text).toContain('Valid reactions of yours: rocket');
    expect(writesSince(mark)).toEqual([]);
  });

  it('answers an emoji ClickUp does not support with its words', async () => {
    const result = await clickup.call('clickup_add_chat_reaction', {
      message_id: STANDUP,
      reaction: 'unicorn_face',
    });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('The reaction unicorn_face is not supported');
  });
});
