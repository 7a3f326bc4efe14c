/**
 * The little of a PostgreSQL connection the event store needs, so that one SQL implementation
 * (sql-event-store.ts) runs on both PGlite and `pg`.
 */
export interface SqlQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface SqlDriver extends SqlQueryable {
  /** `fn` runs in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
