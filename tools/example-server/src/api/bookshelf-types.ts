/** Wire shapes of the Bookshelf API (snake_case, as the API sends them). */
export const SHELVES = ['to-read', 'reading', 'read'] as const;
export type Shelf = (typeof SHELVES)[number];

export interface ApiBook {
  id: string;
  isbn: string | null;
  title: string;
  authors: { id: string; name: string }[];
  year: number;
  genres: string[];
  shelf: Shelf;
  rating: number | null;
  summary: string;
  created_at: string;
  updated_at: string;
  version: number;
}

export interface ApiBookPage {
  books: ApiBook[];
  next_cursor: string | null;
}

export interface ApiExport {
  id: string;
  status: 'running' | 'done' | 'failed';
  processed: number;
  total: number;
  url: string | null;
}
