import {
  buildToolName,
  defineToolMetadata,
  fieldsParam,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBookSummary, type BookSummary } from '../../api/book-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';
import { shelfParam } from './book-params.ts';

const SearchBooksParams = lazySchema(() =>
  z.object({
    query: z.string().min(1).optional().describe('Words to find in titles and summaries.'),
    author: z.string().min(1).optional().describe('Part of an author name, e.g. "Saramago".'),
    shelf: shelfParam.optional(),
    limit: z.number().int().min(1).max(100).default(20).describe('Books per page (1–100).'),
    cursor: z.string().optional().describe('`nextCursor` from the previous page; omit for the first page.'),
    fields: fieldsParam({
      examples: [
        ['id', 'title'],
        ['id', 'title', 'authors', 'shelf'],
      ],
    }),
  }),
);

export class SearchBooksTool extends BookshelfTool<typeof SearchBooksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('search_books', TOOL_PREFIX),
    title: 'Search books',
    description:
      '[Books/Search] Find books by words, author or shelf. Returns compact summaries and `nextCursor` for the next page.',
    category: 'books',
    priority: 'critical',
    tags: ['find', 'list', 'query', 'library'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = SearchBooksParams;

  async execute(params: ParamsOf<typeof SearchBooksParams>, ctx: BookshelfCtx) {
    const page = await ctx.deps.api.searchBooks(
      {
        ...(params.query ? { q: params.query } : {}),
        ...(params.author ? { author: params.author } : {}),
        ...(params.shelf ? { shelf: params.shelf } : {}),
        limit: params.limit,
        ...(params.cursor ? { cursor: params.cursor } : {}),
      },
      ctx.signal,
    );
    const books: BookSummary[] = page.books.map(toBookSummary);
    return withProjectionRoot(
      { books, ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}) },
      'books',
    );
  }
}
