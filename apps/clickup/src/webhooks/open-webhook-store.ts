/**
 * The server's webhook event store, opened lazily: nothing is loaded or opened until the first
 * delivery or the first read (the embedded store takes one to a few seconds to open). PostgreSQL
 * when DATABASE_URL is set, else PGlite in CLICKUP_WEBHOOK_STORE (default `.clickup-webhooks` in
 * the working directory). Migrations run at open; events are normalised with the pack. The same
 * database keeps the signing secrets of the webhooks the server created (webhook-secret-store.ts).
 *
 * A store that cannot be opened or reached — PostgreSQL down or refusing, the PGlite directory held
 * by another process (@toolsmith/sql locks it) or unwritable — fails each call with
 * WebhookStoreUnavailableError, user-facing: what is unavailable and what to do. Each call tries
 * to open it again.
 */
import type { Logger } from '@toolsmith/core';
import { createProcessTaskNormaliser, type WebhookNormaliser } from './process-task-normaliser.ts';
import { migrateWebhookStore } from './schema-migrations.ts';
import type * as SqlModule from '@toolsmith/sql';
import type { SqlDriver } from '@toolsmith/sql';
import { SqlEventStore, type Normalise } from './sql-event-store.ts';
import { WebhookStoreUnavailableError } from './webhook-store-unavailable.ts';
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
  /** Where events are kept, for messages (`PGlite in /path` or `PostgreSQL at host:5432/db (DATABASE_URL)`). */
  readonly location: string;
  open(): Promise<void>;
}

/** What the operator can do, said to the agent: it cannot change the server's configuration itself. */
const ASK = 'Ask whoever runs this server to';

export function createWebhookEventStore(options: WebhookStoreOptions = {}): LazyWebhookEventStore {
  // node:fs and node:path through getBuiltinModule, not imported: a static import builds their ES
  // module facades at every start, which this server's start otherwise does not need.
  const path = process.getBuiltinModule('node:path');
  const directory = path.resolve(options.cwd ?? process.cwd(), options.directory ?? DEFAULT_STORE_DIRECTORY);
  const postgres = options.databaseUrl ? describePostgres(options.databaseUrl) : undefined;
  const location = postgres ? `PostgreSQL at ${postgres} (DATABASE_URL)` : `PGlite in ${directory}`;
  const owned = options.normaliser === undefined ? createProcessTaskNormaliser() : undefined;
  const normaliser = options.normaliser === false ? undefined : (options.normaliser ?? owned);
  const normalise: Normalise | undefined = normaliser && ((payload) => normaliser.normalise(payload));
  let opening: Promise<SqlEventStore> | undefined;
  let closed = false;
  let sql: typeof SqlModule | undefined;
  let lastSaid: string | undefined;

  /** A failure to open or reach the store, as the user-facing error that says what to do. */
  const unavailable = (error: unknown, phase: 'open' | 'query'): WebhookStoreUnavailableError => {
    if (WebhookStoreUnavailableError.isInstance(error)) return error;
    let detail = firstLine(error);
    const password = options.databaseUrl ? passwordOf(options.databaseUrl) : undefined;
    if (password) detail = detail.replaceAll(password, '[password]');
    let message: string;
    if (postgres) {
      const what = phase === 'open' ? 'could not be used' : 'stopped answering';
      message = `The webhook event store is unavailable: the PostgreSQL at ${postgres} (DATABASE_URL) ${what} (${detail}). ${ASK} check that PostgreSQL is running and reachable from it and that DATABASE_URL (postgres://user:password@host:5432/database) is right, then call again.`;
    } else if (sql?.DirectoryInUseError.isInstance(error)) {
      message = `The webhook event store at ${directory} is unavailable: ${detail}`;
    } else {
      message = `The webhook event store at ${directory} could not be opened (${detail}). ${ASK} check that CLICKUP_WEBHOOK_STORE names a writable directory that no other server uses, then call again.`;
    }
    if (message !== lastSaid) {
      lastSaid = message;
      options.logger?.warn('webhook event store unavailable', { location, error: detail });
    }
    return new WebhookStoreUnavailableError({ location, message, cause: error });
  };

  const openStore = async () => {
    let driver: SqlDriver;
    try {
      sql = await import('@toolsmith/sql');
      driver = options.databaseUrl
        ? await sql.openPgDriver(options.databaseUrl)
        : await sql.openPgliteDriver(directory, {
            loadDataDir: await freshTemplate(directory),
            busyHint: `Each server needs its own CLICKUP_WEBHOOK_STORE directory; for several servers on one store, set DATABASE_URL to a PostgreSQL database. ${ASK} stop the other process or change one of them, then call again.`,
          });
    } catch (error) {
      throw unavailable(error, 'open');
    }
    try {
      await migrateWebhookStore(driver);
    } catch (error) {
      await driver.close().catch(() => undefined);
      throw unavailable(error, 'open');
    }
    lastSaid = undefined;
    options.logger?.info('webhook event store open', { location });
    return new SqlEventStore(driver, { normalise, logger: options.logger });
  };

  const store = () => {
    if (closed) {
      return Promise.reject(
        new WebhookStoreUnavailableError({
          location,
          message:
            'The webhook event store is closed: this server is shutting down. Call again once it has restarted.',
        }),
      );
    }
    opening ??= openStore().catch((error: unknown) => {
      opening = undefined; // the next delivery tries again
      throw error;
    });
    return opening;
  };

  /** Runs `fn` on the open store; a database that stopped answering is said as such, not as a bug. */
  const use = async <T>(fn: (open: SqlEventStore) => Promise<T>): Promise<T> => {
    const open = await store();
    try {
      return await fn(open);
    } catch (error) {
      if (sql?.isConnectionError(error)) throw unavailable(error, 'query');
      throw error;
    }
  };

  return {
    location,
    async open() {
      await store();
    },
    append: (delivery) => use((s) => s.append(delivery)),
    list: (filter, page) => use((s) => s.list(filter, page)),
    keepSecret: (webhookId, secret) => use((s) => s.keepSecret(webhookId, secret)),
    secretOf: (webhookId) => use((s) => s.secretOf(webhookId)),
    forgetSecret: (webhookId) => use((s) => s.forgetSecret(webhookId)),
    async close() {
      closed = true;
      const opened = opening;
      opening = undefined;
      if (opened) await (await opened.catch(() => undefined))?.close();
      await owned?.close();
    },
  };
}

/** The first line of an error's message (an error of another realm, too: no instanceof). */
const firstLine = (error: unknown) => {
  const message = (error as { message?: unknown } | null)?.message;
  return (typeof message === 'string' ? message : String(error)).split('\n')[0]!.trim() || 'no reason given';
};

/** `host:port/database` of a PostgreSQL URL: where it is, without user or password. */
function describePostgres(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host || 'localhost'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'the address in DATABASE_URL';
  }
}

function passwordOf(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new directory starts from the dump of a fresh database kept in the temp dir (2–5 s instead of
 * initdb's 7 s or more); an existing one, or an unwritable temp dir, opens as it is.
 */
async function freshTemplate(directory: string): Promise<Blob | undefined> {
  const { existsSync } = process.getBuiltinModule('node:fs');
  if (existsSync(process.getBuiltinModule('node:path').join(directory, 'PG_VERSION'))) return undefined;
  const { pgliteTemplate } = await import('@toolsmith/sql');
  return pgliteTemplate().catch(() => undefined);
}
