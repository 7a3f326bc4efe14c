/** Bookshelf server assembly: toolsets, registry, dependencies. No I/O at import time. */
import { defineToolset, ToolRegistry, type Logger } from '@toolsmith/core';
import { createBookshelfApi } from './api/bookshelf-api.ts';
import type { BookshelfConfig } from './config.ts';
import type { BookshelfDeps } from './tools/deps.ts';
import { createTools } from './tools/index.ts';

export const SERVER_NAME = 'bookshelf';
export const SERVER_VERSION = '0.0.0';
export const SERVER_INSTRUCTIONS =
  'Bookshelf library tools. Find books with bookshelf_search_books (use `fields` and `cursor` to keep answers small), read one with bookshelf_get_book, and change the library only after the user agreed.';

export const TOOLSETS = [
  defineToolset({ id: 'books', description: 'Search and read books', default: true }),
  defineToolset({ id: 'books_write', description: 'Add, change and delete books', default: true }),
  defineToolset({ id: 'library', description: 'Library-wide operations (export)', default: true }),
  defineToolset({ id: 'meta', description: 'Connection checks', default: true }),
];

export function createRegistry(): ToolRegistry<BookshelfDeps> {
  return new ToolRegistry<BookshelfDeps>({ toolsets: TOOLSETS }).register(...createTools());
}

export function createDeps(
  config: BookshelfConfig,
  options: { fetch?: typeof fetch; logger?: Logger } = {},
): BookshelfDeps {
  return {
    api: createBookshelfApi({
      baseUrl: config.BOOKSHELF_API_URL,
      token: () => config.BOOKSHELF_TOKEN,
      timeoutMs: config.BOOKSHELF_TIMEOUT_MS,
      ...options,
    }),
    pollIntervalMs: config.BOOKSHELF_POLL_MS,
  };
}
