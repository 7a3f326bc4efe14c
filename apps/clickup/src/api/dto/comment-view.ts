/** A ClickUp comment as the API returns it, and its compact view (who, when, what, thread size). */
import { isoDate, userLabel, type ApiUser } from './task-view.ts';

export interface ApiComment {
  id: string;
  comment_text?: string;
  user?: ApiUser | null;
  assignee?: ApiUser | null;
  resolved?: boolean;
  date?: string;
  reply_count?: number | string;
}

export interface CommentView {
  id: string;
  by: string;
  at?: string;
  text: string;
  assignee?: string;
  resolved?: true;
  replies?: number;
}

export function toCommentView(comment: ApiComment): CommentView {
  const replies = Number(comment.reply_count ?? 0);
  return {
    id: String(comment.id),
    by: comment.user ? userLabel(comment.user) : 'unknown',
    ...(isoDate(comment.date) ? { at: isoDate(comment.date)! } : {}),
    text: comment.comment_text ?? '',
    ...(comment.assignee ? { assignee: userLabel(comment.assignee) } : {}),
    ...(comment.resolved ? { resolved: true as const } : {}),
    ...(replies > 0 ? { replies } : {}),
  };
}

/** What a create answers: `{id, hist_id, date}` (the date a number here). */
export interface ApiCreatedComment {
  id: string | number;
  date?: string | number;
}

export function toCreatedComment(created: ApiCreatedComment): { id: string; at?: string } {
  const at = isoDate(created.date);
  return { id: String(created.id), ...(at ? { at } : {}) };
}
