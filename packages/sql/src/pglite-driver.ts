/**
 * The embedded connection: PGlite (PostgreSQL compiled to WebAssembly), its data in a directory or
 * in memory. PGlite is imported and started only when this is called — a fresh directory takes
 * seconds to initialise, an existing one about a second — so callers open it lazily, never on a
 * server's start-up path. Every statement is written through to the directory before its promise
 * resolves (PGlite's default, not `relaxedDurability`). One process per directory: PGlite takes no
 * lock, so do not point two processes at the same one.
 */
import { access, mkdir } from 'node:fs/promises';
import type { Extensions, PGlite, Transaction } from '@electric-sql/pglite';
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

/** Where the data lives: a directory, or `{ memory: true }` for a database that ends with the process. */
export type PgliteLocation = string | { memory: true };

export interface PgliteDriverOptions {
  /**
   * PGlite extensions to load, e.g. `{ vector }` from `@electric-sql/pglite-pgvector` and
   * `{ pg_trgm }` from `@electric-sql/pglite/contrib/pg_trgm`. Loading makes them available;
   * `CREATE EXTENSION` still enables them in the database.
   */
  extensions?: Extensions;
  /**
   * A data directory tarball (`dumpDataDir()`) to start a NEW database from instead of running
   * initdb, which takes several seconds; ignored for a directory that already holds a database.
   */
  loadDataDir?: Blob;
  /** Settings of the connection (`SET name = value` after it opens), e.g. `{ enable_seqscan: 'off' }`. */
  settings?: Readonly<Record<string, string | number>>;
}

export async function openPgliteDriver(
  location: PgliteLocation,
  options: PgliteDriverOptions = {},
): Promise<SqlDriver> {
  const { PGlite } = await import('@electric-sql/pglite');
  const directory = typeof location === 'string' ? location : undefined;
  if (directory !== undefined) await mkdir(directory, { recursive: true });
  const fresh = directory === undefined || !(await hasDatabase(directory));
  const settings = {
    ...(options.extensions ? { extensions: options.extensions } : {}),
    ...(options.loadDataDir && fresh ? { loadDataDir: options.loadDataDir } : {}),
  };
  const db: PGlite =
    directory === undefined ? await PGlite.create(settings) : await PGlite.create(directory, settings);
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    await db.query('SELECT set_config($1, $2, false)', [name, String(value)]);
  }
  const queryable = (q: PGlite | Transaction): SqlQueryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, [...params])).rows;
    },
  });
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (fn) => db.transaction((tx) => fn(queryable(tx))),
    close: () => db.close(),
  };
}

/** A PostgreSQL data directory has PG_VERSION at its root. */
async function hasDatabase(directory: string): Promise<boolean> {
  return access(`${directory}/PG_VERSION`).then(
    () => true,
    () => false,
  );
}
