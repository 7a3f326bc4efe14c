/**
 * The Bookshelf API facade: typed methods over the core HTTP kit. Tools call this, never fetch.
 */
import { createHttpClient, type Logger } from '@toolsmith/core';
import type { ApiBook, ApiBookPage, ApiExport, Shelf } from './bookshelf-types.ts';

export interface BookshelfApiOptions {
  baseUrl: string;
  /** Read on every request, never at construction. */
  token: () => string;
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
  retry?: { limit?: number; baseDelayMs?: number };
}

export interface BookshelfApi {
  me(signal?: AbortSignal): Promise<{ user: string; library: string; books: number }>;
  searchBooks(
    query: { q?: string; author?: string; shelf?: Shelf; limit?: number; cursor?: string },
    signal?: AbortSignal,
  ): Promise<ApiBookPage>;
  getBook(id: string, signal?: AbortSignal): Promise<ApiBook>;
  addBook(
    book: { title: string; authors: string[]; year: number; isbn?: string; shelf?: Shelf; genres?: string[] },
    signal?: AbortSignal,
  ): Promise<ApiBook>;
  updateBook(
    id: string,
    changes: Partial<Pick<ApiBook, 'title' | 'shelf' | 'rating' | 'genres'>>,
    version?: number,
    signal?: AbortSignal,
  ): Promise<ApiBook>;
  deleteBook(id: string, signal?: AbortSignal): Promise<void>;
  startExport(format: 'csv' | 'json', signal?: AbortSignal): Promise<ApiExport>;
  getExport(id: string, signal?: AbortSignal): Promise<ApiExport>;
}

/** The API's error body: `{ error: { code, message, allowed? } }` → a message naming valid values. */
function parseBookshelfError(body: unknown) {
  const error = (body as { error?: { code?: string; message?: string; allowed?: string[] } } | undefined)
    ?.error;
  if (!error?.message) return undefined;
  const allowed = error.allowed ? ` Valid values: ${error.allowed.join(', ')}.` : '';
  return { message: `${error.message}${allowed}`, apiCode: error.code };
}

export function createBookshelfApi(options: BookshelfApiOptions): BookshelfApi {
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    headers: () => ({ authorization: `Bearer ${options.token()}` }),
    secrets: () => [options.token()],
    parseError: parseBookshelfError,
    userAgent: 'bookshelf-mcp/0.0.0',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const id = (value: string) => encodeURIComponent(value);
  const data = async <T>(response: Promise<{ data: T }>) => (await response).data;

  return {
    me: (signal) => data(http.get('/v1/me', { signal })),
    searchBooks: (query, signal) => data(http.get<ApiBookPage>('/v1/books', { query, signal })),
    getBook: (bookId, signal) => data(http.get<ApiBook>(`/v1/books/${id(bookId)}`, { signal })),
    addBook: (book, signal) => data(http.post<ApiBook>('/v1/books', { json: book, signal })),
    updateBook: (bookId, changes, version, signal) =>
      data(
        http.patch<ApiBook>(`/v1/books/${id(bookId)}`, {
          json: changes,
          signal,
          ...(version !== undefined ? { headers: { 'if-match': String(version) } } : {}),
        }),
      ),
    deleteBook: async (bookId, signal) => void (await http.delete(`/v1/books/${id(bookId)}`, { signal })),
    startExport: (format, signal) => data(http.post<ApiExport>('/v1/exports', { json: { format }, signal })),
    getExport: (exportId, signal) => data(http.get<ApiExport>(`/v1/exports/${id(exportId)}`, { signal })),
  };
}
