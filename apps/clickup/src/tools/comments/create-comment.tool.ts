import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toCreatedComment, type ApiCreatedComment } from '../../api/dto/comment-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, taskIdParam, teamIdParam } from '../shared/params.ts';
import { commentAssigneeParam, commentsPath, commentTextParam, notifyAllParam } from './comment-params.ts';
import { commentBody } from './comment-body.ts';
import { quoteStart } from './comment-params.ts';

export const CreateCommentParams = lazySchema(() =>
  z.object({
    task_id: taskIdParam().optional(),
    list_id: listIdParam().optional().describe('List id, to comment on a list instead of a task'),
    text: commentTextParam(),
    notify_all: notifyAllParam,
    assignee: commentAssigneeParam().optional(),
    team_id: teamIdParam(),
  }),
);

export class CreateCommentTool extends ClickUpTool<typeof CreateCommentParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_comment', TOOL_PREFIX),
    description:
      'Comment on a task (or a list); returns { id, at }. To answer a comment: clickup_create_comment_reply.',
    category: 'comments',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateCommentParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateCommentParams>): OutcomeCheck {
    return {
      done: 'the comment was posted',
      tool: buildToolName('get_comments', TOOL_PREFIX),
      args: params.list_id !== undefined ? { list_id: params.list_id } : { task_id: params.task_id },
      lookFor: `a comment of yours starting ${quoteStart(params.text)} among the newest`,
    };
  }

  async execute(params: ParamsOf<typeof CreateCommentParams>, ctx: ClickUpCtx) {
    const { path, query } = await commentsPath(params, ctx);
    const created = await ctx.deps.client.post<ApiCreatedComment>(path, {
      query,
      json: {
        ...commentBody(params.text, ctx),
        notify_all: params.notify_all ?? false,
        ...(params.assignee !== undefined ? { assignee: params.assignee } : {}),
      },
      signal: ctx.signal,
    });
    return toCreatedComment(created);
  }
}
