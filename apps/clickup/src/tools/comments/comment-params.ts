/** Params the comment tools share, and where a comment's thread lives. */
import { custom, ValidationError, type Query } from '@toolsmith/core';
import { z } from 'zod';
import type { ClickUpCtx } from '../clickup-context.ts';
import { memberParam } from '../shared/params.ts';

export const commentIdParam = z
  .union([z.string().regex(/^\d+$/, 'comment ids are numbers, e.g. "90150000031"'), z.number().int()])
  .transform(String)
  .describe('Comment id (from clickup_get_comments)');

/** A comment's Markdown (comment-markdown.ts); its mentions resolved to members by the guard. */
export const commentTextParam = () =>
  custom(z.string().trim().min(1).max(100_000), 'comment_markdown').describe('Markdown; @name mentions');

/** A member to assign the comment to (an action item): id, e-mail, name or "me". */
export const commentAssigneeParam = () => memberParam().describe('Assign to this person (an action item)');

export const notifyAllParam = z.boolean().optional().describe('Notify all watchers');

/** Where the comments of a task or a list are read and posted: exactly one of the two. */
export async function commentsPath(
  params: { task_id?: string | undefined; list_id?: string | undefined },
  ctx: ClickUpCtx,
): Promise<{ path: string; query: Query }> {
  if ((params.task_id === undefined) === (params.list_id === undefined)) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field: 'task_id, list_id',
          message:
            'Give exactly one: task_id for a task\'s comments, or list_id for the comments of a list (its "chat").',
        },
      ],
    });
  }
  if (params.list_id !== undefined) {
    return { path: `/list/${encodeURIComponent(params.list_id)}/comment`, query: {} };
  }
  return ctx.deps.client.task(params.task_id!, '/comment', ctx.signal);
}

export const COMMENT_NOT_FOUND_HINT =
  "Find the comment id with clickup_get_comments (the task's comments) or clickup_get_comment_replies (a thread).";

/** The start of a comment's text, quoted: enough to recognise it in a list. */
export function quoteStart(text: string): string {
  const line = text.trim().split('\n')[0]!;
  return JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line);
}
