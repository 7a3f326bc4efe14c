import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { COMMENT_NOT_FOUND_HINT, commentIdParam } from './comment-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const DeleteCommentParams = lazySchema(() =>
  z.object({ comment_id: commentIdParam, team_id: teamIdParam() }),
);

export class DeleteCommentTool extends ClickUpTool<typeof DeleteCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_comment', TOOL_PREFIX),
    description: 'Delete a comment and its replies. It cannot be restored.',
    category: 'comments',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteCommentParams;

  async execute({ comment_id }: ParamsOf<typeof DeleteCommentParams>, ctx: ClickUpCtx) {
    await hintOnNotFound(
      ctx.deps.client.delete(`/comment/${encodeURIComponent(comment_id)}`, { signal: ctx.signal }),
      COMMENT_NOT_FOUND_HINT,
    );
    return { deleted: comment_id };
  }
}
