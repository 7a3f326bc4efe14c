/**
 * The store's schema, versioned with `@toolsmith/sql`'s migrations (component `clickup-webhooks`
 * in the shared `schema_migrations` table): each migration runs once, in order, when a store is
 * opened; replicas opening one database at the same time migrate one after another under an
 * advisory lock. Append new migrations; never edit one that shipped.
 *
 * Stores made before the move to `@toolsmith/sql` kept their versions in `clickup_webhook_schema`;
 * the first open adopts them (same lock, same transaction) and drops that table.
 */
import type { Migration, SqlDriver } from '@toolsmith/sql';

export const COMPONENT = 'clickup-webhooks';
/** Where releases before @toolsmith/sql kept the versions. */
export const LEGACY_TABLE = 'clickup_webhook_schema';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'webhook events and their dedupe keys',
    up: [
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
    up: [
      `CREATE TABLE clickup_webhook_secrets (
        webhook_id text PRIMARY KEY,
        secret text NOT NULL,
        kept_at timestamptz NOT NULL DEFAULT now()
      )`,
    ],
  },
];

/**
 * Applies the migrations the database lacks; returns the schema version. `migrations` is for tests
 * (a store of an older version is made with the first ones).
 */
export async function migrateWebhookStore(
  driver: SqlDriver,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<number> {
  // Loaded with the store, not on the server's start-up path.
  const { migrate } = await import('@toolsmith/sql');
  const { version } = await migrate(driver, {
    component: COMPONENT,
    migrations,
    legacyTable: LEGACY_TABLE,
    newerHint:
      'Run the newer clickup-mcp against it, or point CLICKUP_WEBHOOK_STORE / DATABASE_URL at another store.',
  });
  return version;
}
