import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';
import { bookIdParam } from './book-params.ts';

const DeleteBookParams = lazySchema(() => z.object({ bookId: bookIdParam }));

export class DeleteBookTool extends BookshelfTool<typeof DeleteBookParams> {
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

  static override readonly PARAMS = DeleteBookParams;

  async execute({ bookId }: ParamsOf<typeof DeleteBookParams>, ctx: BookshelfCtx) {
    await ctx.deps.api.deleteBook(bookId, ctx.signal);
    return { deleted: bookId };
  }
}
