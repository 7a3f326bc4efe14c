import { ApiError, buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toComment, type ApiComment } from '../../api/dto/comment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import {
  commentBody,
  commentExtras,
  commentIdParam,
  commentTextParam,
  SUMMONEE_HINT,
} from './comment-params.ts';
import { isMissingIssue } from '../issues/missing-issue.ts';

const EditCommentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    commentId: commentIdParam(),
    text: commentTextParam.describe('The new full text.'),
    ...commentExtras(),
    version: z.number().int().positive().optional().describe('`version` from your read (recommended).'),
  }),
);

export class EditCommentTool extends TrackerTool<typeof EditCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('edit_comment', TOOL_PREFIX),
    description: 'Replace the text of your comment.',
    category: 'comments',
    toolset: 'comments_edit',
    priority: 'normal',
    tags: ['comment', 'edit', 'update', 'fix typo', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = EditCommentParams;

  async execute(params: ParamsOf<typeof EditCommentParams>, ctx: TrackerCtx) {
    try {
      const comment = await ctx.deps.client.patch<ApiComment>(
        `/v3/issues/${encodeURIComponent(params.issueId)}/comments/${params.commentId}`,
        {
          json: commentBody(params),
          ...(params.version !== undefined ? { query: { version: params.version } } : {}),
          idempotent: true,
          signal: ctx.signal,
        },
      );
      return toComment(comment);
    } catch (error) {
      if (!ApiError.isInstance(error)) throw error;
      switch (error.status) {
        case 409:
          throw withHint(
            error,
            `Read the comments again with tracker_get_comments to get comment ${params.commentId}'s current text and version, then edit that.`,
          );
        case 403:
          throw withHint(
            error,
            'Only the author of a comment can edit it: add a new comment with tracker_add_comment instead.',
          );
        case 404:
          if (isMissingIssue(error)) throw error;
          throw withHint(
            error,
            `List the comments of ${params.issueId} with tracker_get_comments to find the commentId.`,
          );
        case 422:
          throw /summon|пользовател/i.test(error.message) ? withHint(error, SUMMONEE_HINT) : error;
        default:
          throw error;
      }
    }
  }
}
