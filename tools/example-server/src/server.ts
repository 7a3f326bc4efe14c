/**
 * Bookshelf server assembly: what it announces, its registry (the toolsets and tools of
 * tools/index.ts) and its dependencies. No I/O at import time.
 */
import { ToolRegistry, type Logger } from '@toolsmith/core';
import { createBookshelfApi } from './api/bookshelf-api.ts';
import type { BookshelfConfig } from './config.ts';
import type { BookshelfDeps } from './deps.ts';
import { createTools, TOOLSETS } from './tools/index.ts';

export { TOOL_PREFIX } from './tool-prefix.ts';
export { TOOLSETS } from './tools/index.ts';

export const SERVER_NAME = 'bookshelf';
export const SERVER_VERSION = '0.0.0';
export const SERVER_INSTRUCTIONS =
  'Bookshelf library tools. Find books with bookshelf_search_books (use `fields` and `cursor` to keep answers small), read one with bookshelf_get_book, and change the library only after the user agreed.';

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
