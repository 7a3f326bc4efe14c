/** Parameter pieces shared by the book tools — one name per identifier across all tools. */
import { z } from 'zod';
import { SHELVES } from '../../api/bookshelf-types.ts';

export const bookIdParam = z
  .string()
  .regex(/^bk_\d+$/, 'Book ids look like "bk_001".')
  .describe('Book id, e.g. "bk_001" (from bookshelf_search_books).');

export const shelfParam = z.enum(SHELVES).describe('Shelf: "to-read", "reading" or "read".');
