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
import { hintOnNotFound } from '../shared/with-hint.ts';
import {
  COMMENT_NOT_FOUND_HINT,
  commentAssigneeParam,
  commentIdParam,
  commentTextParam,
  notifyAllParam,
} from './comment-params.ts';
import { commentBody } from './comment-body.ts';
import { quoteStart } from './comment-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const CreateCommentReplyParams = lazySchema(() =>
  z.object({
    comment_id: commentIdParam.describe('Id of the comment to answer'),
    text: commentTextParam(),
    notify_all: notifyAllParam,
    assignee: commentAssigneeParam().optional(),
    team_id: teamIdParam(),
  }),
);

export class CreateCommentReplyTool extends ClickUpTool<typeof CreateCommentReplyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_comment_reply', TOOL_PREFIX),
    description: 'Reply in the thread of a comment; returns { id, at }.',
    category: 'comments',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateCommentReplyParams;

  protected override outcomeCheck(params: ParamsOf<typeof CreateCommentReplyParams>): OutcomeCheck {
    return {
      done: 'the reply was posted',
      tool: buildToolName('get_comment_replies', TOOL_PREFIX),
      args: { comment_id: params.comment_id },
      lookFor: `a reply of yours starting ${quoteStart(params.text)} among the newest`,
    };
  }

  async execute(params: ParamsOf<typeof CreateCommentReplyParams>, ctx: ClickUpCtx) {
    const created = await hintOnNotFound(
      ctx.deps.client.post<ApiCreatedComment>(`/comment/${encodeURIComponent(params.comment_id)}/reply`, {
        json: {
          ...commentBody(params.text, ctx),
          notify_all: params.notify_all ?? false,
          ...(params.assignee !== undefined ? { assignee: params.assignee } : {}),
        },
        signal: ctx.signal,
      }),
      COMMENT_NOT_FOUND_HINT,
    );
    return toCreatedComment(created);
  }
}
