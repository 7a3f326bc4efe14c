/**
 * The compact views the chat tools answer with, of the API's shapes (chat-api.ts). Messages carry a user id: the view names the person (from the member kind the
 * server already keeps), or keeps the id when the member is unknown.
 */
import type { ClickUpCtx } from '../clickup-context.ts';
import type { ApiChatChannel, ApiChatMessage, ApiChatReaction } from './chat-api.ts';

export type { ApiChatChannel, ApiChatMessage, ApiChatReaction, ApiPage } from './chat-api.ts';

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
