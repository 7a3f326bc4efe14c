import { buildToolName, defineToolMetadata, lazySchema, listAfter, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toCommentView, type ApiComment } from '../../api/dto/comment-view.ts';
import { commentMarkdown } from './comment-body.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { commentsPath } from './comment-params.ts';
import { sayFirstPage } from '../shared/paging.ts';

/** ClickUp's fixed page size for comments. */
const PER_PAGE = 25;

export const GetCommentsParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam().optional(),
    list_id: listIdParam().optional().describe('List id, for the comments of a list instead of a task'),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
    team_id: teamIdParam(),
  }),
);

export class GetCommentsTool extends ClickUpTool<typeof GetCommentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_comments', TOOL_PREFIX),
    description:
      'Comments of a task (or a list), newest first, 25 a page. Replies: clickup_get_comment_replies.',
    category: 'comments',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetCommentsParams;

  async execute(params: ParamsOf<typeof GetCommentsParams>, ctx: ClickUpCtx) {
    const { path, query } = await commentsPath(params, ctx);
    return sayFirstPage(
      ctx,
      params.cursor,
      await listAfter(
        this.name,
        { ...params, perPage: PER_PAGE },
        async (after) => {
          // The position is "<date>:<id>" of the last comment seen: ClickUp's start and start_id.
          const [start, startId] = after ? after.split(':') : [];
          const { comments } = await ctx.deps.client.get<{ comments: ApiComment[] }>(path, {
            query: { ...query, ...(start && startId ? { start, start_id: startId } : {}) },
            signal: ctx.signal,
          });
          return { items: comments, hasMore: comments.length >= PER_PAGE };
        },
        (comment) => `${comment.date}:${comment.id}`,
        (comment) => ({ ...toCommentView(comment), text: commentMarkdown(comment) }),
      ),
    );
  }
}
