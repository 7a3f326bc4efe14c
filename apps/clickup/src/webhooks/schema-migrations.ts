/**
 * The store's schema, versioned: each migration runs once, in order, when a store is opened, and
 * is recorded in `clickup_webhook_schema`. Replicas opening one database at the same time take an
 * advisory lock, so they migrate one after another. Append new migrations; never edit one that
 * shipped.
 */
import type { SqlDriver } from './sql-driver.ts';

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'webhook events and their dedupe keys',
    statements: [
      `CREATE TABLE clickup_webhook_events (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL DEFAULT now(),
        format text NOT NULL,
        event text,
        webhook_id text,
        task_id text,
        dedupe_keys text[] NOT NULL,
        body text NOT NULL,
        list_id text,
        summary text,
        changes jsonb,
        normalised_at timestamptz
      )`,
      `CREATE TABLE clickup_webhook_event_keys (
        dedupe_key text PRIMARY KEY,
        event_id bigint NOT NULL REFERENCES clickup_webhook_events (id) DEFERRABLE INITIALLY DEFERRED
      )`,
      'CREATE INDEX clickup_webhook_events_task ON clickup_webhook_events (task_id, id)',
      'CREATE INDEX clickup_webhook_events_list ON clickup_webhook_events (list_id, id)',
      'CREATE INDEX clickup_webhook_events_event ON clickup_webhook_events (event, id)',
      'CREATE INDEX clickup_webhook_events_received ON clickup_webhook_events (received_at)',
      'CREATE INDEX clickup_webhook_events_pending ON clickup_webhook_events (id) WHERE normalised_at IS NULL',
    ],
  },
  {
    version: 2,
    name: 'signing secrets of the webhooks this server created',
    statements: [
      `CREATE TABLE clickup_webhook_secrets (
        webhook_id text PRIMARY KEY,
        secret text NOT NULL,
        kept_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
];

/** Any constant: the advisory lock replicas take while migrating. */
const MIGRATION_LOCK = 7_251_013;

/**
 * Applies the migrations the database lacks; returns the schema version. `migrations` is for tests
 * (a store of an older version is made with the first ones).
 */
export async function migrate(
  driver: SqlDriver,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number> {
  return driver.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(`CREATE TABLE IF NOT EXISTS clickup_webhook_schema (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const rows = await tx.query<{ version: number }>('SELECT version FROM clickup_webhook_schema');
    const applied = new Set(rows.map((r) => Number(r.version)));
    const latest = Math.max(...migrations.map((m) => m.version));
    const newer = [...applied].filter((v) => v > latest);
    if (newer.length > 0) {
      throw new Error(
        `The webhook event store has schema version ${Math.max(...newer)}, newer than this server knows (${latest}). Run the newer clickup-mcp against it, or point CLICKUP_WEBHOOK_STORE / DATABASE_URL at another store.`,
      );
    }
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query('INSERT INTO clickup_webhook_schema (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return latest;
  });
}
