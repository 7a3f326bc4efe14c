import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toCommentView, type ApiComment } from '../../api/dto/comment-view.ts';
import { commentMarkdown } from './comment-body.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import { COMMENT_NOT_FOUND_HINT, commentIdParam } from './comment-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetCommentRepliesParams = lazySchema(() =>
  z.object({ comment_id: commentIdParam, team_id: teamIdParam() }),
);

export class GetCommentRepliesTool extends ClickUpTool<typeof GetCommentRepliesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_comment_replies', TOOL_PREFIX),
    description: 'The threaded replies to one comment, oldest first: { items: [{id, by, at, text}] }.',
    category: 'comments',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetCommentRepliesParams;

  async execute({ comment_id }: ParamsOf<typeof GetCommentRepliesParams>, ctx: ClickUpCtx) {
    const { comments } = await hintOnNotFound(
      ctx.deps.client.get<{ comments: ApiComment[] }>(`/comment/${encodeURIComponent(comment_id)}/reply`, {
        signal: ctx.signal,
      }),
      COMMENT_NOT_FOUND_HINT,
    );
    return { items: comments.map((c) => ({ ...toCommentView(c), text: commentMarkdown(c) })) };
  }
}
