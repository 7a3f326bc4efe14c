import {
  ApiError,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toComment, type ApiComment } from '../../api/dto/comment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { commentBody, commentExtras, commentTextParam, SUMMONEE_HINT } from './comment-params.ts';

const AddCommentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    text: commentTextParam,
    ...commentExtras(),
    isAddToFollowers: z.boolean().optional().describe('Follow the issue (default true).'),
  }),
);

export class AddCommentTool extends TrackerTool<typeof AddCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_comment', TOOL_PREFIX),
    description: 'Comment on an issue. Calling twice posts twice.',
    category: 'comments',
    toolset: 'comments',
    priority: 'high',
    tags: ['comment', 'reply', 'mention', 'summon', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddCommentParams;

  /** A comment posted twice is two comments: a lost answer is checked in the issue's comments. */
  protected override outcomeCheck(params: ParamsOf<typeof AddCommentParams>): OutcomeCheck {
    const line = params.text.trim().split('\n')[0]!;
    return {
      done: `the comment was posted on ${params.issueId}`,
      tool: buildToolName('get_comments', TOOL_PREFIX),
      args: { issueId: params.issueId },
      lookFor: `a comment of yours starting ${JSON.stringify(line.length > 80 ? `${line.slice(0, 80)}…` : line)} among the newest (the list is oldest first: follow nextCursor to its end)`,
    };
  }

  async execute(params: ParamsOf<typeof AddCommentParams>, ctx: TrackerCtx) {
    try {
      const comment = await ctx.deps.client.post<ApiComment>(
        `/v3/issues/${encodeURIComponent(params.issueId)}/comments`,
        {
          json: commentBody(params),
          ...(params.isAddToFollowers !== undefined
            ? { query: { isAddToFollowers: params.isAddToFollowers } }
            : {}),
          signal: ctx.signal,
        },
      );
      return toComment(comment);
    } catch (error) {
      if (ApiError.isInstance(error) && error.status === 422 && /summon|пользовател/i.test(error.message)) {
        throw withHint(error, SUMMONEE_HINT);
      }
      throw error;
    }
  }
}
