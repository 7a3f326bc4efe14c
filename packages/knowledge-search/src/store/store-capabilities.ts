/**
 * What the database offers, and the schema parts that need it. Run when a store opens, under an
 * advisory lock (two processes opening one database do this one after another):
 *
 * - pgvector (`vector`) and pg_trgm are enabled when the server has them (pg_available_extensions);
 *   when one is missing or cannot be enabled the store works without it, and says so once.
 * - pg_trgm: trigram indexes on the entries' titles and on the vocabulary.
 * - pgvector: the embedding column is added when a model first indexes (its size is the model's),
 *   recorded in knowledge_meta so a different model is refused rather than mixed in.
 */
import type { SqlQueryable } from '@toolsmith/sql';
import { EmbeddingModelMismatchError } from '../errors/knowledge-search-errors.ts';

export const CAPABILITIES_LOCK = 'knowledge-search:capabilities';

/** pgvector's HNSW index takes vectors of at most 2,000 dimensions; larger ones are searched exactly. */
const HNSW_MAX_DIMENSIONS = 2_000;

export type ExtensionState = 'enabled' | 'missing' | { failed: string };

export interface Capabilities {
  vector: ExtensionState;
  trigram: ExtensionState;
  embedding?: { model: string; dimensions: number };
}

export async function ensureCapabilities(tx: SqlQueryable): Promise<Capabilities> {
  const available = await tx.query<{ name: string; installed: boolean }>(
    `SELECT name, installed_version IS NOT NULL AS installed FROM pg_available_extensions WHERE name IN ('vector', 'pg_trgm')`,
  );
  const enable = async (name: string): Promise<ExtensionState> => {
    const row = available.find((r) => r.name === name);
    if (!row) return 'missing';
    if (row.installed) return 'enabled';
    try {
      await tx.query('SAVEPOINT enable_extension');
      await tx.query(`CREATE EXTENSION IF NOT EXISTS ${name === 'vector' ? 'vector' : 'pg_trgm'}`);
      await tx.query('RELEASE SAVEPOINT enable_extension');
      return 'enabled';
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT enable_extension');
      return { failed: (error as Error).message };
    }
  };
  const vector = await enable('vector');
  const trigram = await enable('pg_trgm');
  if (trigram === 'enabled') {
    await tx.query(
      `CREATE INDEX IF NOT EXISTS tools_knowledge_title_trgm ON tools_knowledge USING gin ((left(topic, 80) || ' ' || entity_id) gin_trgm_ops)`,
    );
    // On lower(word), which the words already are: an index on `word` itself also answers
    // `word = $1`, and the planner took it over the primary key (3–7 ms instead of 0.1 a word).
    await tx.query(
      'CREATE INDEX IF NOT EXISTS knowledge_terms_trgm ON knowledge_terms USING gin (lower(word) gin_trgm_ops)',
    );
  }
  const embedding = await storedEmbedding(tx);
  return { vector, trigram, ...(embedding ? { embedding } : {}) };
}

export async function storedEmbedding(
  tx: SqlQueryable,
): Promise<{ model: string; dimensions: number } | undefined> {
  const [row] = await tx.query<{ value: { model: string; dimensions: number } }>(
    "SELECT value FROM knowledge_meta WHERE key = 'embedding'",
  );
  return row?.value;
}

/**
 * Makes the store hold vectors of `model` (`dimensions` long): adds the column and its index the
 * first time; refuses another model. Call under CAPABILITIES_LOCK.
 */
export async function bindEmbeddingModel(
  tx: SqlQueryable,
  store: string,
  model: string,
  dimensions: number,
): Promise<{ model: string; dimensions: number }> {
  const stored = await storedEmbedding(tx);
  if (stored) {
    if (stored.model !== model || stored.dimensions !== dimensions) {
      throw new EmbeddingModelMismatchError({ store, stored, configured: { model, dimensions } });
    }
    return stored;
  }
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new Error(
      `The embedding model ${model} returned a vector of ${dimensions} numbers; pgvector stores 1 to 16,000.`,
    );
  }
  await tx.query(`ALTER TABLE tools_knowledge ADD COLUMN IF NOT EXISTS embedding vector(${dimensions})`);
  if (dimensions <= HNSW_MAX_DIMENSIONS) {
    await tx.query(
      'CREATE INDEX IF NOT EXISTS tools_knowledge_embedding ON tools_knowledge USING hnsw (embedding vector_cosine_ops)',
    );
  }
  const value = { model, dimensions };
  await tx.query("INSERT INTO knowledge_meta (key, value) VALUES ('embedding', $1)", [value]);
  return value;
}

export async function unbindEmbeddingModel(tx: SqlQueryable): Promise<void> {
  await tx.query('ALTER TABLE tools_knowledge DROP COLUMN IF EXISTS embedding');
  await tx.query("DELETE FROM knowledge_meta WHERE key = 'embedding'");
}
