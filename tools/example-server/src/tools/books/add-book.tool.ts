import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBookDetail, type BookDetail } from '../../api/book-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';
import { shelfParam } from './book-params.ts';

const AddBookParams = lazySchema(() =>
  z.object({
    title: z.string().min(1).max(300).describe('Book title.'),
    authors: z.array(z.string().min(1)).min(1).max(10).describe('Author names, e.g. ["José Saramago"].'),
    year: z.number().int().min(1450).max(2100).describe('Year of publication.'),
    isbn: z
      .string()
      .regex(/^97[89]-?\d{1,5}-?\d{1,7}-?\d{1,7}-?\d$/, 'Use an ISBN-13 such as "978-0-00-100001-0".')
      .optional()
      .describe('ISBN-13; the library refuses duplicates.'),
    shelf: shelfParam.default('to-read'),
    genres: z.array(z.string().min(1)).max(5).default([]).describe('Genres, e.g. ["fiction"].'),
  }),
);

export class AddBookTool extends BookshelfTool<typeof AddBookParams, BookDetail> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('add_book', TOOL_PREFIX),
    title: 'Add book',
    description:
      '[Books/Create] Add a book to the library. Check with bookshelf_search_books first to avoid duplicates.',
    category: 'books',
    toolset: 'books_write',
    tags: ['create', 'new', 'write'],
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = AddBookParams;

  async execute(params: ParamsOf<typeof AddBookParams>, ctx: BookshelfCtx): Promise<BookDetail> {
    return toBookDetail(await ctx.deps.api.addBook(params, ctx.signal));
  }
}
