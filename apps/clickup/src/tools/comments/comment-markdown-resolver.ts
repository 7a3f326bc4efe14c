/**
 * `custom(schema, 'comment_markdown')`: a comment's Markdown with its mentions made exact on the
 * guarded path. Each `@name`, `@[Full Name]`, `@e-mail`, `@me` or `@<user id>` is resolved as
 * `ref('member')` would (a name or e-mail converted to the member's id and announced, a near miss
 * refused with a did-you-mean, anything else with where the members are) and written back as
 * `@<user id>`; the tool then sends ClickUp's rich text (comment-body.ts).
 */
import type { CustomResolveCall } from '@toolsmith/core';
import { blocksToMarkdown, isTag, markdownToBlocks } from './comment-markdown.ts';

/** Any deps will do: it reads through `call.resolve`, the references it was declared on. */
export async function resolveCommentMarkdown<TDeps>(
  value: unknown,
  call: CustomResolveCall<TDeps>,
): Promise<unknown> {
  if (typeof value !== 'string') return value;
  const blocks = markdownToBlocks(value);
  const tags = blocks.filter(isTag);
  if (tags.length === 0) return value;
  let changed = false;
  for (const [index, tag] of tags.entries()) {
    // One field per mention: a call records one conversion per field.
    const id = await call.resolve('member', `${call.field} (mention ${index + 1})`, tag.user.id);
    if (id !== tag.user.id) {
      tag.user.id = id;
      changed = true;
    }
  }
  return changed ? blocksToMarkdown(blocks) : value;
}
