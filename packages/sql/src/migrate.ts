/**
 * Versioned migrations, applied when a store opens. Each component (a store in its own tables) keeps
 * its versions in the shared `schema_migrations` table; every migration runs once, in order, in one
 * transaction with the bookkeeping. Processes opening one PostgreSQL database at the same time take
 * an advisory lock, so they migrate one after another and the later ones find nothing to do.
 * Append new migrations; never edit one that shipped.
 */
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

export interface Migration {
  /** 1, 2, 3… in the order they apply. */
  version: number;
  /** What it does, recorded with the version. */
  name: string;
  /** Statements run in order, or a function for a migration that must look at the database first. */
  up: readonly string[] | ((tx: SqlQueryable) => Promise<void>);
}

export interface MigrateOptions {
  /** Whose migrations these are (`knowledge-search`, `clickup-webhooks`): one database may hold several components. */
  component: string;
  migrations: readonly Migration[];
  /** Added to the error when the database is newer than this code, e.g. "Run the newer toolsmith-knowledge against it." */
  newerHint?: string;
  /**
   * A table (`version integer, name text, applied_at timestamptz`) where this component recorded its
   * versions before it used `schema_migrations`: its rows are adopted, under the same lock, and the
   * table is dropped. For stores that shipped with their own bookkeeping.
   */
  legacyTable?: string;
}

export interface MigrateResult {
  /** The schema version after the call. */
  version: number;
  /** The versions this call applied (empty when another process, or an earlier open, did). */
  applied: number[];
}

/** Any constant: the advisory lock every component takes while migrating. */
export const MIGRATION_LOCK = 7_251_014;

/** Runs `fn` in a transaction that holds the transaction-scoped advisory lock `key` (waits for it). */
export async function withAdvisoryLock<T>(
  driver: SqlDriver,
  key: number | string,
  fn: (tx: SqlQueryable) => Promise<T>,
): Promise<T> {
  return driver.transaction(async (tx) => {
    if (typeof key === 'number') await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [key]);
    else await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [key]);
    return fn(tx);
  });
}

export async function migrate(driver: SqlDriver, options: MigrateOptions): Promise<MigrateResult> {
  const { component, migrations } = options;
  checkMigrations(component, migrations);
  const latest = Math.max(0, ...migrations.map((m) => m.version));
  return withAdvisoryLock(driver, MIGRATION_LOCK, async (tx) => {
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      component text NOT NULL,
      version integer NOT NULL,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (component, version)
    )`);
    if (options.legacyTable) await adoptLegacyTable(tx, component, options.legacyTable);
    const rows = await tx.query<{ version: number }>(
      'SELECT version FROM schema_migrations WHERE component = $1',
      [component],
    );
    const done = new Set(rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...done);
    if (newest > latest) {
      throw new Error(
        `The database holds ${component} schema version ${newest}, newer than this code knows (${latest}). ` +
          (options.newerHint ??
            'Upgrade to the version that wrote it, or point this process at another database.'),
      );
    }
    const applied: number[] = [];
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      if (typeof migration.up === 'function') await migration.up(tx);
      else for (const statement of migration.up) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (component, version, name) VALUES ($1, $2, $3)', [
        component,
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return { version: latest, applied };
  });
}

async function adoptLegacyTable(tx: SqlQueryable, component: string, table: string): Promise<void> {
  const [found] = await tx.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [table]);
  if (!found?.t) return;
  // The name was found by to_regclass: quoting it as an identifier is safe.
  const name = `"${table.replaceAll('"', '""')}"`;
  await tx.query(
    `INSERT INTO schema_migrations (component, version, name, applied_at)
     SELECT $1, version, name, applied_at FROM ${name}
     ON CONFLICT (component, version) DO NOTHING`,
    [component],
  );
  await tx.query(`DROP TABLE ${name}`);
}

function checkMigrations(component: string, migrations: readonly Migration[]): void {
  const seen = new Set<number>();
  for (const m of migrations) {
    if (!Number.isInteger(m.version) || m.version < 1) {
      throw new Error(
        `${component} migration "${m.name}" has version ${m.version}; versions are integers from 1.`,
      );
    }
    if (seen.has(m.version)) {
      throw new Error(`${component} has two migrations with version ${m.version}; give each its own number.`);
    }
    seen.add(m.version);
  }
}
