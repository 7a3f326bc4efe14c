import { buildToolName, defineToolMetadata, fieldsParam, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBookDetail, type BookDetail } from '../../api/book-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';
import { bookIdParam } from './book-params.ts';

const GetBookParams = lazySchema(() =>
  z.object({
    bookId: bookIdParam,
    fields: fieldsParam({ examples: [['title', 'rating', 'summary']] }),
  }),
);

export class GetBookTool extends BookshelfTool<typeof GetBookParams, BookDetail> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_book', TOOL_PREFIX),
    title: 'Get book',
    description: '[Books/Read] Get one book with its details (ISBN, genres, rating, summary, version).',
    category: 'books',
    priority: 'high',
    tags: ['read', 'details', 'show'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBookParams;

  async execute({ bookId }: ParamsOf<typeof GetBookParams>, ctx: BookshelfCtx): Promise<BookDetail> {
    return toBookDetail(await ctx.deps.api.getBook(bookId, ctx.signal));
  }
}
