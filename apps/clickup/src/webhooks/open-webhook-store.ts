/**
 * The server's webhook event store, opened lazily: nothing is loaded or opened until the first
 * delivery or the first read (the embedded store takes one to a few seconds to open). PostgreSQL
 * when DATABASE_URL is set, else PGlite in CLICKUP_WEBHOOK_STORE (default `.clickup-webhooks` in
 * the working directory). Migrations run at open; events are normalised with the pack. The same
 * database keeps the signing secrets of the webhooks the server created (webhook-secret-store.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '@toolsmith/core';
import { createProcessTaskNormaliser, type WebhookNormaliser } from './process-task-normaliser.ts';
import { migrateWebhookStore } from './schema-migrations.ts';
import type { SqlDriver } from '@toolsmith/sql';
import { SqlEventStore, type Normalise } from './sql-event-store.ts';
import type { WebhookEventStore } from './webhook-event-store.ts';

export const DEFAULT_STORE_DIRECTORY = '.clickup-webhooks';

export interface WebhookStoreOptions {
  /** PostgreSQL URL (DATABASE_URL): the store replicas share. */
  databaseUrl?: string | undefined;
  /** The embedded store's directory (CLICKUP_WEBHOOK_STORE), relative to `cwd`. */
  directory?: string | undefined;
  cwd?: string | undefined;
  logger?: Logger | undefined;
  /** Default: the pack's process-task in the sandbox (closed with the store). `false`: events stay raw. */
  normaliser?: WebhookNormaliser | false | undefined;
}

export interface LazyWebhookEventStore extends WebhookEventStore {
  /** Where events are kept, for messages (`PGlite in /path` or `PostgreSQL (DATABASE_URL)`). */
  readonly location: string;
  open(): Promise<void>;
}

export function createWebhookEventStore(options: WebhookStoreOptions = {}): LazyWebhookEventStore {
  const directory = path.resolve(options.cwd ?? process.cwd(), options.directory ?? DEFAULT_STORE_DIRECTORY);
  const location = options.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${directory}`;
  const owned = options.normaliser === undefined ? createProcessTaskNormaliser() : undefined;
  const normaliser = options.normaliser === false ? undefined : (options.normaliser ?? owned);
  const normalise: Normalise | undefined = normaliser && ((payload) => normaliser.normalise(payload));
  let opening: Promise<SqlEventStore> | undefined;
  let closed = false;

  const openStore = async () => {
    let driver: SqlDriver;
    try {
      const sql = await import('@toolsmith/sql');
      driver = options.databaseUrl
        ? await sql.openPgDriver(options.databaseUrl)
        : await sql.openPgliteDriver(directory, { loadDataDir: await freshTemplate(directory) });
    } catch (error) {
      throw new Error(
        `Could not open the webhook event store (${location}): ${(error as Error).message}. ${
          options.databaseUrl
            ? 'Check DATABASE_URL (postgres://user:password@host:5432/database) and that the server accepts connections.'
            : 'Check that CLICKUP_WEBHOOK_STORE names a writable directory used by no other running server.'
        }`,
        { cause: error },
      );
    }
    try {
      await migrateWebhookStore(driver);
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw error;
    }
    options.logger?.info('webhook event store open', { location });
    return new SqlEventStore(driver, { normalise, logger: options.logger });
  };

  const store = () => {
    if (closed) throw new Error('The webhook event store is closed (the server is shutting down).');
    opening ??= openStore().catch((error: unknown) => {
      opening = undefined; // the next delivery tries again
      throw error;
    });
    return opening;
  };

  return {
    location,
    async open() {
      await store();
    },
    async append(delivery) {
      return (await store()).append(delivery);
    },
    async list(filter, page) {
      return (await store()).list(filter, page);
    },
    async keepSecret(webhookId, secret) {
      return (await store()).keepSecret(webhookId, secret);
    },
    async secretOf(webhookId) {
      return (await store()).secretOf(webhookId);
    },
    async forgetSecret(webhookId) {
      return (await store()).forgetSecret(webhookId);
    },
    async close() {
      closed = true;
      const opened = opening;
      opening = undefined;
      if (opened) await (await opened.catch(() => undefined))?.close();
      await owned?.close();
    },
  };
}

/**
 * A new directory starts from the dump of a fresh database kept in the temp dir (2–5 s instead of
 * initdb's 7 s or more); an existing one, or an unwritable temp dir, opens as it is.
 */
async function freshTemplate(directory: string): Promise<Blob | undefined> {
  if (existsSync(path.join(directory, 'PG_VERSION'))) return undefined;
  const { pgliteTemplate } = await import('@toolsmith/sql');
  return pgliteTemplate().catch(() => undefined);
}
