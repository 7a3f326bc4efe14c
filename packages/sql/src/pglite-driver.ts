/**
 * The embedded connection: PGlite (PostgreSQL compiled to WebAssembly), its data in a directory or
 * in memory. PGlite is imported and started only when this is called — a fresh directory takes
 * seconds to initialise, an existing one about a second — so callers open it lazily, never on a
 * server's start-up path. Every statement is written through to the directory before its promise
 * resolves (PGlite's default, not `relaxedDurability`). One process per directory: PGlite takes no
 * lock, so the driver locks the directory (directory-lock.ts) before PGlite starts — a second
 * process, or a second open in this one, is refused at once with DirectoryInUseError — and
 * releases it on close and when the process exits.
 */
import { access, mkdir } from 'node:fs/promises';
import type { Extensions, PGlite, Transaction } from '@electric-sql/pglite';
import { lockDirectory, type DirectoryLock } from './directory-lock.ts';
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
  /**
   * What the refusal of a directory another process holds advises, after naming that process, e.g.
   * 'Point CLICKUP_WEBHOOK_STORE at another directory, or set DATABASE_URL for several processes.'
   * Default: stop that process or use another directory; several processes share a store through
   * PostgreSQL (DATABASE_URL).
   */
  busyHint?: string;
}

export async function openPgliteDriver(
  location: PgliteLocation,
  options: PgliteDriverOptions = {},
): Promise<SqlDriver> {
  const directory = typeof location === 'string' ? location : undefined;
  let lock: DirectoryLock | undefined;
  if (directory !== undefined) {
    await mkdir(directory, { recursive: true });
    // before PGlite loads: a directory in use is refused in milliseconds
    lock = lockDirectory(directory, options.busyHint === undefined ? {} : { hint: options.busyHint });
  }
  let db: PGlite;
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const fresh = directory === undefined || !(await hasDatabase(directory));
    const settings = {
      ...(options.extensions ? { extensions: options.extensions } : {}),
      ...(options.loadDataDir && fresh ? { loadDataDir: options.loadDataDir } : {}),
    };
    db = directory === undefined ? await PGlite.create(settings) : await PGlite.create(directory, settings);
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    for (const [name, value] of Object.entries(options.settings ?? {})) {
      await db.query('SELECT set_config($1, $2, false)', [name, String(value)]);
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    lock?.release();
    throw error;
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
    async close() {
      try {
        await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** A PostgreSQL data directory has PG_VERSION at its root. */
async function hasDatabase(directory: string): Promise<boolean> {
  return access(`${directory}/PG_VERSION`).then(
    () => true,
    () => false,
  );
}
