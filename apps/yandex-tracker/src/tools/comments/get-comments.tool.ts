import { buildToolName, defineToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { toComment, type ApiComment } from '../../api/dto/comment-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { chooseView, firstPageOnly, listAfter } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, issueIdParam, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const GetCommentsParams = lazySchema(() =>
  z.object({
    issueId: issueIdParam,
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('createdBy.display'),
  }),
);

export class GetCommentsTool extends TrackerTool<ReturnType<typeof GetCommentsParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_comments', TOOL_PREFIX),
    description: 'Comments of an issue, oldest first.',
    category: 'comments',
    toolset: 'comments',
    priority: 'high',
    tags: ['comments', 'discussion', 'read', 'replies'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  override getParamsSchema() {
    return GetCommentsParams();
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute(params: z.output<ReturnType<typeof GetCommentsParams>>, ctx: TrackerCtx) {
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
