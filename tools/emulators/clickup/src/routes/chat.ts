/**
 * Chat, API v3 only (research §2.7 "v3 extras"; shapes from the public API reference pages
 * getChatChannels, getChatChannel, getChatMessages, createChatMessage, getChatMessageReplies,
 * createReplyMessage, getChatMessageReactions, createChatReaction, deleteChatReaction, getSubtypes):
 *
 * - `GET /workspaces/{ws}/chat/channels` (cursor, limit 1–100 default 50, include_closed) and
 *   `GET …/chat/channels/{channel_id}`;
 * - `GET|POST …/chat/channels/{channel_id}/messages`: top-level messages, most recent first; a
 *   create is `{type: message|post, content ≤ 40,000, content_format?, assignee?, followers?,
 *   post_data?: {title, subtype: {id}}}` and answers 201 with the message;
 * - `GET|POST …/chat/messages/{message_id}/replies`: the same, in a thread;
 * - `GET|POST …/chat/messages/{message_id}/reactions` (`{reaction}`: a lower-case emoji name; 400 when
 *   not supported or already there) and `DELETE …/reactions/{reaction}` (204; 404 when not there);
 * - `GET /workspaces/{ws}/comments/types/{comment_type}/subtypes`: the post subtypes.
 *
 * Assumed where the reference is silent: the subtypes answer `{comment_subtypes: [{id, name}]}` (its
 * schema is empty; public clients read that key, others a bare array); `next_cursor` is null on the
 * last page; the cursor is opaque (here the offset, base64url); emoji names are checked against a
 * short list (SUPPORTED_REACTIONS); a body key the reference does not name is a 400; a reply to a
 * reply is a 400 (threads are one level deep in ClickUp); a reaction is removed only by its author.
 * Errors have v3's shape `{status, message, trace_id, timestamp}`.
 */
import type { FakeRequest } from '@toolsmith/testing';
import { ClickUpHttpError } from '../clickup-error.ts';
import { chatOf, type ChatChannelRecord, type ChatMessageRecord, type ChatState } from '../chat-state.ts';
import { readTeam, requireTeam } from '../route-helpers.ts';
import {
  objectBody,
  queryBoolean,
  queryNumber,
  queryString,
  respond,
  v3,
  type ClickUpRoute,
  type RouteContext,
} from '../router.ts';

/** An error in v3's shape (the reference's CommentPublicApiErrorResponse). */
class ChatApiError extends ClickUpHttpError {
  override toResponse() {
    return {
      status: this.status,
      headers: this.headers,
      json: { status: this.status, message: this.message, trace_id: null, timestamp: Date.now() },
    };
  }
}

const invalid = (message: string) => new ChatApiError(400, message);
const missing = (message: string) => new ChatApiError(404, message);

/** Emoji names the emulator accepts (ClickUp takes lower-case emoji names; its list is not published). */
export const SUPPORTED_REACTIONS: ReadonlySet<string> = new Set([
  '+1',
  '-1',
  '100',
  'clap',
  'eyes',
  'fire',
  'heart',
  'joy',
  'ok_hand',
  'pray',
  'raised_hands',
  'rocket',
  'smile',
  'tada',
  'thinking_face',
  'thumbsdown',
  'thumbsup',
  'warning',
  'wave',
  'white_check_mark',
  'x',
]);

const MESSAGE_KEYS = new Set([
  'type',
  'content',
  'content_format',
  'assignee',
  'group_assignee',
  'followers',
  'reactions',
  'post_data',
  'triaged_action',
  'triaged_object_id',
  'triaged_object_type',
]);

/** A page of `items` from the request's cursor and limit. */
function page<T>(request: FakeRequest, items: readonly T[]): { data: T[]; next_cursor: string | null } {
  const limit = queryNumber(request, 'limit') ?? 50;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw invalid('limit must be between 1 and 100');
  const cursor = queryString(request, 'cursor');
  let offset = 0;
  if (cursor !== undefined && cursor !== '') {
    offset = Number(Buffer.from(cursor, 'base64url').toString());
    if (!Number.isInteger(offset) || offset < 0) throw invalid('Invalid cursor');
  }
  const end = offset + limit;
  return {
    data: items.slice(offset, end),
    next_cursor: end < items.length ? Buffer.from(String(end)).toString('base64url') : null,
  };
}

export function chatRoutes(): ClickUpRoute[] {
  const base = '/workspaces/:workspace_id/chat';

  const renderChannel = (ctx: RouteContext, c: ChatChannelRecord) => ({
    id: c.id,
    name: c.name,
    description: c.description,
    topic: c.topic,
    type: c.type,
    visibility: c.visibility,
    parent: c.parent,
    creator: String(c.creator),
    created_at: String(c.createdAt),
    updated_at: String(latest(chatOf(ctx.state), c) ?? c.createdAt),
    workspace_id: ctx.state.team.id,
    archived: c.archived,
    ...(latest(chatOf(ctx.state), c) ? { latest_comment_at: String(latest(chatOf(ctx.state), c)) } : {}),
    links: {
      members: `/api/v3/workspaces/${ctx.state.team.id}/chat/channels/${c.id}/members`,
      followers: `/api/v3/workspaces/${ctx.state.team.id}/chat/channels/${c.id}/followers`,
    },
  });
  const latest = (chat: ChatState, c: ChatChannelRecord) =>
    chat.messages
      .filter((m) => m.channelId === c.id)
      .reduce<number | undefined>((max, m) => (max === undefined || m.date > max ? m.date : max), undefined);
  const renderMessage = (ctx: RouteContext, m: ChatMessageRecord) => {
    const chat = chatOf(ctx.state);
    const links = `/api/v3/workspaces/${ctx.state.team.id}/chat/messages/${m.id}`;
    const subtype = m.post && chat.postSubtypes.find((s) => s.id === m.post!.subtype);
    return {
      id: m.id,
      type: m.type,
      content: m.content,
      date: m.date,
      ...(m.dateUpdated !== undefined ? { date_updated: m.dateUpdated } : {}),
      parent_channel: m.channelId,
      ...(m.parentMessage !== undefined ? { parent_message: m.parentMessage } : {}),
      resolved: false,
      user_id: String(m.userId),
      ...(m.assignee !== undefined ? { assignee: String(m.assignee) } : {}),
      ...(m.post
        ? { post_data: { title: m.post.title, subtype: { id: m.post.subtype, name: subtype?.name ?? '' } } }
        : {}),
      links: {
        reactions: `${links}/reactions`,
        replies: `${links}/replies`,
        tagged_users: `${links}/tagged_users`,
      },
      replies_count: chat.messages.filter((r) => r.parentMessage === m.id).length,
    };
  };

  const channelOf = (ctx: RouteContext) => {
    requireTeam(ctx, 'workspace_id');
    const channel = chatOf(ctx.state).channels.find((c) => c.id === ctx.params['channel_id']);
    if (!channel) throw missing(`Channel ${ctx.params['channel_id']} not found`);
    return channel;
  };
  const messageOf = (ctx: RouteContext) => {
    requireTeam(ctx, 'workspace_id');
    const message = chatOf(ctx.state).messages.find((m) => m.id === ctx.params['message_id']);
    if (!message) throw missing(`Message ${ctx.params['message_id']} not found`);
    return message;
  };
  const newest = (a: ChatMessageRecord, b: ChatMessageRecord) => b.date - a.date || b.id.localeCompare(a.id);

  /** A message created from a request body in `channelId` (a reply when `parent` is given). */
  const create = (ctx: RouteContext, channelId: string, parent?: string) => {
    const chat = chatOf(ctx.state);
    const body = objectBody(ctx.request);
    const unknown = Object.keys(body).filter((k) => !MESSAGE_KEYS.has(k));
    if (unknown.length > 0) throw invalid(`property ${unknown[0]} should not exist`);
    const { type, content } = body;
    if (type !== 'message' && type !== 'post')
      throw invalid('type must be one of the following values: message, post');
    if (typeof content !== 'string' || content.trim() === '') throw invalid('content should not be empty');
    if (content.length > 40_000) throw invalid('content must be shorter than or equal to 40000 characters');
    const format = body['content_format'];
    if (format !== undefined && format !== 'text/md' && format !== 'text/plain')
      throw invalid('content_format must be one of the following values: text/md, text/plain');
    let post: ChatMessageRecord['post'];
    const data = body['post_data'] as { title?: unknown; subtype?: { id?: unknown } } | undefined;
    if (type === 'post') {
      if (!data || typeof data !== 'object') throw invalid('post_data is required for a post');
      if (typeof data.title !== 'string' || data.title.trim() === '' || data.title.length > 255)
        throw invalid('post_data.title must be a string of 1 to 255 characters');
      const subtype = data.subtype?.id;
      if (typeof subtype !== 'string' || !chat.postSubtypes.some((s) => s.id === subtype))
        throw invalid('post_data.subtype.id is not a post subtype of this Workspace');
      post = { title: data.title, subtype };
    } else if (data !== undefined) throw invalid('post_data is only for a post');
    const user = (value: unknown) => {
      const id = Number(value);
      if (!ctx.state.users.some((u) => u.id === id)) throw invalid(`User ${String(value)} not found`);
      return id;
    };
    const followers = body['followers'];
    if (followers !== undefined && (!Array.isArray(followers) || followers.length > 10))
      throw invalid('followers must be an array of at most 10 user ids');
    const message: ChatMessageRecord = {
      id: `8015000000${String(chat.nextMessage++).padStart(4, '0')}`,
      channelId,
      ...(parent !== undefined ? { parentMessage: parent } : {}),
      type,
      content,
      userId: ctx.me,
      date: ctx.now,
      ...(post ? { post } : {}),
      ...(body['assignee'] !== undefined ? { assignee: user(body['assignee']) } : {}),
      followers: ((followers as unknown[] | undefined) ?? []).map(user),
      reactions: [],
    };
    chat.messages.push(message);
    return respond({ status: 201, json: renderMessage(ctx, message) });
  };

  const reactionName = (value: unknown) => {
    if (typeof value !== 'string' || !SUPPORTED_REACTIONS.has(value))
      throw invalid(`The reaction ${String(value)} is not supported`);
    return value;
  };

  return [
    v3('GET', `${base}/channels`, (ctx) => {
      if (!readTeam(ctx, 'workspace_id')) return { data: [], next_cursor: null };
      const closed = queryBoolean(ctx.request, 'include_closed') === true;
      const channels = chatOf(ctx.state).channels.filter(
        (c) => c.members.includes(ctx.me) || c.visibility === 'PUBLIC',
      );
      const shown = channels.filter((c) => closed || !c.archived);
      return page(
        ctx.request,
        shown.map((c) => renderChannel(ctx, c)),
      );
    }),
    v3('GET', `${base}/channels/:channel_id`, (ctx) => renderChannel(ctx, channelOf(ctx))),
    v3('GET', `${base}/channels/:channel_id/messages`, (ctx) => {
      const channel = channelOf(ctx);
      const top = chatOf(ctx.state)
        .messages.filter((m) => m.channelId === channel.id && m.parentMessage === undefined)
        .sort(newest);
      return page(
        ctx.request,
        top.map((m) => renderMessage(ctx, m)),
      );
    }),
    v3('POST', `${base}/channels/:channel_id/messages`, (ctx) => create(ctx, channelOf(ctx).id)),
    v3('GET', `${base}/messages/:message_id/replies`, (ctx) => {
      const message = messageOf(ctx);
      const replies = chatOf(ctx.state)
        .messages.filter((m) => m.parentMessage === message.id)
        .sort(newest);
      return page(
        ctx.request,
        replies.map((m) => renderMessage(ctx, m)),
      );
    }),
    v3('POST', `${base}/messages/:message_id/replies`, (ctx) => {
      const message = messageOf(ctx);
      if (message.parentMessage !== undefined)
        throw invalid('A reply cannot be replied to: reply to the top-level message of the thread');
      return create(ctx, message.channelId, message.id);
    }),
    v3('GET', `${base}/messages/:message_id/reactions`, (ctx) => {
      const message = messageOf(ctx);
      const reactions = [...message.reactions].sort((a, b) => b.date - a.date);
      return page(
        ctx.request,
        reactions.map((r) => ({ date: r.date, reaction: r.reaction, user_id: String(r.userId) })),
      );
    }),
    v3('POST', `${base}/messages/:message_id/reactions`, (ctx) => {
      const message = messageOf(ctx);
      const body = objectBody(ctx.request);
      const unknown = Object.keys(body).filter((k) => k !== 'reaction');
      if (unknown.length > 0) throw invalid(`property ${unknown[0]} should not exist`);
      const reaction = reactionName(body['reaction']);
      if (message.reactions.some((r) => r.reaction === reaction && r.userId === ctx.me))
        throw invalid(`The reaction ${reaction} already exists`);
      const record = { reaction, userId: ctx.me, date: ctx.now };
      message.reactions.push(record);
      return respond({ status: 201, json: { date: record.date, reaction, user_id: String(ctx.me) } });
    }),
    v3('DELETE', `${base}/messages/:message_id/reactions/:reaction`, (ctx) => {
      const message = messageOf(ctx);
      const reaction = reactionName(ctx.params['reaction']);
      const at = message.reactions.findIndex((r) => r.reaction === reaction && r.userId === ctx.me);
      if (at === -1) throw missing(`The reaction ${reaction} was not found`);
      message.reactions.splice(at, 1);
      return respond({ status: 204 });
    }),
    v3('GET', '/workspaces/:workspace_id/comments/types/:comment_type/subtypes', (ctx) => {
      const type = ctx.params['comment_type']!;
      if (!['post', 'ai', 'syncup', 'ai_via_brain'].includes(type))
        throw invalid('comment_type must be one of the following values: post, ai, syncup, ai_via_brain');
      if (!readTeam(ctx, 'workspace_id') || type !== 'post') return { comment_subtypes: [] };
      return { comment_subtypes: chatOf(ctx.state).postSubtypes };
    }),
  ];
}
