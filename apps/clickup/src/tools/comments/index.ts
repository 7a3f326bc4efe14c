/** The comments tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateCommentReplyTool } from './create-comment-reply.tool.ts';
import { CreateCommentTool } from './create-comment.tool.ts';
import { DeleteCommentTool } from './delete-comment.tool.ts';
import { GetCommentRepliesTool } from './get-comment-replies.tool.ts';
import { GetCommentsTool } from './get-comments.tool.ts';
import { UpdateCommentTool } from './update-comment.tool.ts';

export function commentTools(): AnyTool<ClickUpDeps>[] {
  return [
    new GetCommentsTool(),
    new CreateCommentTool(),
    new GetCommentRepliesTool(),
    new CreateCommentReplyTool(),
    new UpdateCommentTool(),
    new DeleteCommentTool(),
  ];
}
