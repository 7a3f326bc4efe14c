/**
 * Statements prepared once and executed many times, on PGlite: `PREPARE name AS <sql>` the first
 * time a statement is run, `EXECUTE name(<values>)` after that. With `plan_cache_mode =
 * force_generic_plan` on the connection (the store sets it on its PGlite connection) the statement
 * is parsed and planned once, not on every search — about a quarter of a search's CPU time at
 * 10,000 entries (docs/performance.md). PGlite's `query()` has no named statements and `EXECUTE`
 * takes no bind parameters, so the values are written into the EXECUTE as SQL literals
 * (`sqlLiteral`: quoted like node-postgres's `escapeLiteral`).
 */
import type { SqlQueryable } from '@toolsmith/sql';

export type PreparedRunner = <T>(sql: string, values: readonly unknown[]) => Promise<T[]>;

/** Runs statements through `q`, each prepared on first use; one runner per connection. */
export function preparedRunner(q: SqlQueryable, prefix: string): PreparedRunner {
  const names = new Map<string, Promise<string>>();
  let next = 0;
  return async <T>(sql: string, values: readonly unknown[]) => {
    let name = names.get(sql);
    if (!name) {
      const chosen = `${prefix}_${++next}`;
      name = q.query(`PREPARE ${chosen} AS ${sql}`).then(() => chosen);
      names.set(sql, name);
      // a failed PREPARE is tried again by the next call, not remembered
      name.catch(() => names.delete(sql));
    }
    const statement = await name;
    return q.query<T>(
      `EXECUTE ${statement}${values.length > 0 ? `(${values.map(sqlLiteral).join(', ')})` : ''}`,
    );
  };
}

/** A value as a SQL literal: NULL, a number, a boolean, a quoted string, an ARRAY of those. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be written as a SQL literal.`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new RangeError('PostgreSQL text cannot hold a NUL character (\\0).');
    return quoteString(value);
  }
  if (Array.isArray(value)) return value.length === 0 ? `'{}'` : `ARRAY[${value.map(sqlLiteral).join(', ')}]`;
  throw new TypeError(
    `A ${typeof value} cannot be written as a SQL literal; pass a string, number, boolean, null or an array.`,
  );
}

/** Quotes doubled; with a backslash, the E'' form with backslashes doubled — right whatever standard_conforming_strings says. */
function quoteString(text: string): string {
  const quoted = `'${text.replaceAll("'", "''").replaceAll('\\', '\\\\')}'`;
  return text.includes('\\') ? ` E${quoted}` : quoted;
}
