import { BaseTool, buildToolName, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX, type BookshelfDeps } from '../deps.ts';
import { bookIdParam } from './book-params.ts';

const DeleteBookParams = z.object({ bookId: bookIdParam });

export class DeleteBookTool extends BaseTool<BookshelfDeps, typeof DeleteBookParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_book', TOOL_PREFIX),
    title: 'Delete book',
    description: '[Books/Delete] Remove a book from the library for good.',
    category: 'books',
    toolset: 'books_write',
    tags: ['remove', 'delete', 'write'],
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  override getParamsSchema() {
    return DeleteBookParams;
  }

  async execute({ bookId }: z.output<typeof DeleteBookParams>, ctx: ToolContext<BookshelfDeps>) {
    await ctx.deps.api.deleteBook(bookId, ctx.signal);
    return { deleted: bookId };
  }
}
