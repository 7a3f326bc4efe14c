/**
 * The one test suite of WebhookEventStore, run against each implementation (PGlite and PostgreSQL)
 * through the server's own opening path (createWebhookEventStore: lazy open, migrations, the pack's
 * normaliser).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createWebhookEventStore, type WebhookStoreOptions } from '../open-webhook-store.ts';
import { createProcessTaskNormaliser, type WebhookNormaliser } from '../process-task-normaliser.ts';
import { LEGACY_TABLE, MIGRATIONS, migrateWebhookStore } from '../schema-migrations.ts';
import { SqlEventStore } from '../sql-event-store.ts';
import type { WebhookEventStore } from '../webhook-event-store.ts';
import { delivery, FIXTURE, fixtureBody, standardBody, WEBHOOK_ID } from './deliveries.ts';

/** Opening a store and the sandbox's first start take seconds on a loaded machine. */
const TIMEOUT = 60_000;

export interface StoreHarness {
  /** Where a new, empty store lives (each call: another one). */
  newLocation(): Promise<Pick<WebhookStoreOptions, 'databaseUrl' | 'directory'>>;
  /** Several stores may share one location at once (replicas of PostgreSQL; not PGlite). */
  replicas: boolean;
}

/** Events stored in one statement, as intake would have stored them one by one (`normalised`: or raw). */
async function storeMany(
  location: Pick<WebhookStoreOptions, 'databaseUrl' | 'directory'>,
  count: number,
  normalised: boolean,
): Promise<number[]> {
  const sql = await import('@toolsmith/sql');
  const driver = location.databaseUrl
    ? await sql.openPgDriver(location.databaseUrl)
    : await sql.openPgliteDriver(location.directory!);
  try {
    await migrateWebhookStore(driver);
    const rows = await driver.query<{ id: string }>(
      `INSERT INTO clickup_webhook_events (format, event, task_id, dedupe_keys, body, summary, changes, normalised_at)
       SELECT 'standard', 'taskUpdated', 'task' || n, ARRAY['bulk:' || n], '{"n":' || n || '}',
              CASE WHEN $2 THEN 'event ' || n END, CASE WHEN $2 THEN '[]'::jsonb END, CASE WHEN $2 THEN now() END
       FROM generate_series(1, $1::int) AS n
       RETURNING id::text AS id`,
      [count, normalised],
    );
    await driver.query(
      `INSERT INTO clickup_webhook_event_keys (dedupe_key, event_id)
       SELECT dedupe_keys[1], id FROM clickup_webhook_events WHERE dedupe_keys[1] LIKE 'bulk:%'`,
    );
    return rows.map((r) => Number(r.id));
  } finally {
    await driver.close();
  }
}

export function describeEventStore(name: string, harness: () => StoreHarness): void {
  describe(`WebhookEventStore: ${name}`, () => {
    let normaliser: WebhookNormaliser;
    const open: WebhookEventStore[] = [];
    beforeAll(() => {
      normaliser = createProcessTaskNormaliser();
    });
    afterAll(async () => {
      await Promise.all(open.map((s) => s.close()));
      await normaliser.close();
    });

    const storeAt = (location: WebhookStoreOptions, options: Partial<WebhookStoreOptions> = {}) => {
      const store = createWebhookEventStore({ ...location, normaliser, ...options });
      open.push(store);
      return store;
    };
    const newStore = async (options: Partial<WebhookStoreOptions> = {}) => {
      const location = await harness().newLocation();
      return { store: storeAt(location, options), location };
    };

    it(
      'stores a standard delivery and lists it normalised by the pack',
      async () => {
        const { store } = await newStore();
        const result = await store.append(delivery(fixtureBody(FIXTURE.statusUpdated)));
        expect(result).toEqual({ id: expect.any(String), duplicate: false });
        const { items, hasMore } = await store.list({}, { limit: 10 });
        expect(hasMore).toBe(false);
        expect(items).toEqual([
          expect.objectContaining({
            id: result.id,
            format: 'standard',
            event: 'taskStatusUpdated',
            webhookId: WEBHOOK_ID,
            taskId: '1vj38vv',
            listId: '162641062',
            dedupeKeys: [`${WEBHOOK_ID}:2800787326392370170`],
            summary: expect.stringContaining('taskStatusUpdated on task 1vj38vv'),
            changes: [expect.objectContaining({ field: 'status' })],
          }),
        ]);
        expect(items[0]!.payload).toEqual(JSON.parse(fixtureBody(FIXTURE.statusUpdated)));
        expect(Date.now() - Date.parse(items[0]!.receivedAt)).toBeLessThan(60_000);
      },
      TIMEOUT,
    );

    it(
      'stores the automation formats with the task and list the pack reads from them',
      async () => {
        const { store } = await newStore();
        await store.append(delivery(fixtureBody(FIXTURE.automation)));
        await store.append(delivery(fixtureBody(FIXTURE.legacy)));
        const { items } = await store.list({}, { limit: 10, order: 'oldest' });
        expect(items.map((e) => [e.format, e.event, e.taskId, e.listId])).toEqual([
          ['automation', null, '868djdyr0', '901110236848'],
          ['automation_legacy', null, '8687096vn', '901102008938'],
        ]);
        expect(items[0]!.summary).toMatch(/^Automation webhook for task 868djdyr0/);
        expect(items[1]!.summary).toMatch(/^Automation webhook \(legacy\) for task 8687096vn \[DEF-43\]/);
      },
      TIMEOUT,
    );

    it(
      'stores a replay once: the same body, or the same history item under another event',
      async () => {
        const { store } = await newStore();
        const first = await store.append(delivery(standardBody('100')));
        expect(await store.append(delivery(standardBody('100')))).toEqual({ id: first.id, duplicate: true });
        // ClickUp sends a specific event and taskUpdated with the same history item.
        const alias = await store.append(delivery(standardBody('100', { event: 'taskUpdated' })));
        expect(alias).toEqual({ id: first.id, duplicate: true });
        const automation = delivery(fixtureBody(FIXTURE.automation));
        const stored = await store.append(automation);
        expect(await store.append(automation)).toEqual({ id: stored.id, duplicate: true });
        const deleted = delivery(fixtureBody(FIXTURE.taskDeleted)); // no history item: keyed by its bytes
        expect((await store.append(deleted)).duplicate).toBe(false);
        expect((await store.append(deleted)).duplicate).toBe(true);
        expect((await store.list({}, { limit: 10 })).items).toHaveLength(3);
      },
      TIMEOUT,
    );

    it(
      'stores a delivery that carries one new history item beside a known one',
      async () => {
        const { store } = await newStore();
        await store.append(delivery(standardBody('200')));
        const both = JSON.parse(standardBody('200')) as { history_items: { id: string }[] };
        both.history_items.push({ ...both.history_items[0]!, id: '201' });
        const result = await store.append(delivery(JSON.stringify(both)));
        expect(result.duplicate).toBe(false);
      },
      TIMEOUT,
    );

    it(
      'stores one of many concurrent appends of the same delivery',
      async () => {
        const { store, location } = await newStore();
        const stores = harness().replicas ? [store, storeAt(location), storeAt(location)] : [store];
        const body = standardBody('300');
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.append(delivery(body))),
        );
        expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
        expect(new Set(results.map((r) => r.id)).size).toBe(1);
        expect((await store.list({}, { limit: 10 })).items).toHaveLength(1);
      },
      TIMEOUT,
    );

    it(
      'filters by event, task, list, format and time, and pages with a cursor id',
      async () => {
        const { store } = await newStore();
        for (let i = 0; i < 5; i += 1) {
          await store.append(
            delivery(standardBody(`40${i}`, { taskId: `task${i % 2}`, listId: i < 3 ? '111' : '222' })),
          );
        }
        await store.append(delivery(standardBody('499', { event: 'taskUpdated', taskId: 'task9' })));
        await store.append(delivery(fixtureBody(FIXTURE.legacy)));
        const ids = async (filter: Parameters<WebhookEventStore['list']>[0]) =>
          (await store.list(filter, { limit: 100 })).items.map((e) => e.taskId);
        expect(await ids({ taskId: 'task1' })).toEqual(['task1', 'task1']);
        expect(await ids({ listId: '222' })).toEqual(['task0', 'task1']);
        expect(await ids({ event: 'taskUpdated' })).toEqual(['task9']);
        expect(await ids({ format: 'automation_legacy' })).toEqual(['8687096vn']);
        expect(await ids({ since: new Date(Date.now() + 60_000) })).toEqual([]);
        expect(await ids({ until: new Date(Date.now() - 60_000) })).toEqual([]);
        expect(
          await ids({ since: new Date(Date.now() - 60_000), until: new Date(Date.now() + 60_000) }),
        ).toHaveLength(7);

        const first = await store.list({ format: 'standard' }, { limit: 4 });
        expect(first.hasMore).toBe(true);
        const second = await store.list({ format: 'standard' }, { limit: 4, after: first.items.at(-1)!.id });
        expect(second.hasMore).toBe(false);
        const all = [...first.items, ...second.items].map((e) => Number(e.id));
        expect(all).toHaveLength(6);
        expect(all).toEqual([...all].sort((a, b) => b - a));
        const oldest = await store.list({}, { limit: 3, order: 'oldest' });
        expect(oldest.items.map((e) => Number(e.id))).toEqual([...all].reverse().slice(0, 3));
      },
      TIMEOUT,
    );

    describe('10,000 stored events, paged by the cursor id', () => {
      const COUNT = 10_000;
      let store: WebhookEventStore;
      let stored: number[];
      beforeAll(async () => {
        const location = await harness().newLocation();
        stored = await storeMany(location, COUNT, true);
        store = storeAt(location, { normaliser: false });
        await store.open!();
      }, TIMEOUT);

      it.each(['newest', 'oldest'] as const)(
        '%s first: every event exactly once, in order, on 100 pages',
        async (order) => {
          const seen: number[] = [];
          let after: string | undefined;
          let pages = 0;
          for (;;) {
            const page = await store.list({}, { limit: 100, after, order });
            pages += 1;
            seen.push(...page.items.map((e) => Number(e.id)));
            if (!page.hasMore || pages > COUNT) break;
            after = page.items.at(-1)!.id;
          }
          const expected = [...stored].sort((a, b) => (order === 'newest' ? b - a : a - b));
          expect(new Set(seen).size).toBe(COUNT);
          expect(seen).toEqual(expected);
          expect(pages).toBe(COUNT / 100);
        },
        TIMEOUT,
      );

      it(
        'pages a filtered list across the 9 → 10, 99 → 100 and 999 → 1000 boundaries',
        async () => {
          const seen: number[] = [];
          let after: string | undefined;
          for (let pages = 0; pages < 200; pages += 1) {
            const page = await store.list(
              { event: 'taskUpdated', until: new Date(Date.now() + 60_000) },
              { limit: 7, after, order: 'oldest' },
            );
            seen.push(...page.items.map((e) => Number(e.id)));
            if (seen.length >= 1_001 || !page.hasMore) break;
            after = page.items.at(-1)!.id;
          }
          expect(seen.slice(0, 1_001)).toEqual([...stored].sort((a, b) => a - b).slice(0, 1_001));
        },
        TIMEOUT,
      );
    });

    it(
      'normalises every event stored raw at the next list, past the first hundred',
      async () => {
        const location = await harness().newLocation();
        const stored = await storeMany(location, 250, false);
        const normalised: unknown[] = [];
        const counting: WebhookNormaliser = {
          normalise: async (payload) => {
            normalised.push(payload);
            return {
              format: 'standard',
              event: 'taskUpdated',
              taskId: null,
              listId: 'L1',
              summary: 'seen',
              changes: [],
            };
          },
          close: async () => undefined,
        };
        const store = storeAt(location, { normaliser: counting });
        const { items } = await store.list({ listId: 'L1' }, { limit: 100, order: 'oldest' });
        expect(normalised).toHaveLength(250);
        expect(items.map((e) => Number(e.id))).toEqual(stored.slice(0, 100));
        const raw = await store.list({}, { limit: 100 });
        expect(raw.items.filter((e) => e.summary !== 'seen')).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'keeps events across a close and reopen, migrated once',
      async () => {
        const { store, location } = await newStore();
        const stored = await store.append(delivery(standardBody('500')));
        await store.close();
        const again = storeAt(location);
        expect((await again.list({}, { limit: 10 })).items.map((e) => e.id)).toEqual([stored.id]);
        expect(await again.append(delivery(standardBody('500')))).toEqual({ id: stored.id, duplicate: true });
      },
      TIMEOUT,
    );

    it(
      'keeps an event the processor cannot take, and normalises events stored raw before a crash',
      async () => {
        const failing: WebhookNormaliser = {
          normalise: () => Promise.reject(new Error('sandbox unavailable')),
          close: async () => undefined,
        };
        const { store, location } = await newStore({ normaliser: failing });
        await store.append(delivery(standardBody('600')));
        const [kept] = (await store.list({}, { limit: 10 })).items;
        expect(kept).toMatchObject({ taskId: '1vj38vv', summary: expect.stringContaining('Not normalised') });

        const raw = storeAt(location, { normaliser: false });
        await store.close();
        await raw.append(delivery(standardBody('601', { listId: '333' })));
        await raw.close();
        const later = storeAt(location);
        const { items } = await later.list({ listId: '333' }, { limit: 10 });
        expect(items).toEqual([
          expect.objectContaining({ summary: expect.stringContaining('taskStatusUpdated') }),
        ]);
      },
      TIMEOUT,
    );

    it(
      "keeps a webhook's secret across a reopen, replaces it, and forgets it",
      async () => {
        const { store, location } = await newStore({ normaliser: false });
        expect(await store.secretOf('wh-1')).toBeUndefined();
        await store.keepSecret('wh-1', 'FIRST0SECRET');
        await store.keepSecret('wh-2', 'OTHER0SECRET');
        await store.keepSecret('wh-1', 'SECOND0SECRET');
        await store.close();
        const again = storeAt(location, { normaliser: false });
        expect(await again.secretOf('wh-1')).toBe('SECOND0SECRET');
        if (harness().replicas) {
          const replica = storeAt(location, { normaliser: false });
          expect(await replica.secretOf('wh-2')).toBe('OTHER0SECRET');
          expect(await replica.forgetSecret('wh-2')).toBe(true);
          expect(await again.secretOf('wh-2')).toBeUndefined();
        }
        expect(await again.forgetSecret('wh-1')).toBe(true);
        expect(await again.forgetSecret('wh-1')).toBe(false);
        expect(await again.secretOf('wh-1')).toBeUndefined();
        // The events are another table: a secret is never an event.
        expect((await again.list({}, { limit: 10 })).items).toEqual([]);
      },
      TIMEOUT,
    );

    it(
      'migrates a store made by an earlier release (schema 1 in its own version table), keeping its events',
      async () => {
        const location = await harness().newLocation();
        // PGlite locations are copies of a migrated store: schema 1 needs a fresh directory.
        const old =
          location.directory === undefined ? location : { directory: `${location.directory}-schema1` };
        const sql = await import('@toolsmith/sql');
        const driver = old.databaseUrl
          ? await sql.openPgDriver(old.databaseUrl)
          : await sql.openPgliteDriver(old.directory!);
        // What releases before @toolsmith/sql wrote: schema 1, versions in clickup_webhook_schema.
        const [first] = MIGRATIONS;
        for (const statement of first!.up as readonly string[]) await driver.query(statement);
        await driver.query(
          `CREATE TABLE ${LEGACY_TABLE} (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
        );
        await driver.query(`INSERT INTO ${LEGACY_TABLE} (version, name) VALUES (1, $1)`, [first!.name]);
        const stored = await new SqlEventStore(driver).append(delivery(standardBody('700')));
        await driver.close();

        const store = storeAt(old, { normaliser: false });
        expect((await store.list({}, { limit: 10 })).items.map((e) => e.id)).toEqual([stored.id]);
        await store.keepSecret('wh-old', 'KEPT0AFTER0MIGRATION');
        expect(await store.secretOf('wh-old')).toBe('KEPT0AFTER0MIGRATION');
        await store.close();

        const check = old.databaseUrl
          ? await sql.openPgDriver(old.databaseUrl)
          : await sql.openPgliteDriver(old.directory!);
        try {
          expect(
            await check.query(
              "SELECT version, to_regclass('clickup_webhook_schema') AS legacy FROM schema_migrations WHERE component = 'clickup-webhooks' ORDER BY version",
            ),
          ).toEqual([
            { version: 1, legacy: null },
            { version: 2, legacy: null },
          ]);
        } finally {
          await check.close();
        }
      },
      // A fresh PGlite directory is initialised here (the others are copies of one made once) and
      // opened three times: seconds on a quiet machine, over a minute on a loaded CI run.
      3 * TIMEOUT,
    );
  });
}
