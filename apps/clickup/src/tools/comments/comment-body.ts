/**
 * A comment's Markdown as the body ClickUp takes — plain `comment_text` when it has no formatting,
 * else the rich `comment` array — and a comment the API answers as Markdown again.
 */
import { ValidationError } from '@toolsmith/core';
import type { ApiComment } from '../../api/dto/comment-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { blocksToMarkdown, isTag, markdownToBlocks, type CommentBlock } from './comment-markdown.ts';

/** `{comment_text}` or `{comment: [...]}`, mentions as user ids (resolved by the guard before). */
export function commentBody(
  markdown: string,
  ctx: ClickUpCtx,
  field = 'text',
): { comment_text: string } | { comment: CommentBlock[] } {
  const blocks = markdownToBlocks(markdown);
  const unresolved = blocks.filter(isTag).filter((t) => typeof t.user.id !== 'number');
  if (unresolved.length > 0) {
    // The members could not be read to check them (core sent the value on as written).
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field,
          message: `the workspace members could not be read to find ${unresolved.map((t) => `@${t.user.id}`).join(', ')}: mention by user id (@81000002; clickup_get_workspace_members lists them), or write \\@ for a plain @. Nothing was sent.`,
        },
      ],
    });
  }
  const plain = blocks.every((b) => !isTag(b) && b.attributes === undefined);
  return plain
    ? { comment_text: blocks.map((b) => (isTag(b) ? '' : b.text)).join('') }
    : { comment: blocks.map((b) => (isTag(b) ? { type: 'tag', user: { id: b.user.id } } : b)) };
}

/** The rich text of a comment as Markdown; a comment without formatting as its plain text. */
export function commentMarkdown(comment: ApiComment & { comment?: CommentBlock[] | null }): string {
  const blocks = Array.isArray(comment.comment) ? comment.comment : [];
  const rich = blocks.some(
    (b) => isTag(b) || (b.attributes !== undefined && Object.keys(b.attributes).length > 0),
  );
  return rich ? blocksToMarkdown(blocks) : (comment.comment_text ?? '');
}
