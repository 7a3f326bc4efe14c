import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBookDetail, type BookDetail } from '../../api/book-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';
import { bookIdParam, shelfParam } from './book-params.ts';

const UpdateBookParams = lazySchema(() =>
  z.object({
    bookId: bookIdParam,
    title: z.string().min(1).max(300).optional().describe('New title.'),
    shelf: shelfParam.optional(),
    rating: z.number().int().min(1).max(5).nullable().optional().describe('Rating 1–5, or null to clear it.'),
    genres: z.array(z.string().min(1)).max(5).optional().describe('Replaces the genres.'),
    version: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe(
        'The `version` you read with bookshelf_get_book; the update is refused if the book changed since.',
      ),
  }),
);

export class UpdateBookTool extends BookshelfTool<typeof UpdateBookParams, BookDetail> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_book', TOOL_PREFIX),
    title: 'Update book',
    description:
      '[Books/Update] Change a book: title, shelf, rating or genres. Pass `version` to avoid overwriting a newer change.',
    category: 'books',
    toolset: 'books_write',
    tags: ['edit', 'change', 'move', 'rate', 'write'],
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateBookParams;

  async execute(
    { bookId, version, ...changes }: ParamsOf<typeof UpdateBookParams>,
    ctx: BookshelfCtx,
  ): Promise<BookDetail> {
    if (Object.keys(changes).length === 0) {
      return toBookDetail(await ctx.deps.api.getBook(bookId, ctx.signal));
    }
    return toBookDetail(await ctx.deps.api.updateBook(bookId, changes, version, ctx.signal));
  }
}
