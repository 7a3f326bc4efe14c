/**
 * The shared connection: PostgreSQL through `pg` (a `postgres://` URL, e.g. DATABASE_URL; Supabase
 * works the same), a small pool per process. Fails at open, with the server's own message, when the
 * URL or the server is wrong.
 */
import type { ClientBase, Pool, PoolClient } from 'pg';
import type { SqlDriver, SqlQueryable } from './sql-driver.ts';

export interface PgDriverOptions {
  /** Connections in the pool (default 4). */
  max?: number;
  /**
   * Settings every connection of the pool gets (`set_config(name, value)` when it connects, awaited
   * before its first query), e.g. `{ 'pg_trgm.word_similarity_threshold': 0.65 }`. A setting the
   * server refuses fails the query that opened the connection, naming it — at open, the open. Behind a transaction-mode pooler they may not
   * stick: use them for tuning, not for correctness.
   */
  settings?: Readonly<Record<string, string | number>>;
}

export async function openPgDriver(
  connectionString: string,
  options: PgDriverOptions = {},
): Promise<SqlDriver> {
  const { default: pg } = await import('pg');
  const settings = Object.entries(options.settings ?? {});
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 4,
    // pg-pool awaits this before a new connection serves its first query; when it fails, the
    // connection is closed and the query that asked for it fails with the reason (at open: open fails).
    ...(settings.length > 0 ? { onConnect: (client: ClientBase) => applySettings(client, settings) } : {}),
  });
  // An idle client's connection error (a server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
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
      // While checked out, a client has no pool listener: a connection the server ends (restart,
      // pg_terminate_backend) would emit an unhandled 'error' and end the process. The statement
      // in flight fails with it anyway; the broken client is destroyed instead of going back.
      const ignore = () => undefined;
      client.on('error', ignore);
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(queryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollback: unknown) => {
          broken = rollback instanceof Error ? rollback : new Error(String(rollback));
        });
        throw error;
      } finally {
        client.off('error', ignore);
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** One setting after another on a new connection, each awaited; a refused one fails the connection, naming it. */
async function applySettings(
  client: ClientBase,
  settings: readonly (readonly [string, string | number])[],
): Promise<void> {
  for (const [name, value] of settings) {
    try {
      await client.query('SELECT set_config($1, $2, false)', [name, String(value)]);
    } catch (error) {
      throw new Error(
        `PostgreSQL refused the connection setting ${name} = ${String(value)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }
}
