import { ApiError, buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { toComment, type ApiComment } from '../../api/dto/comment-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { withHint } from '../shared/known-values.ts';
import type { TrackerCtx } from '../shared/list-result.ts';
import { issueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { commentBody, commentExtras, commentTextParam, SUMMONEE_HINT } from './comment-params.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const AddCommentParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    text: commentTextParam,
    ...commentExtras(),
    isAddToFollowers: z.boolean().optional().describe('Follow the issue (default true).'),
  }),
);

export class AddCommentTool extends TrackerTool<ReturnType<typeof AddCommentParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_comment', TOOL_PREFIX),
    description: 'Comment on an issue. Calling twice posts twice.',
    category: 'comments',
    toolset: 'comments',
    priority: 'high',
    tags: ['comment', 'reply', 'mention', 'summon', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  getParamsSchema() {
    return AddCommentParams();
  }

  async execute(params: z.output<ReturnType<typeof AddCommentParams>>, ctx: TrackerCtx) {
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
