/**
 * The little of a PostgreSQL connection a store needs, so that one SQL implementation runs on both
 * embedded PGlite and a PostgreSQL server reached through `pg`.
 */
export interface SqlQueryable {
  /** One statement with `$1…` parameters; resolves to its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface SqlDriver extends SqlQueryable {
  /** `pglite`: embedded, one connection in this process. `postgres`: a server, a pool of connections. */
  readonly kind: 'pglite' | 'postgres';
  /** `fn` runs in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
