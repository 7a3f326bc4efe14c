import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger } from '@toolsmith/core';
import {
  POSTGRES_MISSING,
  postgresForTests,
  postgresExtensionAvailable,
  startPostgres,
  type PostgresCluster,
} from '@toolsmith/sql/testing';
import { conceptEmbeddingModel } from '../__fixtures__/concept-embedding-model.ts';
import { memoryLogger } from '../__fixtures__/memory-logger.ts';
import { describeKnowledgeStore, KANBAN } from '../__fixtures__/store-suite.ts';
import { ingestPack } from '../ingest/ingest-pack.ts';
import { readKnowledgePack } from '../ingest/read-knowledge-pack.ts';
import { createKnowledgeStore } from './create-knowledge-store.ts';
import type { KnowledgeStore } from './knowledge-store.ts';

// The machine's PostgreSQL (initdb/pg_ctl on PATH), a throwaway cluster on a free port, reached
// through `pg` as DATABASE_URL would be. The machine's PostgreSQL 15 has no pgvector: the vector
// tests run only where it has, and the fallback is tested where it has not.
if (postgresForTests()) {
  let cluster: PostgresCluster;
  const stores: KnowledgeStore[] = [];
  const open = (databaseUrl: string, options: Parameters<typeof createKnowledgeStore>[0] = {}) => {
    const store = createKnowledgeStore({
      env: { DATABASE_URL: databaseUrl },
      embeddingModel: null,
      logger: silentLogger,
      ...options,
    });
    stores.push(store);
    return store;
  };
  beforeAll(async () => {
    cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => undefined);
    cluster?.stop();
  });

  describeKnowledgeStore('PostgreSQL (DATABASE_URL)', {
    vector: postgresExtensionAvailable('vector'),
    newDatabase: () => cluster.createDatabase(),
    openStore: (databaseUrl, options = {}) =>
      open(databaseUrl, {
        embeddingModel: options.embeddingModel ?? null,
        logger: options.logger ?? silentLogger,
      }),
  });

  describe('the PostgreSQL store', () => {
    it('describes itself without the password', async () => {
      const store = createKnowledgeStore({
        env: { DATABASE_URL: 'postgres://kb:secret@db.example:5432/knowledge' },
      });
      expect(store.description).toBe('PostgreSQL kb@db.example:5432/knowledge');
    });

    (postgresExtensionAvailable('vector') ? it.skip : it)(
      'without pgvector, searches by full text and trigram and says so once',
      async () => {
        const logger = memoryLogger();
        const model = conceptEmbeddingModel();
        const store = open(await cluster.createDatabase(), { embeddingModel: model, logger });
        await ingestPack(store, KANBAN);
        const hits = await store.search({ text: 'column name as column id' });
        await store.search({ text: 'archive' });
        expect(hits[0]).toMatchObject({ entityId: 'column-name-as-column-id' });
        expect(hits.flatMap((h) => h.matchedBy)).not.toContain('vector');
        expect(await store.open()).toMatchObject({ vector: false, trigram: true });
        expect(model.doEmbedCalls).toHaveLength(0);
        expect(logger.lines).toEqual([
          {
            time: expect.any(String),
            level: 'warn',
            msg: expect.stringMatching(
              /^Knowledge search \(PostgreSQL postgres@127\.0\.0\.1:\d+\/\w+\): the server has no pgvector extension \(pg_available_extensions\), so test:concepts-64 is not used and search is full text \+ trigram only\. Install pgvector/,
            ),
          },
        ]);
      },
    );

    it('keeps one copy of each entry when two processes index the same pack at once', async () => {
      const url = await cluster.createDatabase();
      const [a, b] = [open(url), open(url)];
      const results = await Promise.all([ingestPack(a, KANBAN), ingestPack(b, KANBAN)]);
      const entries = (await readKnowledgePack(KANBAN)).chunks.length;
      expect(results.map((r) => r.added + r.unchanged)).toEqual([entries, entries]);
      expect(results[0]!.added + results[1]!.added).toBe(entries);
      expect(results.map((r) => r.updated + r.removed)).toEqual([0, 0]);
      expect(await a.packs()).toEqual([
        { pack: 'kanban', entries, embedded: 0, updatedAt: expect.any(Date) },
      ]);
    });

    it('migrates once when two processes open a new database at once', async () => {
      const url = await cluster.createDatabase();
      const statuses = await Promise.all([open(url).open(), open(url).open(), open(url).open()]);
      expect(statuses.map((s) => s.schemaVersion)).toEqual([1, 1, 1]);
    });
  });
} else {
  describe('KnowledgeStore: PostgreSQL (DATABASE_URL)', () => {
    it.skip(POSTGRES_MISSING, () => undefined);
  });
}
