/**
 * Where the built-in authorization server keeps its records: one row per oidc-provider model
 * instance (clients, grants, codes, refresh tokens, sessions, interactions), per user's upstream
 * tokens, per pending upstream login, and its generated keys. The store sees only digests and
 * ciphertext: ids (which for codes and tokens ARE the secret) arrive as SHA-256, payloads as
 * compact JWE, so a copy of the table gives away no token. Hashing and encryption happen above it
 * (`provider-adapter.ts`, `token-vault.ts`); a store only files rows.
 *
 * Two implementations: `createMemoryOAuthStore()` (stdio, development, one process) and
 * `createSqlOAuthStore(sql)` (PGlite or PostgreSQL, shared by replicas).
 */

export interface OAuthRow {
  /** oidc-provider model name (`AccessToken`, `Grant`, …) or one of ours (`UpstreamCredentials`…). */
  readonly model: string;
  /** SHA-256 (base64url) of the record's id. */
  readonly idHash: string;
  /** The record, sealed (compact JWE). */
  readonly payload: string;
  /** SHA-256 of the grant the record belongs to (codes and tokens), for revoking a grant at once. */
  readonly grantIdHash?: string;
  /** SHA-256 of the session uid (Session records). */
  readonly uidHash?: string;
  /** SHA-256 of the user code (device flow records). */
  readonly userCodeHash?: string;
  /** Epoch seconds after which the row is gone; absent: kept until destroyed. */
  readonly expiresAt?: number;
  /** Epoch seconds it was consumed (a used authorization code, a rotated refresh token). */
  readonly consumedAt?: number;
}

export type OAuthIndex = 'uid' | 'userCode';

export interface OAuthStore {
  /** True when rows outlive the process (a database): they must be encrypted under real keys. */
  readonly persistent: boolean;
  upsert(row: OAuthRow): Promise<void>;
  /** Writes the row only if none exists for (model, idHash); true when this call wrote it. */
  insertIfAbsent(row: OAuthRow): Promise<boolean>;
  /** The unexpired row, or undefined. */
  find(model: string, idHash: string, now: number): Promise<OAuthRow | undefined>;
  findBy(model: string, index: OAuthIndex, hash: string, now: number): Promise<OAuthRow | undefined>;
  /**
   * Marks the row consumed; false when it already was (or is gone), so two replicas redeeming the
   * same code at once cannot both succeed.
   */
  consume(model: string, idHash: string, at: number): Promise<boolean>;
  destroy(model: string, idHash: string): Promise<void>;
  /** Deletes the unexpired row and returns it, atomically: a one-time value is used once. */
  take(model: string, idHash: string, now: number): Promise<OAuthRow | undefined>;
  revokeByGrantId(model: string, grantIdHash: string): Promise<void>;
  /** Replaces the payload if it is still `previous` (re-encryption under a new key). */
  replacePayload(model: string, idHash: string, previous: string, next: string): Promise<void>;
}

/** Rows in a Map: for one process whose records may die with it (stdio, development, tests). */
export function createMemoryOAuthStore(): OAuthStore {
  const rows = new Map<string, OAuthRow>();
  const key = (model: string, idHash: string) => `${model}\u0000${idHash}`;
  const live = (row: OAuthRow | undefined, now: number) =>
    row && (row.expiresAt === undefined || row.expiresAt > now) ? row : undefined;
  let lastSweep = 0;
  // Expired rows are dropped at most once a minute, on a write, so a long-running process stays bounded.
  const sweep = () => {
    const now = Math.floor(Date.now() / 1000);
    if (now - lastSweep < 60) return;
    lastSweep = now;
    for (const [k, row] of rows) if (!live(row, now)) rows.delete(k);
  };
  return {
    persistent: false,
    async upsert(row) {
      sweep();
      rows.set(key(row.model, row.idHash), row);
    },
    async insertIfAbsent(row) {
      if (rows.has(key(row.model, row.idHash))) return false;
      rows.set(key(row.model, row.idHash), row);
      return true;
    },
    async find(model, idHash, now) {
      return live(rows.get(key(model, idHash)), now);
    },
    async findBy(model, index, hash, now) {
      for (const row of rows.values()) {
        const value = index === 'uid' ? row.uidHash : row.userCodeHash;
        if (row.model === model && value === hash && live(row, now)) return row;
      }
      return undefined;
    },
    async consume(model, idHash, at) {
      const row = rows.get(key(model, idHash));
      if (!row || row.consumedAt !== undefined) return false;
      rows.set(key(model, idHash), { ...row, consumedAt: at });
      return true;
    },
    async destroy(model, idHash) {
      rows.delete(key(model, idHash));
    },
    async take(model, idHash, now) {
      const row = live(rows.get(key(model, idHash)), now);
      rows.delete(key(model, idHash));
      return row;
    },
    async revokeByGrantId(model, grantIdHash) {
      for (const [k, row] of rows) if (row.model === model && row.grantIdHash === grantIdHash) rows.delete(k);
    },
    async replacePayload(model, idHash, previous, next) {
      const row = rows.get(key(model, idHash));
      if (row?.payload === previous) rows.set(key(model, idHash), { ...row, payload: next });
    },
  };
}
