// Public API of @toolsmith/sql. Everything exported here is public API: add a symbol on purpose.
// Test helpers (a throwaway PostgreSQL cluster) are in `@toolsmith/sql/testing`.
export type { SqlDriver, SqlQueryable } from './sql-driver.ts';
export { openPgliteDriver, type PgliteDriverOptions, type PgliteLocation } from './pglite-driver.ts';
export { openPgDriver, type PgDriverOptions } from './pg-driver.ts';
export {
  lockDirectory,
  DirectoryInUseError,
  LOCK_FILE,
  type DirectoryLock,
  type LockHolder,
  type LockOptions,
} from './directory-lock.ts';
export { pgliteTemplate } from './pglite-template.ts';
export { isConnectionError } from './connection-errors.ts';
export {
  migrate,
  withAdvisoryLock,
  MIGRATION_LOCK,
  type Migration,
  type MigrateOptions,
  type MigrateResult,
} from './migrate.ts';
