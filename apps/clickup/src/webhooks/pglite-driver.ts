/**
 * The embedded store's connection: PGlite (PostgreSQL compiled to WebAssembly) with its data in a
 * directory. Loaded and opened only when first needed — a fresh directory takes seconds to
 * initialise, an existing one about a second — never on the server's startup path. Every statement
 * is written through to the directory before its promise resolves (PGlite's default, not
 * `relaxedDurability`), so an acknowledged event survives the process being killed. One process
 * per directory: PGlite takes no lock, so do not point two servers at the same one.
 */
import { mkdir } from 'node:fs/promises';
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

export async function openPgliteDriver(directory: string): Promise<SqlDriver> {
  await mkdir(directory, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(directory);
  const queryable = (q: Pick<typeof db, 'query'>): SqlQueryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, [...params])).rows;
    },
  });
  return {
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    close: () => db.close(),
  };
}
