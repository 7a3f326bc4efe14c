/**
 * The event store over SQL, the same on PGlite and PostgreSQL.
 *
 * Append: in one transaction, the delivery's dedupe keys are inserted with `ON CONFLICT DO
 * NOTHING`; when none was new the delivery is a replay and nothing is written, otherwise the event
 * row follows. The unique key settles races between replicas: a second insert of a key waits for
 * the first transaction and then does nothing.
 *
 * Normalisation: the raw body is stored first, and the pack's process-task runs right after the
 * append (not before the answer: the sandbox must not hold up, nor be able to fail, an intake).
 * `list` first finishes the normalisations in flight and normalises any event still raw — one
 * stored just before a crash, or by a replica that stopped — so readers always see the normalised
 * form.
 */
import type { Logger } from '@toolsmith/core';
import type { SqlDriver } from '@toolsmith/sql';
import { SqlSecretStore } from './sql-secret-store.ts';
import type {
  AppendResult,
  NormalisedEvent,
  StoredWebhookEvent,
  WebhookDelivery,
  WebhookEventFilter,
  WebhookEventPage,
  WebhookEventPageRequest,
  WebhookEventStore,
  WebhookFormat,
} from './webhook-event-store.ts';

export type Normalise = (payload: unknown) => Promise<NormalisedEvent>;

export interface SqlEventStoreOptions {
  /** The pack's process-task (process-task-normaliser.ts); without it events stay raw. */
  normalise?: Normalise | undefined;
  logger?: Logger | undefined;
}

interface EventRow {
  id: string;
  received_at: Date | string;
  format: string;
  event: string | null;
  webhook_id: string | null;
  task_id: string | null;
  list_id: string | null;
  summary: string | null;
  changes: unknown;
  dedupe_keys: string[];
  body: string;
}

const parseBody = (body: string): unknown => {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

const toEvent = (row: EventRow): StoredWebhookEvent => ({
  id: String(row.id),
  receivedAt: new Date(row.received_at).toISOString(),
  format: row.format as WebhookFormat,
  event: row.event,
  webhookId: row.webhook_id,
  taskId: row.task_id,
  listId: row.list_id,
  summary: row.summary,
  changes: Array.isArray(row.changes) ? row.changes : [],
  dedupeKeys: row.dedupe_keys,
  payload: parseBody(row.body),
});

export class SqlEventStore implements WebhookEventStore {
  readonly #driver: SqlDriver;
  readonly #normalise: Normalise | undefined;
  readonly #logger: Logger | undefined;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #secrets: SqlSecretStore;

  constructor(driver: SqlDriver, options: SqlEventStoreOptions = {}) {
    this.#driver = driver;
    this.#normalise = options.normalise;
    this.#logger = options.logger;
    this.#secrets = new SqlSecretStore(driver);
  }

  keepSecret(webhookId: string, secret: string): Promise<void> {
    return this.#secrets.keepSecret(webhookId, secret);
  }

  secretOf(webhookId: string): Promise<string | undefined> {
    return this.#secrets.secretOf(webhookId);
  }

  forgetSecret(webhookId: string): Promise<boolean> {
    return this.#secrets.forgetSecret(webhookId);
  }

  async append(delivery: WebhookDelivery): Promise<AppendResult> {
    const keys = [...new Set(delivery.dedupeKeys)];
    if (keys.length === 0)
      throw new Error('A delivery needs at least one dedupe key (identifyDelivery gives one).');
    const result = await this.#driver.transaction(async (tx) => {
      const [next] = await tx.query<{ id: string }>(
        "SELECT nextval(pg_get_serial_sequence('clickup_webhook_events', 'id'))::text AS id",
      );
      const id = next!.id;
      const inserted = await tx.query(
        `INSERT INTO clickup_webhook_event_keys (dedupe_key, event_id)
         SELECT key, $2::bigint FROM unnest($1::text[]) AS key
         ON CONFLICT (dedupe_key) DO NOTHING RETURNING dedupe_key`,
        [keys, id],
      );
      if (inserted.length === 0) {
        const [first] = await tx.query<{ id: string }>(
          'SELECT event_id::text AS id FROM clickup_webhook_event_keys WHERE dedupe_key = $1',
          [keys[0]],
        );
        return { id: first?.id ?? id, duplicate: true };
      }
      await tx.query(
        `INSERT INTO clickup_webhook_events (id, format, event, webhook_id, task_id, dedupe_keys, body)
         VALUES ($1::bigint, $2, $3, $4, $5, $6::text[], $7)`,
        [id, delivery.format, delivery.event, delivery.webhookId, delivery.taskId, keys, delivery.body],
      );
      return { id, duplicate: false };
    });
    if (!result.duplicate) this.#track(this.#normaliseOne(result.id, delivery.body));
    return result;
  }

  async list(filter: WebhookEventFilter, page: WebhookEventPageRequest): Promise<WebhookEventPage> {
    await this.#normalisePending();
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, value: unknown) => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (filter.event !== undefined) add('event = ?', filter.event);
    if (filter.taskId !== undefined) add('task_id = ?', filter.taskId);
    if (filter.listId !== undefined) add('list_id = ?', filter.listId);
    if (filter.format !== undefined) add('format = ?', filter.format);
    if (filter.since !== undefined) add('received_at >= ?', filter.since.toISOString());
    if (filter.until !== undefined) add('received_at < ?', filter.until.toISOString());
    if (filter.webhookIds !== undefined) add('webhook_id = ANY(?::text[])', [...filter.webhookIds]);
    const newest = (page.order ?? 'newest') === 'newest';
    if (page.after !== undefined) add(newest ? 'id < ?::bigint' : 'id > ?::bigint', page.after);
    params.push(page.limit + 1);
    // Ordered by the bigint column, qualified: a bare `id` would name the text the query returns
    // (`id::text AS id`), sorting "10" before "9" while the cursor compares numbers.
    const rows = await this.#driver.query<EventRow>(
      `SELECT id::text AS id, received_at, format, event, webhook_id, task_id, list_id, summary, changes,
              dedupe_keys, body
       FROM clickup_webhook_events
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY clickup_webhook_events.id ${newest ? 'DESC' : 'ASC'}
       LIMIT $${params.length}`,
      params,
    );
    return { items: rows.slice(0, page.limit).map(toEvent), hasMore: rows.length > page.limit };
  }

  async close(): Promise<void> {
    await this.#settle();
    await this.#driver.close();
  }

  #track(promise: Promise<void>) {
    this.#inFlight.add(promise);
    void promise.finally(() => this.#inFlight.delete(promise));
  }

  async #settle() {
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Never throws: a payload the processor cannot take is kept with a summary saying so. */
  async #normaliseOne(id: string, body: string): Promise<void> {
    if (!this.#normalise) return;
    let normalised: Pick<NormalisedEvent, 'taskId' | 'listId' | 'summary' | 'changes'>;
    try {
      normalised = await this.#normalise(parseBody(body));
    } catch (error) {
      this.#logger?.warn('webhook event not normalised', { id, error: (error as Error).message });
      normalised = {
        taskId: null,
        listId: null,
        summary: `Not normalised (${(error as Error).message}); the payload is stored as received.`,
        changes: [],
      };
    }
    try {
      await this.#driver.query(
        `UPDATE clickup_webhook_events
         SET task_id = COALESCE(task_id, $2), list_id = $3, summary = $4, changes = $5::jsonb, normalised_at = now()
         WHERE id = $1::bigint AND normalised_at IS NULL`,
        [id, normalised.taskId, normalised.listId, normalised.summary, JSON.stringify(normalised.changes)],
      );
    } catch (error) {
      // Stays raw; the next list() normalises it.
      this.#logger?.warn('webhook event normalisation not saved', { id, error: (error as Error).message });
    }
  }

  async #normalisePending(): Promise<void> {
    await this.#settle();
    if (!this.#normalise) return;
    // Forward by id, so an event whose update keeps failing is not read again and again.
    let after = '0';
    for (;;) {
      const pending = await this.#driver.query<{ id: string; body: string }>(
        `SELECT id::text AS id, body FROM clickup_webhook_events
         WHERE normalised_at IS NULL AND id > $1::bigint ORDER BY clickup_webhook_events.id LIMIT 100`,
        [after],
      );
      for (const row of pending) await this.#normaliseOne(row.id, row.body);
      if (pending.length < 100) return;
      after = pending.at(-1)!.id;
    }
  }
}
