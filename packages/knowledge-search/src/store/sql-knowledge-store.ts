/**
 * The knowledge store on any SqlDriver: embedded PGlite and PostgreSQL run this same code and SQL.
 * The database is opened on the first call that needs it (PGlite takes about two seconds to
 * start), never when the store is created.
 */
import { createHash } from 'node:crypto';
import type { Logger } from '@toolsmith/core';
import { migrate, withAdvisoryLock, type SqlDriver, type SqlQueryable } from '@toolsmith/sql';
import { isEntityType, ENTITY_TYPES, type EntityType } from '../entity-types.ts';
import type { Embedder } from '../embedding/embedder.ts';
import {
  EmbeddingModelMismatchError,
  KnowledgePackError,
  KnowledgeQueryError,
} from '../errors/knowledge-search-errors.ts';
import { hybridSearchSql } from '../search/hybrid-search-sql.ts';
import { validateQuery } from '../search/validate-query.ts';
import type {
  IngestCounts,
  KnowledgeChunk,
  KnowledgeHit,
  KnowledgeQuery,
  KnowledgeStore,
  MatchKind,
  PackContent,
  PackSummary,
  StoreStatus,
  SyncOptions,
  UsageStats,
} from './knowledge-store.ts';
import { preparedRunner, type PreparedRunner } from './prepared-statements.ts';
import { MIGRATIONS } from './schema-migrations.ts';
import {
  bindEmbeddingModel,
  CAPABILITIES_LOCK,
  ensureCapabilities,
  unbindEmbeddingModel,
  type ExtensionState,
} from './store-capabilities.ts';

export interface SqlKnowledgeStoreOptions {
  /** Opens the connection; called once, on first use. */
  openDriver: () => Promise<SqlDriver>;
  /** Where the store lives, for messages. */
  description: string;
  /** Embeds entries at sync and queries at search; without one, full text and trigram only. */
  embedder?: Embedder;
  /** Fallbacks (no pgvector, no pg_trgm) and progress. Never stdout. */
  logger: Logger;
  /** Candidates each search contributes before fusion (default 50). */
  candidates?: number;
}

export function createSqlKnowledgeStore(options: SqlKnowledgeStoreOptions): KnowledgeStore {
  const { embedder, logger, description } = options;
  const candidates = options.candidates ?? 50;
  let opening: Promise<OpenStore> | undefined;
  let closed = false;
  const said = new Set<string>();
  const sayOnce = (key: string, message: string, fields?: Record<string, unknown>) => {
    if (said.has(key)) return;
    said.add(key);
    logger.warn(message, fields);
  };

  async function open(): Promise<OpenStore> {
    if (closed) throw new Error(`The knowledge store (${description}) is closed; create a new one.`);
    opening ??= (async () => {
      const driver = await options.openDriver();
      try {
        // The store owns an embedded database. Its tables are small, so the planner prefers
        // sequential scans, which run pg_trgm's functions on every row — several times slower in
        // WebAssembly than the trigram and full-text indexes (measured: 25–30 ms → 11–20 ms per search).
        if (driver.kind === 'pglite') await driver.query('SET enable_seqscan = off');
        // It also plans the search once: the statement is prepared (prepared-statements.ts) and,
        // with a generic plan, neither parsed nor planned again — that took about a fifth of a
        // search's CPU time at 10,000 entries (docs/performance.md).
        if (driver.kind === 'pglite') await driver.query('SET plan_cache_mode = force_generic_plan');
        const { version } = await migrate(driver, {
          component: 'knowledge-search',
          migrations: MIGRATIONS,
          newerHint:
            'Use the @toolsmith/knowledge-search version that wrote it, or another --db / DATABASE_URL.',
        });
        const found = await withAdvisoryLock(driver, CAPABILITIES_LOCK, ensureCapabilities);
        reportFallbacks(found.vector, found.trigram);
        const status: StoreStatus = {
          kind: driver.kind,
          vector: found.vector === 'enabled',
          trigram: found.trigram === 'enabled',
          schemaVersion: version,
          ...(found.embedding ? { embedding: found.embedding } : {}),
        };
        const prepared = driver.kind === 'pglite' ? preparedRunner(driver, 'knowledge_search') : undefined;
        return { driver, status, ...(prepared ? { prepared } : {}) };
      } catch (error) {
        await driver.close().catch(() => undefined);
        throw error;
      }
    })();
    opening.catch(() => (opening = undefined));
    return opening;
  }

  function reportFallbacks(vector: ExtensionState, trigram: ExtensionState) {
    if (vector !== 'enabled' && embedder) {
      const why =
        vector === 'missing'
          ? 'the server has no pgvector extension (pg_available_extensions)'
          : `CREATE EXTENSION vector failed: ${vector.failed}`;
      sayOnce(
        'vector',
        `Knowledge search (${description}): ${why}, so ${embedder.model} is not used and search is full text + trigram only. Install pgvector on the server (Supabase: enable the "vector" extension) to search by meaning.`,
      );
    }
    if (trigram !== 'enabled') {
      const why =
        trigram === 'missing'
          ? 'the server has no pg_trgm extension'
          : `CREATE EXTENSION pg_trgm failed: ${trigram.failed}`;
      sayOnce(
        'trigram',
        `Knowledge search (${description}): ${why}, so misspellings and partial identifiers are not matched; search is full text${embedder ? ' + vector' : ''} only. Install PostgreSQL's contrib package (pg_trgm) to match them.`,
      );
    }
  }

  /** The embedder, when the store can use it; refuses one that differs from the store's vectors. */
  function usableEmbedder(status: StoreStatus): Embedder | undefined {
    if (!embedder || !status.vector) return undefined;
    if (status.embedding && status.embedding.model !== embedder.model) {
      throw new EmbeddingModelMismatchError({
        store: description,
        stored: status.embedding,
        configured: { model: embedder.model },
      });
    }
    return embedder;
  }

  const store: KnowledgeStore = {
    description,

    async open() {
      const { status } = await open();
      usableEmbedder(status);
      return { ...status };
    },

    async search(query: KnowledgeQuery): Promise<KnowledgeHit[]> {
      const checked = validateQuery(query);
      const { driver, status, prepared } = await open();
      const wants = (kind: MatchKind) => query.searches === undefined || query.searches.includes(kind);
      const model = wants('vector') ? usableEmbedder(status) : undefined;
      let embedding: number[] | undefined;
      if (model && status.embedding) {
        embedding = await model.embed(checked.text);
        if (embedding.length !== status.embedding.dimensions) {
          throw new EmbeddingModelMismatchError({
            store: description,
            stored: status.embedding,
            configured: { model: model.model, dimensions: embedding.length },
          });
        }
      } else if (model) {
        sayOnce(
          'unembedded',
          `Knowledge search (${description}): the entries have no embeddings yet, so ${model.model} is not used for this search; index the packs again (toolsmith-knowledge index <dir>) to embed them.`,
        );
      }
      const { sql, values } = hybridSearchSql(
        { trigram: status.trigram && wants('trigram'), vector: embedding !== undefined },
        { ...checked, candidates: Math.max(candidates, checked.limit), ...(embedding ? { embedding } : {}) },
      );
      const rows = prepared ? await prepared<HitRow>(sql, values) : await driver.query<HitRow>(sql, values);
      return rows.map(toHit);
    },

    async syncPack(content: PackContent, syncOptions: SyncOptions = {}): Promise<IngestCounts> {
      const chunks = checkChunks(content);
      const { driver, status } = await open();
      const progress = syncOptions.progress ?? (() => undefined);
      const model = usableEmbedder(status);
      const hashes = chunks.map(contentHash);
      const keyOf = (c: Pick<KnowledgeChunk, 'entityType' | 'entityId'>) =>
        `${c.entityType}\u0000${c.entityId}`;

      // Embeddings are made before the transaction (they may take long), for what the store lacks.
      const before = await existing(driver, content.pack, status);
      const wanted = new Map<string, number[]>();
      if (model) {
        const missing = chunks.filter((c, i) => {
          const row = before.get(keyOf(c));
          return !row || row.content_hash !== hashes[i] || !row.embedded;
        });
        if (missing.length > 0) {
          progress(`${content.pack}: embedding ${missing.length} entries with ${model.model}`);
          const vectors = await model.embedMany(missing.map(embeddingText), (done, total) =>
            progress(`${content.pack}: embedded ${done}/${total}`),
          );
          const dimensions = vectors[0]?.length ?? 0;
          if (!status.embedding) {
            status.embedding = await withAdvisoryLock(driver, CAPABILITIES_LOCK, (tx) =>
              bindEmbeddingModel(tx, description, model.model, dimensions),
            );
          } else if (status.embedding.dimensions !== dimensions) {
            throw new EmbeddingModelMismatchError({
              store: description,
              stored: status.embedding,
              configured: { model: model.model, dimensions },
            });
          }
          missing.forEach((c, i) => wanted.set(keyOf(c), vectors[i]!));
        }
      }

      const counts = await withAdvisoryLock(driver, `knowledge-search:pack:${content.pack}`, async (tx) => {
        const current = await existing(tx, content.pack, status);
        const result: IngestCounts = { added: 0, updated: 0, unchanged: 0, removed: 0 };
        const withEmbedding = status.embedding !== undefined;
        let written = 0;
        for (const [i, chunk] of chunks.entries()) {
          const key = keyOf(chunk);
          const row = current.get(key);
          current.delete(key);
          const vector = wanted.get(key);
          const changed = !row || row.content_hash !== hashes[i];
          if (!changed && !(vector && !row.embedded)) {
            result.unchanged++;
            continue;
          }
          if (!changed) {
            await tx.query('UPDATE tools_knowledge SET embedding = $2::vector WHERE id = $1', [
              row!.id,
              toVector(vector!),
            ]);
            result.updated++;
            continue;
          }
          const values: unknown[] = [
            content.pack,
            chunk.tool,
            chunk.entityType,
            chunk.entityId,
            chunk.topic,
            chunk.content,
            hashes[i],
            chunk.metadata ?? {},
          ];
          if (withEmbedding) values.push(vector ? toVector(vector) : null);
          await tx.query(
            `INSERT INTO tools_knowledge (pack, tool, entity_type, entity_id, topic, content, content_hash, metadata${withEmbedding ? ', embedding' : ''})
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8${withEmbedding ? ', $9::vector' : ''})
             ON CONFLICT (pack, entity_type, entity_id) DO UPDATE SET
               tool = excluded.tool, topic = excluded.topic, content = excluded.content,
               content_hash = excluded.content_hash, metadata = excluded.metadata,
               ${withEmbedding ? 'embedding = excluded.embedding,' : ''} updated_at = now()`,
            values,
          );
          if (row) result.updated++;
          else result.added++;
          if (++written % 100 === 0) progress(`${content.pack}: wrote ${written} entries`);
        }
        const removed = [...current.values()].map((r) => r.id);
        if (removed.length > 0)
          await tx.query('DELETE FROM tools_knowledge WHERE id = ANY($1::int[])', [removed]);
        result.removed = removed.length;
        if (result.added || result.updated || result.removed) await refreshVocabulary(tx);
        return result;
      });
      progress(
        `${content.pack}: ${counts.added} added, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.removed} removed`,
      );
      return counts;
    },

    async recordHits(ids) {
      const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id));
      if (wanted.length === 0) return;
      const { driver } = await open();
      await driver.query(
        `INSERT INTO knowledge_usage_stats (entry_id, hits, last_used_at)
         SELECT id, 1, now() FROM tools_knowledge WHERE id = ANY($1::int[])
         ON CONFLICT (entry_id) DO UPDATE SET hits = knowledge_usage_stats.hits + 1, last_used_at = now()`,
        [wanted],
      );
    },

    async recordFeedback(id, helpful) {
      const { driver } = await open();
      const rows = await driver.query(
        `INSERT INTO knowledge_usage_stats (entry_id, helpful, unhelpful)
         SELECT id, $2::int, $3::int FROM tools_knowledge WHERE id = $1
         ON CONFLICT (entry_id) DO UPDATE SET
           helpful = knowledge_usage_stats.helpful + excluded.helpful,
           unhelpful = knowledge_usage_stats.unhelpful + excluded.unhelpful
         RETURNING entry_id`,
        [id, helpful ? 1 : 0, helpful ? 0 : 1],
      );
      if (rows.length === 0) {
        throw new KnowledgeQueryError([
          {
            field: 'id',
            message: `${id} is not a knowledge entry (a re-index may have removed it); give the id of a search hit.`,
          },
        ]);
      }
    },

    async usage(id) {
      const { driver } = await open();
      const [row] = await driver.query<{
        hits: number;
        last_used_at: Date | null;
        helpful: number;
        unhelpful: number;
      }>(
        `SELECT coalesce(s.hits, 0) AS hits, s.last_used_at, coalesce(s.helpful, 0) AS helpful, coalesce(s.unhelpful, 0) AS unhelpful
         FROM tools_knowledge k LEFT JOIN knowledge_usage_stats s ON s.entry_id = k.id WHERE k.id = $1`,
        [id],
      );
      return row
        ? ({
            hits: row.hits,
            lastUsedAt: row.last_used_at,
            helpful: row.helpful,
            unhelpful: row.unhelpful,
          } satisfies UsageStats)
        : undefined;
    },

    async packs(): Promise<PackSummary[]> {
      const { driver, status } = await open();
      const rows = await driver.query<{ pack: string; entries: number; embedded: number; updated_at: Date }>(
        `SELECT pack, count(*)::int AS entries, ${status.embedding ? 'count(embedding)::int' : '0'} AS embedded, max(updated_at) AS updated_at
         FROM tools_knowledge GROUP BY pack ORDER BY pack`,
      );
      return rows.map((r) => ({
        pack: r.pack,
        entries: r.entries,
        embedded: r.embedded,
        updatedAt: r.updated_at,
      }));
    },

    async removePack(pack) {
      const { driver } = await open();
      return withAdvisoryLock(driver, `knowledge-search:pack:${pack}`, async (tx) => {
        const rows = await tx.query('DELETE FROM tools_knowledge WHERE pack = $1 RETURNING id', [pack]);
        if (rows.length > 0) await refreshVocabulary(tx);
        return rows.length;
      });
    },

    async resetEmbeddings() {
      const { driver, status } = await open();
      await withAdvisoryLock(driver, CAPABILITIES_LOCK, unbindEmbeddingModel);
      delete status.embedding;
      said.delete('unembedded');
    },

    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      if (pending) await (await pending.catch(() => undefined))?.driver.close();
    },
  };
  return store;
}

interface OpenStore {
  driver: SqlDriver;
  status: StoreStatus;
  /** PGlite: the search runs as a prepared statement, planned once. */
  prepared?: PreparedRunner;
}

interface HitRow {
  id: number;
  entity_type: EntityType;
  entity_id: string;
  topic: string;
  content: string;
  tool: string;
  pack: string;
  metadata: Record<string, unknown>;
  score: number;
  kinds: MatchKind[];
}

function toHit(row: HitRow): KnowledgeHit {
  return {
    id: row.id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    topic: row.topic,
    score: Number(row.score),
    content: row.content,
    tool: row.tool,
    pack: row.pack,
    metadata: row.metadata ?? {},
    matchedBy: [...new Set(row.kinds)],
  };
}

interface ExistingRow {
  id: number;
  content_hash: string;
  embedded: boolean;
}

async function existing(
  q: SqlQueryable,
  pack: string,
  status: StoreStatus,
): Promise<Map<string, ExistingRow>> {
  const rows = await q.query<ExistingRow & { entity_type: string; entity_id: string }>(
    `SELECT id, entity_type, entity_id, content_hash, ${status.embedding ? 'embedding IS NOT NULL' : 'false'} AS embedded
     FROM tools_knowledge WHERE pack = $1`,
    [pack],
  );
  return new Map(rows.map((r) => [`${r.entity_type}\u0000${r.entity_id}`, r]));
}

/** The vocabulary (knowledge_terms): every lexeme of the entries and how many entries hold it. */
async function refreshVocabulary(tx: SqlQueryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('knowledge-search:vocabulary'))");
  await tx.query('DELETE FROM knowledge_terms');
  await tx.query(
    `INSERT INTO knowledge_terms (word, entries)
     SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM tools_knowledge') WHERE length(word) <= 60`,
  );
  await tx.query(
    `INSERT INTO knowledge_meta (key, value) SELECT 'vocabulary', jsonb_build_object('entries', count(*)) FROM tools_knowledge
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  );
  // Fresh statistics, or the planner guesses: on a new table it looked words up through the
  // trigram index instead of the primary key (7 ms a word on PostgreSQL). PGlite has no autovacuum.
  await tx.query('ANALYZE tools_knowledge');
  await tx.query('ANALYZE knowledge_terms');
  // GIN indexes take new entries into a pending list (fastupdate) that every search reads through
  // until a vacuum merges it — and PGlite never vacuums, ANALYZE does not merge it. After syncing
  // 10,000 entries the title-trigram index had 3.7 MB pending and a search took a third more CPU
  // (docs/performance.md). Merged here, for the indexes this role owns (the function requires it).
  await tx.query(
    `SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i
     JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
     WHERE a.amname = 'gin' AND i.indrelid IN ('tools_knowledge'::regclass, 'knowledge_terms'::regclass)
       AND pg_has_role(c.relowner, 'USAGE')`,
  );
}

function contentHash(chunk: KnowledgeChunk): string {
  const canonical = JSON.stringify([
    chunk.entityType,
    chunk.entityId,
    chunk.tool,
    chunk.topic,
    chunk.content,
    chunk.metadata ?? {},
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const embeddingText = (chunk: KnowledgeChunk) => `${chunk.topic}\n\n${chunk.content}`;
const toVector = (v: readonly number[]) => `[${v.join(',')}]`;

function checkChunks(content: PackContent): KnowledgeChunk[] {
  const fail = (message: string) => {
    throw new KnowledgePackError({ source: content.pack, message });
  };
  if (typeof content.pack !== 'string' || !content.pack.trim())
    fail('A pack needs a name (PackContent.pack); give the tool id or the docs set name.');
  const seen = new Set<string>();
  for (const chunk of content.chunks) {
    const where = `pack ${content.pack}, entry ${chunk.entityType}/${chunk.entityId}`;
    if (!isEntityType(chunk.entityType)) {
      fail(
        `${where}: entity type ${JSON.stringify(chunk.entityType)} is not one of ${ENTITY_TYPES.join(', ')}.`,
      );
    }
    if (!chunk.entityId || !chunk.tool || !chunk.topic || typeof chunk.content !== 'string') {
      fail(`${where}: every entry needs an entityId, a tool, a topic and content.`);
    }
    const key = `${chunk.entityType}\u0000${chunk.entityId}`;
    if (seen.has(key)) fail(`${where}: appears twice; entity ids are unique per pack and type.`);
    seen.add(key);
  }
  return [...content.chunks];
}
