import { buildToolName, defineToolMetadata, lazySchema, NotFoundError, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import { commentIdParam } from './comment-params.ts';
import { isMissingIssue } from '../issues/missing-issue.ts';

const DeleteCommentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    commentId: commentIdParam(),
    confirm: confirmParam(),
  }),
);

export class DeleteCommentTool extends TrackerTool<typeof DeleteCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_comment', TOOL_PREFIX),
    description: 'Delete a comment.',
    category: 'comments',
    toolset: 'comments_edit',
    priority: 'low',
    tags: ['comment', 'delete', 'remove', 'write'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteCommentParams;

  async execute(params: ParamsOf<typeof DeleteCommentParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete comment ${params.commentId} on ${params.issueId}? It cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(
        `/v3/issues/${encodeURIComponent(params.issueId)}/comments/${params.commentId}`,
        { signal: ctx.signal },
      );
    } catch (error) {
      if (NotFoundError.isInstance(error) && !isMissingIssue(error)) {
        throw withHint(
          error,
          `${params.issueId} has no comment ${params.commentId}: list its comments with tracker_get_comments to find the commentId.`,
        );
      }
      throw error;
    }
    return { deleted: true, issueId: params.issueId, commentId: params.commentId };
  }
}
