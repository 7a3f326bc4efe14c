/**
 * Issue comments (research §3.8 "Comments"): list with the `id` cursor (`Link rel="next"` always
 * sent, even after the last page), read one, add (201, `?isAddToFollowers=`), edit (`?version=` or
 * `If-Match` → 409 when stale; only the author may edit), delete (204). Every write leaves a
 * changelog entry.
 */
import { cursorResponse } from '../paginate.ts';
import { findUser, renderComment, requireIssue } from '../render.ts';
import {
  created,
  objectBody,
  queryString,
  respond,
  route,
  type RouteContext,
  type TrackerRoute,
} from '../router.ts';
import { conflict, forbidden, notFound, unprocessable } from '../tracker-error.ts';
import {
  nextId,
  recordChange,
  trackerDate,
  type CommentRecord,
  type IssueRecord,
  type TrackerState,
} from '../tracker-state.ts';

function stringList(value: unknown, field: string): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    throw unprocessable(`Поле ${field} должно быть массивом.`, { [field]: 'Ожидается массив' });
  }
  return value.map((v) => {
    if (typeof v === 'string' || typeof v === 'number') return String(v);
    if (typeof v === 'object' && v !== null) {
      const o = v as Record<string, unknown>;
      return String(o['login'] ?? o['id'] ?? o['uid'] ?? '');
    }
    return String(v);
  });
}

function summoneeLogins(state: TrackerState, value: unknown): string[] {
  return stringList(value, 'summonees').map((id) => {
    const user = findUser(state, id);
    if (!user) {
      throw unprocessable(`Пользователь «${id}» не найден и не может быть призван.`, {
        summonees: 'Пользователь не найден',
      });
    }
    return user.login;
  });
}

function maillists(value: unknown): string[] {
  return stringList(value, 'maillistSummonees').map((address) => {
    if (!/^[^@\s]+@[^@\s]+$/.test(address)) {
      throw unprocessable(`Рассылка «${address}» не найдена.`, { maillistSummonees: 'Рассылка не найдена' });
    }
    return address;
  });
}

function attachmentsFor(state: TrackerState, issue: IssueRecord, value: unknown): string[] {
  return stringList(value, 'attachmentIds').map((id) => {
    const attachment = state.attachments.find((a) => a.id === id);
    if (!attachment || (attachment.issue !== undefined && attachment.issue !== issue.id)) {
      throw unprocessable(`Вложение «${id}» не найдено.`, { attachmentIds: 'Вложение не найдено' });
    }
    attachment.issue = issue.id;
    return id;
  });
}

function requireText(body: Record<string, unknown>): string {
  const text = body['text'];
  if (typeof text !== 'string' || text.trim() === '') {
    throw unprocessable('Поле text обязательно и не может быть пустым.', { text: 'required' });
  }
  return text;
}

function requireComment(ctx: RouteContext, issue: IssueRecord): CommentRecord {
  const id = ctx.params['commentId']!;
  const comment = ctx.state.comments.find(
    (c) => c.issue === issue.id && (String(c.id) === id || c.longId === id),
  );
  if (!comment) throw notFound('Комментарий не существует.');
  return comment;
}

export function commentsRoutes(): TrackerRoute[] {
  return [
    route('GET', '/issues/:key/comments', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      const comments = ctx.state.comments.filter((c) => c.issue === issue.id).sort((a, b) => a.id - b.id);
      return respond(
        cursorResponse(
          ctx.request,
          comments,
          (c) => String(c.id),
          (c) => renderComment(ctx.state, c),
        ),
      );
    }),
    route('GET', '/issues/:key/comments/:commentId', (ctx) => {
      const issue = requireIssue(ctx.state, ctx.params['key']!);
      return renderComment(ctx.state, requireComment(ctx, issue));
    }),
    route('POST', '/issues/:key/comments', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const body = objectBody(ctx.request);
      const text = requireText(body);
      const summonees = summoneeLogins(state, body['summonees']);
      const maillistSummonees = maillists(body['maillistSummonees']);
      const attachmentIds = attachmentsFor(state, issue, body['attachmentIds']);
      const id = nextId(state, 'comment', 101);
      const now = trackerDate();
      const comment: CommentRecord = {
        id,
        longId: `64${id.toString(16).padStart(22, '0')}`,
        issue: issue.id,
        text,
        createdBy: me,
        createdAt: now,
        updatedAt: now,
        summonees,
        maillistSummonees,
        attachmentIds,
        version: 1,
        type: 'standard',
        transport: 'internal',
      };
      state.comments.push(comment);
      if (queryString(ctx.request, 'isAddToFollowers') !== 'false' && !issue.followers.includes(me)) {
        issue.followers.push(me);
      }
      recordChange(state, issue.id, me, 'IssueCommentAdded');
      return created(renderComment(state, comment));
    }),
    route('PATCH', '/issues/:key/comments/:commentId', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const comment = requireComment(ctx, issue);
      const version =
        queryString(ctx.request, 'version') ?? ctx.request.headers['if-match']?.replace(/"/g, '');
      if (version !== undefined && Number(version) !== comment.version) {
        throw conflict('Комментарий: не удалось сохранить изменения, попробуйте ещё раз');
      }
      if (comment.createdBy !== me) {
        throw forbidden('Редактировать комментарий может только его автор.');
      }
      const body = objectBody(ctx.request);
      const text = requireText(body);
      const summonees =
        body['summonees'] === undefined ? undefined : summoneeLogins(state, body['summonees']);
      const lists =
        body['maillistSummonees'] === undefined ? undefined : maillists(body['maillistSummonees']);
      const attachmentIds =
        body['attachmentIds'] === undefined ? undefined : attachmentsFor(state, issue, body['attachmentIds']);
      comment.text = text;
      if (summonees) comment.summonees = summonees;
      if (lists) comment.maillistSummonees = lists;
      if (attachmentIds) comment.attachmentIds = attachmentIds;
      comment.version += 1;
      comment.updatedAt = trackerDate();
      comment.updatedBy = me;
      recordChange(state, issue.id, me, 'IssueCommentUpdated');
      return renderComment(state, comment);
    }),
    route('DELETE', '/issues/:key/comments/:commentId', (ctx) => {
      const { state, me } = ctx;
      const issue = requireIssue(state, ctx.params['key']!);
      const comment = requireComment(ctx, issue);
      state.comments.splice(state.comments.indexOf(comment), 1);
      recordChange(state, issue.id, me, 'IssueCommentRemoved');
      return undefined;
    }),
  ];
}
