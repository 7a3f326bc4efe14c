/** Params the chat tools share, the v3 chat paths, and one page of a v3 chat list behind core's cursor. */
import {
  custom,
  decodeCursor,
  encodeCursor,
  ref,
  requestFingerprint,
  withProjectionRoot,
  type Query,
} from '@toolsmith/core';
import { z } from 'zod';
import type { ClickUpCtx } from '../clickup-context.ts';
import { sayFirstPage } from '../shared/paging.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import type { ApiPage } from './chat-view.ts';

/** A channel by id or by name ("general", "#general"): core's ref('chat_channel'). */
export const channelIdParam = () => ref('chat_channel').describe('Channel id or name');

/** A chat message by id or thread URL (chat-message-resolver.ts); whether it exists, the API says. */
export const messageIdParam = () =>
  custom(z.string().trim(), 'chat_message').describe('Message id or thread URL');

/** The API takes at most 40,000 characters of markdown (checked, not shown: tokens). */
export const messageTextParam = () =>
  z
    .string()
    .trim()
    .refine((text) => text.length <= 40_000, 'at most 40,000 characters (the API takes no more)')
    .describe('Markdown');

export const limitParam = () => z.number().int().min(1).max(100).optional().describe('Per page (default 50)');

export const MESSAGE_NOT_FOUND_HINT =
  'Find message ids with clickup_get_chat_messages (a channel) or clickup_get_chat_replies (a thread).';
export const CHANNEL_NOT_FOUND_HINT = 'Find channels with clickup_get_chat_channels.';

/** The absolute v3 URL of a chat path of the call's workspace (`/chat/channels`). */
export async function chatUrl(ctx: ClickUpCtx, path: string): Promise<string> {
  const { client } = ctx.deps;
  return client.v3(`/workspaces/${await client.teamId(ctx.signal)}${path}`);
}

/** The path segment of an id. */
export const seg = (id: string) => encodeURIComponent(id);

/**
 * One page of a v3 chat list as `{ items, nextCursor? }`: the API's cursor kept inside core's
 * cursor (bound to the call's other parameters), the first page of several said in the answer.
 */
export async function chatPage<T, V>(
  ctx: ClickUpCtx,
  request: { tool: string; params: Record<string, unknown>; path: string; query?: Query; hint: string },
  view: (item: T) => V,
) {
  const cursor = request.params['cursor'] as string | undefined;
  const fingerprint = requestFingerprint(request.tool, request.params);
  const position = decodeCursor(cursor, fingerprint, { after: '' });
  const after = 'after' in position && position.after !== '' ? position.after : undefined;
  const page = await hintOnNotFound(
    ctx.deps.client.get<ApiPage<T>>(await chatUrl(ctx, request.path), {
      query: { ...request.query, ...(after ? { cursor: after } : {}) },
      signal: ctx.signal,
    }),
    request.hint,
  );
  const next = page.next_cursor || undefined;
  return sayFirstPage(
    ctx,
    cursor,
    withProjectionRoot(
      {
        items: page.data.map(view),
        ...(next ? { nextCursor: encodeCursor(fingerprint, { after: next }) } : {}),
      },
      'items',
    ),
  );
}
