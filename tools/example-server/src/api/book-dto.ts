/** Compact shapes the tools return: what a model needs, in camelCase, without API noise. */
import type { ApiBook } from './bookshelf-types.ts';

export interface BookSummary {
  id: string;
  title: string;
  authors: string[];
  year: number;
  shelf: ApiBook['shelf'];
}

export interface BookDetail extends BookSummary {
  isbn: string | null;
  genres: string[];
  rating: number | null;
  summary: string;
  updatedAt: string;
  version: number;
}

export const toBookSummary = (book: ApiBook): BookSummary => ({
  id: book.id,
  title: book.title,
  authors: book.authors.map((a) => a.name),
  year: book.year,
  shelf: book.shelf,
});

export const toBookDetail = (book: ApiBook): BookDetail => ({
  ...toBookSummary(book),
  isbn: book.isbn,
  genres: book.genres,
  rating: book.rating,
  summary: book.summary,
  updatedAt: book.updated_at,
  version: book.version,
});
