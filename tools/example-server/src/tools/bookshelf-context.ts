/**
 * What a Bookshelf tool's `execute` receives: core's ToolContext over the server's deps. It imports
 * nothing but deps.ts, so any file may take it without closing an import circle.
 */
import type { ToolContext } from '@toolsmith/core';
import type { BookshelfDeps } from '../deps.ts';

export type BookshelfCtx = ToolContext<BookshelfDeps>;
