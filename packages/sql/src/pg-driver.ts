/**
 * The shared connection: PostgreSQL through `pg` (a `postgres://` URL, e.g. DATABASE_URL; Supabase
 * works the same), a small pool per process. Fails at open, with the server's own message, when the
 * URL or the server is wrong.
 */
import type { Pool, PoolClient } from 'pg';
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

export interface PgDriverOptions {
  /** Connections in the pool (default 4). */
  max?: number;
  /**
   * Settings every connection of the pool gets (`SET name = value` when it connects), e.g.
   * `{ 'pg_trgm.word_similarity_threshold': 0.65 }`. Behind a transaction-mode pooler they may not
   * stick: use them for tuning, not for correctness.
   */
  settings?: Readonly<Record<string, string | number>>;
}

export async function openPgDriver(
  connectionString: string,
  options: PgDriverOptions = {},
): Promise<SqlDriver> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: options.max ?? 4 });
  // An idle client's connection error (a server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const settings = Object.entries(options.settings ?? {});
  if (settings.length > 0) {
    // Queued on the new client before the query that asked for it.
    pool.on('connect', (client) => {
      for (const [name, value] of settings) {
        client.query('SELECT set_config($1, $2, false)', [name, String(value)]).catch(() => undefined);
      }
    });
  }
  const queryable = (q: Pool | PoolClient): SqlQueryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await q.query(sql, [...params])).rows as T[];
    },
  });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  return {
    kind: 'postgres',
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
