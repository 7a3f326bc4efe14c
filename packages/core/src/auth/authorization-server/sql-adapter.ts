/**
 * The authorization server's store in SQL: one table, created on first use, on PGlite or
 * PostgreSQL. Replicas that share the database share every record (clients, grants, codes,
 * refresh tokens, sessions, pending logins, upstream tokens, generated keys), so any replica can
 * finish a login another started and refresh a token another issued.
 *
 * The table holds digests and ciphertext only (see `oauth-store.ts`):
 *
 *   toolsmith_oauth(model, id_hash, payload_jwe, grant_id, uid, user_code, expires_at, consumed_at)
 *
 * `grant_id`, `uid` and `user_code` are SHA-256 digests too. Core does not depend on
 * `@toolsmith/sql`; anything with its `query(sql, params)` shape works (its `SqlDriver`, a `pg`
 * pool wrapped to return rows, PGlite wrapped likewise).
 */
import type { OAuthIndex, OAuthRow, OAuthStore } from './oauth-store.ts';

/** The part of a SQL driver the store uses (structurally `@toolsmith/sql`'s `SqlQueryable`). */
export interface SqlQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface SqlOAuthStoreOptions {
  /** Table name; default `toolsmith_oauth`. */
  table?: string;
}

interface SelectedRow {
  model: string;
  id_hash: string;
  payload_jwe: string;
  grant_id: string | null;
  uid: string | null;
  user_code: string | null;
  expires_at: number | null;
  consumed_at: number | null;
}

/** Concurrent first starts race on CREATE … IF NOT EXISTS; these codes mean another one won. */
const CREATED_CONCURRENTLY = new Set(['23505', '42P07', '42710']);
const SWEEP_EVERY_SECONDS = 300;

export function createSqlOAuthStore(sql: SqlQueryable, options: SqlOAuthStoreOptions = {}): OAuthStore {
  const table = options.table ?? 'toolsmith_oauth';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) {
    throw new TypeError(
      `Table name "${table}" is not a plain lower-case SQL identifier; pass one like "toolsmith_oauth".`,
    );
  }
  const columns = `model, id_hash, payload_jwe, grant_id, uid, user_code,
    extract(epoch from expires_at)::float8 AS expires_at, extract(epoch from consumed_at)::float8 AS consumed_at`;
  const unexpired = `(expires_at IS NULL OR expires_at > to_timestamp($3::float8))`;

  let ready: Promise<void> | undefined;
  const schema = () =>
    (ready ??= createSchema(sql, table).catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  let lastSweep = 0;

  async function run<T>(text: string, params: readonly unknown[]): Promise<T[]> {
    await schema();
    return sql.query<T>(text, params);
  }

  async function sweep() {
    const now = Math.floor(Date.now() / 1000);
    if (now - lastSweep < SWEEP_EVERY_SECONDS) return;
    lastSweep = now;
    await run(`DELETE FROM ${table} WHERE expires_at < to_timestamp($1::float8)`, [now]);
  }

  const values = (row: OAuthRow) => [
    row.model,
    row.idHash,
    row.payload,
    row.grantIdHash ?? null,
    row.uidHash ?? null,
    row.userCodeHash ?? null,
    row.expiresAt ?? null,
    row.consumedAt ?? null,
  ];
  const insert = `INSERT INTO ${table} (model, id_hash, payload_jwe, grant_id, uid, user_code, expires_at, consumed_at)
    VALUES ($1, $2, $3, $4, $5, $6, to_timestamp($7::float8), to_timestamp($8::float8))`;

  return {
    persistent: true,
    async upsert(row) {
      await sweep();
      await run(
        `${insert} ON CONFLICT (model, id_hash) DO UPDATE SET payload_jwe = EXCLUDED.payload_jwe,
           grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid, user_code = EXCLUDED.user_code,
           expires_at = EXCLUDED.expires_at, consumed_at = EXCLUDED.consumed_at`,
        values(row),
      );
    },
    async insertIfAbsent(row) {
      const written = await run(
        `${insert} ON CONFLICT (model, id_hash) DO NOTHING RETURNING 1 AS written`,
        values(row),
      );
      return written.length === 1;
    },
    async find(model, idHash, now) {
      const rows = await run<SelectedRow>(
        `SELECT ${columns} FROM ${table} WHERE model = $1 AND id_hash = $2 AND ${unexpired}`,
        [model, idHash, now],
      );
      return rows[0] && toRow(rows[0]);
    },
    async findBy(model, index: OAuthIndex, hash, now) {
      const column = index === 'uid' ? 'uid' : 'user_code';
      const rows = await run<SelectedRow>(
        `SELECT ${columns} FROM ${table} WHERE model = $1 AND ${column} = $2 AND ${unexpired} LIMIT 1`,
        [model, hash, now],
      );
      return rows[0] && toRow(rows[0]);
    },
    async consume(model, idHash, at) {
      const consumed = await run(
        `UPDATE ${table} SET consumed_at = to_timestamp($3::float8)
           WHERE model = $1 AND id_hash = $2 AND consumed_at IS NULL RETURNING 1 AS consumed`,
        [model, idHash, at],
      );
      return consumed.length === 1;
    },
    async destroy(model, idHash) {
      await run(`DELETE FROM ${table} WHERE model = $1 AND id_hash = $2`, [model, idHash]);
    },
    async take(model, idHash, now) {
      const rows = await run<SelectedRow>(
        `DELETE FROM ${table} WHERE model = $1 AND id_hash = $2 RETURNING ${columns}`,
        [model, idHash],
      );
      const row = rows[0] && toRow(rows[0]);
      return row && (row.expiresAt === undefined || row.expiresAt > now) ? row : undefined;
    },
    async revokeByGrantId(model, grantIdHash) {
      await run(`DELETE FROM ${table} WHERE model = $1 AND grant_id = $2`, [model, grantIdHash]);
    },
    async replacePayload(model, idHash, previous, next) {
      await run(
        `UPDATE ${table} SET payload_jwe = $4 WHERE model = $1 AND id_hash = $2 AND payload_jwe = $3`,
        [model, idHash, previous, next],
      );
    },
  };
}

async function createSchema(sql: SqlQueryable, table: string): Promise<void> {
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${table} (
      model text NOT NULL,
      id_hash text NOT NULL,
      payload_jwe text NOT NULL,
      grant_id text,
      uid text,
      user_code text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id_hash)
    )`,
    `CREATE INDEX IF NOT EXISTS ${table}_grant_id ON ${table} (model, grant_id) WHERE grant_id IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${table}_uid ON ${table} (model, uid) WHERE uid IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${table}_user_code ON ${table} (model, user_code) WHERE user_code IS NOT NULL`,
    `CREATE INDEX IF NOT EXISTS ${table}_expires_at ON ${table} (expires_at) WHERE expires_at IS NOT NULL`,
  ];
  for (const statement of statements) {
    for (let attempt = 1; ; attempt++) {
      try {
        await sql.query(statement);
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= 3 || typeof code !== 'string' || !CREATED_CONCURRENTLY.has(code)) throw error;
      }
    }
  }
}

function toRow(row: SelectedRow): OAuthRow {
  return {
    model: row.model,
    idHash: row.id_hash,
    payload: row.payload_jwe,
    ...(row.grant_id === null ? {} : { grantIdHash: row.grant_id }),
    ...(row.uid === null ? {} : { uidHash: row.uid }),
    ...(row.user_code === null ? {} : { userCodeHash: row.user_code }),
    ...(row.expires_at === null ? {} : { expiresAt: Math.floor(Number(row.expires_at)) }),
    ...(row.consumed_at === null ? {} : { consumedAt: Math.floor(Number(row.consumed_at)) }),
  };
}
