/**
 * Comments (research §2.1, §2.7): `GET/POST /task/{task_id}/comment`, `GET/POST /list/{list_id}/comment`,
 * `PUT/DELETE /comment/{comment_id}`, threaded replies `GET/POST /comment/{comment_id}/reply`.
 *
 * Paging as the API does it: newest first, 25 a page; the next page is asked for with `start` (the
 * `date` of the last comment received) and `start_id` (its id), and holds the comments older than it.
 * A task comment carries `reply_count`; replies are not in the task's list. A create answers
 * `{id, hist_id, date}` (a number date), not the comment. Body: `comment_text` or rich `comment[]`
 * ([doc: Comment formatting]): runs `{text, attributes}` (bold, italic, code, link; a line's list or
 * code-block on its "\n") and mentions `{type: "tag", user: {id}}`, answered back with the mentioned
 * user and `text: "@<username>"`; `comment_text` is the plain text. A part that is neither, or a
 * mention of someone not in the workspace, is a 400 (the emulator's choice: the research names none).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import type { CommentRecord } from '../clickup-state.ts';
import { nextCounter } from '../ids.ts';
import { findList, userRef } from '../render.ts';
import { taskFromPath, touch } from '../route-helpers.ts';
import { objectBody, queryNumber, queryString, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

export const COMMENTS_PER_PAGE = 25;

export function commentRoutes(): ClickUpRoute[] {
  const render = (ctx: RouteContext, c: CommentRecord) => ({
    id: c.id,
    comment: c.blocks?.map((b) => renderPart(ctx, b)) ?? [{ text: c.text }],
    comment_text: c.text,
    user: userRef(ctx.state, c.userId),
    assignee: userRef(ctx.state, c.assignee),
    assigned_by: c.assignee === null ? null : userRef(ctx.state, c.userId),
    resolved: c.resolved,
    reactions: [],
    date: String(c.date),
    reply_count: ctx.state.comments.filter((r) => r.parentId === c.id).length,
  });
  const page = (ctx: RouteContext, comments: CommentRecord[]) => {
    const start = queryNumber(ctx.request, 'start');
    const startId = queryString(ctx.request, 'start_id');
    const newestFirst = [...comments].sort((a, b) => b.date - a.date || Number(b.id) - Number(a.id));
    const older =
      start === undefined
        ? newestFirst
        : newestFirst.filter(
            (c) =>
              c.date < start || (c.date === start && startId !== undefined && Number(c.id) < Number(startId)),
          );
    return { comments: older.slice(0, COMMENTS_PER_PAGE).map((c) => render(ctx, c)) };
  };
  const renderPart = (ctx: RouteContext, part: Record<string, unknown>) => {
    if (part['type'] !== 'tag') return part;
    const user = userRef(ctx.state, (part['user'] as { id: number }).id);
    return { type: 'tag', text: `@${user?.username ?? ''}`, user };
  };
  /** The rich parts as sent, each checked. */
  const partsOf = (ctx: RouteContext, comment: unknown[]): Record<string, unknown>[] =>
    comment.map((part) => {
      if (typeof part !== 'object' || part === null || Array.isArray(part))
        throw badRequest('comment must be an array of {text, attributes} or {type: "tag", user: {id}}');
      const p = part as Record<string, unknown>;
      if (p['type'] === 'tag') {
        const id = (p['user'] as { id?: unknown } | undefined)?.id;
        if (typeof id !== 'number' || !ctx.state.users.some((u) => u.id === id))
          throw badRequest('Tagged user is not a member of this workspace');
        return { type: 'tag', user: { id } };
      }
      if (typeof p['text'] !== 'string') throw badRequest('comment text must be a string');
      return p;
    });
  const plainOf = (ctx: RouteContext, parts: Record<string, unknown>[]) =>
    parts.map((p) => String(renderPart(ctx, p)['text'] ?? '')).join('');
  /** The comment's plain text, and its rich parts when it was sent as rich text. */
  const textOf = (
    ctx: RouteContext,
    body: Record<string, unknown>,
  ): Pick<CommentRecord, 'text' | 'blocks'> => {
    if (typeof body['comment_text'] === 'string') return { text: body['comment_text'] };
    if (Array.isArray(body['comment'])) {
      const blocks = partsOf(ctx, body['comment']);
      return { text: plainOf(ctx, blocks), blocks };
    }
    throw badRequest('Comment text is required');
  };
  const create = (ctx: RouteContext, target: Pick<CommentRecord, 'taskId' | 'listId' | 'parentId'>) => {
    const body = objectBody(ctx.request);
    const comment: CommentRecord = {
      id: String(90150000000 + nextCounter(ctx.state, 'comment', 1000)),
      ...target,
      ...textOf(ctx, body),
      userId: ctx.me,
      assignee: typeof body['assignee'] === 'number' ? body['assignee'] : null,
      resolved: false,
      date: Math.max(ctx.now, ...ctx.state.comments.map((c) => c.date + 1)),
    };
    ctx.state.comments.push(comment);
    return comment;
  };
  const findComment = (ctx: RouteContext) => {
    const comment = ctx.state.comments.find((c) => c.id === ctx.params['comment_id']);
    if (!comment) throw notFound('Comment');
    return comment;
  };
  const historyId = (comment: CommentRecord) => String(2900000000000000000n + BigInt(comment.id));

  return [
    v2('GET', '/task/:task_id/comment', (ctx) => {
      const task = taskFromPath(ctx);
      return page(
        ctx,
        ctx.state.comments.filter((c) => c.taskId === task.id),
      );
    }),
    v2('POST', '/task/:task_id/comment', (ctx) => {
      const task = taskFromPath(ctx);
      const comment = create(ctx, { taskId: task.id, listId: null, parentId: null });
      touch(ctx, task);
      ctx.webhooks.taskChanged(task, ctx.me, [
        {
          field: 'comment',
          event: 'taskCommentPosted',
          before: null,
          after: comment.id,
          extra: { comment: render(ctx, comment) },
        },
      ]);
      return { id: Number(comment.id), hist_id: historyId(comment), date: comment.date };
    }),
    v2('GET', '/list/:list_id/comment', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      return page(
        ctx,
        ctx.state.comments.filter((c) => c.listId === list.id),
      );
    }),
    v2('POST', '/list/:list_id/comment', (ctx) => {
      const list = findList(ctx.state, ctx.params['list_id']!);
      const comment = create(ctx, { taskId: null, listId: list.id, parentId: null });
      return { id: Number(comment.id), hist_id: historyId(comment), date: comment.date };
    }),
    v2('PUT', '/comment/:comment_id', (ctx) => {
      const comment = findComment(ctx);
      const body = objectBody(ctx.request);
      if (body['comment_text'] !== undefined || body['comment'] !== undefined) {
        const { text, blocks } = textOf(ctx, body);
        comment.text = text;
        if (blocks) comment.blocks = blocks;
        else delete comment.blocks;
      }
      if (typeof body['assignee'] === 'number') comment.assignee = body['assignee'];
      if (typeof body['resolved'] === 'boolean') comment.resolved = body['resolved'];
      const task = ctx.state.tasks.find((t) => t.id === comment.taskId);
      if (task) {
        ctx.webhooks.taskChanged(task, ctx.me, [
          {
            field: 'comment',
            event: 'taskCommentUpdated',
            before: null,
            after: comment.id,
            extra: { comment: render(ctx, comment) },
          },
        ]);
      }
      return {};
    }),
    v2('DELETE', '/comment/:comment_id', (ctx) => {
      const comment = findComment(ctx);
      ctx.state.comments = ctx.state.comments.filter((c) => c !== comment && c.parentId !== comment.id);
      return {};
    }),
    v2('GET', '/comment/:comment_id/reply', (ctx) => {
      const comment = findComment(ctx);
      const replies = ctx.state.comments
        .filter((c) => c.parentId === comment.id)
        .sort((a, b) => a.date - b.date)
        .map((c) => render(ctx, c));
      return { comments: replies };
    }),
    v2('POST', '/comment/:comment_id/reply', (ctx) => {
      const parent = findComment(ctx);
      const reply = create(ctx, { taskId: null, listId: null, parentId: parent.id });
      return { id: Number(reply.id), hist_id: historyId(reply), date: reply.date };
    }),
  ];
}
