import { BaseTool, buildToolName, defineToolMetadata, fieldsParam, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import { toBookDetail, type BookDetail } from '../../api/book-dto.ts';
import { TOOL_PREFIX, type BookshelfDeps } from '../deps.ts';
import { bookIdParam } from './book-params.ts';

const GetBookParams = z.object({
  bookId: bookIdParam,
  fields: fieldsParam({ examples: [['title', 'rating', 'summary']] }),
});

export class GetBookTool extends BaseTool<BookshelfDeps, typeof GetBookParams, BookDetail> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_book', TOOL_PREFIX),
    title: 'Get book',
    description: '[Books/Read] Get one book with its details (ISBN, genres, rating, summary, version).',
    category: 'books',
    priority: 'high',
    tags: ['read', 'details', 'show'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  override getParamsSchema() {
    return GetBookParams;
  }

  async execute(
    { bookId }: z.output<typeof GetBookParams>,
    ctx: ToolContext<BookshelfDeps>,
  ): Promise<BookDetail> {
    return toBookDetail(await ctx.deps.api.getBook(bookId, ctx.signal));
  }
}
