/**
 * The shared store's connection: PostgreSQL through `pg` (DATABASE_URL), a small pool per replica.
 * Replicas share the tables; the unique dedupe key makes concurrent appends of one delivery store
 * it once.
 */
import type { Pool } from 'pg';
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

export async function openPgDriver(
  connectionString: string,
  options: { max?: number } = {},
): Promise<SqlDriver> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString, max: options.max ?? 4 });
  // An idle client's connection error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const queryable = (q: Pick<Pool, 'query'>): SqlQueryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await q.query(sql, [...params])).rows as T[];
    },
  });
  // Fails here, with the server's own message, when the URL or the server is wrong.
  await pool.query('SELECT 1');
  return {
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
