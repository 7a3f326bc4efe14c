import type { BookshelfApi } from './api/bookshelf-api.ts';

/** What every Bookshelf tool receives as `ctx.deps`. */
export interface BookshelfDeps {
  api: BookshelfApi;
  /** Delay between export status polls. */
  pollIntervalMs: number;
}
