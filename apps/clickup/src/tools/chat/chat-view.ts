/**
 * Chat (API v3) as the API returns it — shapes from the public reference pages getChatChannels,
 * getChatMessages, getChatMessageReplies and getChatMessageReactions — and the compact views the
 * tools answer with. Messages carry a user id: the view names the person (from the member kind the
 * server already keeps), or keeps the id when the member is unknown.
 */
import type { ClickUpCtx } from '../clickup-context.ts';

/** Every v3 chat list: `{ data, next_cursor }` (null or empty on the last page). */
export interface ApiPage<T> {
  data: T[];
  next_cursor?: string | null;
}

export interface ApiChatChannel {
  id: string;
  name?: string;
  topic?: string;
  type?: 'CHANNEL' | 'DM' | 'GROUP_DM';
  visibility?: 'PUBLIC' | 'PRIVATE';
  parent?: { id: string; type: number };
  archived?: boolean;
}

export interface ApiChatMessage {
  id: string;
  type: 'message' | 'post';
  content: string;
  date: number;
  user_id: string;
  parent_channel: string;
  parent_message?: string;
  post_data?: { title: string; subtype?: { id: string; name?: string } };
  replies_count?: number;
}

export interface ApiChatReaction {
  date: number;
  reaction: string;
  user_id: string;
}

/** Where a channel lives: the API's parent type as a word. */
const PARENT_TYPES: Readonly<Record<number, string>> = { 4: 'space', 5: 'folder', 6: 'list', 7: 'workspace' };

export interface ChatChannelView {
  id: string;
  name?: string;
  type: string;
  in?: string;
  topic?: string;
  private?: true;
  archived?: true;
}

export function toChannelView(c: ApiChatChannel): ChatChannelView {
  const parent = c.parent && PARENT_TYPES[c.parent.type];
  return {
    id: c.id,
    ...(c.name ? { name: c.name } : {}),
    type: c.type ?? 'CHANNEL',
    ...(parent && parent !== 'workspace' ? { in: `${parent} ${c.parent!.id}` } : {}),
    ...(c.topic ? { topic: c.topic } : {}),
    ...(c.visibility === 'PRIVATE' ? { private: true as const } : {}),
    ...(c.archived ? { archived: true as const } : {}),
  };
}

export interface ChatMessageView {
  id: string;
  by: string;
  at: string;
  text: string;
  post?: { title: string; type?: string };
  replies?: number;
}

/** A user id → the member's name, from the member kind's values (one read, cached by the server). */
export async function memberNames(ctx: ClickUpCtx): Promise<(id: string) => string> {
  const members = await ctx.deps.references.entities('member', undefined, ctx).catch(() => undefined);
  return (id) => members?.byExact.get(id)?.names?.[0] ?? id;
}

export function toMessageView(m: ApiChatMessage, name: (id: string) => string): ChatMessageView {
  const replies = Number(m.replies_count ?? 0);
  return {
    id: m.id,
    by: name(m.user_id),
    at: new Date(m.date).toISOString(),
    text: m.content,
    ...(m.post_data
      ? {
          post: {
            title: m.post_data.title,
            ...(m.post_data.subtype?.name ? { type: m.post_data.subtype.name } : {}),
          },
        }
      : {}),
    ...(replies > 0 ? { replies } : {}),
  };
}

export function toReactionView(r: ApiChatReaction, name: (id: string) => string) {
  return { reaction: r.reaction, by: name(r.user_id), at: new Date(r.date).toISOString() };
}
