import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { hintOnNotFound } from '../shared/with-hint.ts';
import {
  COMMENT_NOT_FOUND_HINT,
  commentAssigneeParam,
  commentIdParam,
  commentTextParam,
} from './comment-params.ts';
import { commentBody } from './comment-body.ts';
import { teamIdParam } from '../shared/params.ts';

export const UpdateCommentParams = lazySchema(() =>
  z.object({
    comment_id: commentIdParam,
    text: commentTextParam().optional().describe('New Markdown (replaces the old)'),
    assignee: commentAssigneeParam().optional(),
    resolved: z.boolean().optional().describe('Mark the comment resolved (true) or open again (false)'),
    team_id: teamIdParam(),
  }),
);

export class UpdateCommentTool extends ClickUpTool<typeof UpdateCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_comment', TOOL_PREFIX),
    description: 'Edit a comment: its text, its assignee, or resolve it.',
    category: 'comments',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateCommentParams;

  async execute(params: ParamsOf<typeof UpdateCommentParams>, ctx: ClickUpCtx) {
    const { comment_id, text, assignee, resolved } = params;
    if (text === undefined && assignee === undefined && resolved === undefined) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field: '', message: 'changes nothing. Give text, assignee or resolved.' }],
      });
    }
    await hintOnNotFound(
      ctx.deps.client.put(`/comment/${encodeURIComponent(comment_id)}`, {
        json: {
          ...(text !== undefined ? commentBody(text, ctx) : {}),
          ...(assignee !== undefined ? { assignee } : {}),
          ...(resolved !== undefined ? { resolved } : {}),
        },
        signal: ctx.signal,
      }),
      COMMENT_NOT_FOUND_HINT,
    );
    return { updated: comment_id };
  }
}
