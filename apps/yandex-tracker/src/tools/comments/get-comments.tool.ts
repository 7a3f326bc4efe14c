import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toComment, type ApiComment } from '../../api/dto/comment-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listAfter } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetCommentsParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('createdBy.display'),
  }),
);

export class GetCommentsTool extends TrackerTool<typeof GetCommentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_comments', TOOL_PREFIX),
    description: 'Comments of an issue, oldest first.',
    category: 'comments',
    toolset: 'comments',
    priority: 'high',
    tags: ['comments', 'discussion', 'read', 'replies'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetCommentsParams;

  async execute(params: ParamsOf<typeof GetCommentsParams>, ctx: TrackerCtx) {
    return firstPageOnly(
      ctx,
      params,
      await listAfter(
        this.name,
        params,
        (after, perPage) =>
          ctx.deps.client.cursor<ApiComment>(
            `/v3/issues/${encodeURIComponent(params.issueId)}/comments`,
            { after, perPage },
            { signal: ctx.signal },
          ),
        (comment) => String(comment.id),
        chooseView(params, toComment),
      ),
    );
  }
}
