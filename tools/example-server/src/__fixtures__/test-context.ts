/**
 * The test fixture of the layout: a tool's ctx on the Bookshelf API emulator (real HTTP, the real
 * client), for tests that run a tool through BaseTool.run. `openTestContext()` starts the emulator,
 * `close()` stops it.
 */
import { createToolContext } from '@toolsmith/testing';
import { createBookshelfEmulator } from '../api/bookshelf-emulator.ts';
import { loadConfig } from '../config.ts';
import { createDeps } from '../server.ts';
import type { BookshelfCtx } from '../tools/bookshelf-context.ts';

const TOKEN = 'bks_test_TOKEN_0c61e2';

/** What a tool test works with: a ctx per call, and close() when the tests are done. */
export interface TestContext {
  ctx(overrides?: Partial<BookshelfCtx>): BookshelfCtx;
  close(): Promise<void>;
}

export async function openTestContext(): Promise<TestContext> {
  const emulator = await createBookshelfEmulator({ token: TOKEN });
  const deps = createDeps(
    loadConfig({ BOOKSHELF_API_URL: emulator.url, BOOKSHELF_TOKEN: TOKEN, BOOKSHELF_POLL_MS: '20' }),
  );
  return {
    ctx: (overrides = {}) => createToolContext(deps, overrides),
    close: () => emulator.close(),
  };
}
