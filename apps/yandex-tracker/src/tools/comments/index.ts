import { AddCommentTool } from './add-comment.tool.ts';
import { DeleteCommentTool } from './delete-comment.tool.ts';
import { EditCommentTool } from './edit-comment.tool.ts';
import { GetCommentsTool } from './get-comments.tool.ts';

/** Comments: read, add (with mentions), edit, delete — all in the `comments` toolset. */
export function createCommentTools() {
  return [new GetCommentsTool(), new AddCommentTool(), new EditCommentTool(), new DeleteCommentTool()];
}
