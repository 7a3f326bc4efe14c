/**
 * The knowledge store the environment asks for, opened on first use:
 *
 * - `databaseUrl`, else (unless `memory`) `KNOWLEDGE_DATABASE_URL` or `DATABASE_URL`: PostgreSQL through
 *   `pg` (Supabase works the same), with pgvector when the server has it — so DATABASE_URL switches a
 *   `--db DIR` command line to PostgreSQL;
 * - else `directory` or `KNOWLEDGE_DB`: embedded PGlite with its data in that directory, one process
 *   at a time (a second one is refused, told to use another directory or DATABASE_URL);
 * - else (or with `memory`) PGlite in memory, gone when the process ends.
 *
 * `KNOWLEDGE_EMBEDDING_MODEL` (or `embeddingModel`) adds vector search, see resolve-embedding-model.ts.
 * Nothing is imported, opened or connected here: PGlite, pg and the AI SDK load on the first call.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { EmbeddingModel } from 'ai';
import { createStreamLogger, type Logger } from '@toolsmith/core';
import { openPgDriver, openPgliteDriver, pgliteTemplate, type SqlDriver } from '@toolsmith/sql';
import { createEmbedder, type Embedder } from '../embedding/embedder.ts';
import { resolveEmbeddingModel, type EnvSource } from '../embedding/resolve-embedding-model.ts';
import type { KnowledgeStore } from './knowledge-store.ts';
import { createSqlKnowledgeStore } from './sql-knowledge-store.ts';

export interface CreateKnowledgeStoreOptions {
  /** A PostgreSQL URL; wins over everything else. */
  databaseUrl?: string;
  /** The PGlite data directory (used when no database URL is set). */
  directory?: string;
  /** PGlite in memory, even when KNOWLEDGE_DB is set (tests, one-off runs). */
  memory?: boolean;
  /** The embedding model; `null` for none even when KNOWLEDGE_EMBEDDING_MODEL is set; unset: from the environment. */
  embeddingModel?: EmbeddingModel | null;
  /** Where KNOWLEDGE_DB, DATABASE_URL and KNOWLEDGE_EMBEDDING_* are read (default process.env). */
  env?: EnvSource;
  /** Fallback notices and progress (default: JSON lines on stderr, warnings and errors). */
  logger?: Logger;
  /**
   * A PGlite data directory dump to start a NEW database from instead of initdb. Default: a dump of a
   * fresh database kept in the temporary directory (`pgliteTemplate` of @toolsmith/sql), made by the
   * first process that needs it — a new database then opens in 1–3 s instead of 5–25 s.
   */
  pgliteTemplate?: Blob;
  /** Connections in the PostgreSQL pool (default 4). */
  poolSize?: number;
}

/**
 * Connection settings of the search. pg_trgm's word_similarity_threshold 0.65 (default 0.6): the
 * trigram search of topics and ids (`<%`) then takes fewer candidates from its index and computes
 * word_similarity for fewer entries — PGlite hybrid p50 at 10,000 entries 9.4–11.3 → 8.0 ms; same
 * recall@5 on the labelled queries, MRR 0.78 → 0.76 (docs/performance.md).
 */
export const SEARCH_SETTINGS = { 'pg_trgm.word_similarity_threshold': 0.65 } as const;

/** What a refusal of a PGlite directory another process holds advises. */
const BUSY_HINT =
  'A knowledge store directory belongs to one process: stop the other one, or give this one its own KNOWLEDGE_DB (--db). For several processes on one store, set DATABASE_URL (or KNOWLEDGE_DATABASE_URL) to a PostgreSQL database.';

export function createKnowledgeStore(options: CreateKnowledgeStoreOptions = {}): KnowledgeStore {
  const env = options.env ?? process.env;
  const logger = options.logger ?? createStreamLogger({ level: 'warn' });
  const url =
    options.databaseUrl ?? (options.memory ? undefined : env.KNOWLEDGE_DATABASE_URL || env.DATABASE_URL);
  const directory = options.memory ? undefined : options.directory || env.KNOWLEDGE_DB;
  let openDriver: () => Promise<SqlDriver>;
  let description: string;
  if (url) {
    description = describeUrl(url);
    openDriver = () => openPgDriver(url, { max: options.poolSize ?? 4, settings: SEARCH_SETTINGS });
  } else {
    description = directory ? `PGlite at ${path.resolve(directory)}` : 'PGlite in memory';
    openDriver = async () => {
      const [{ vector }, { pg_trgm }] = await Promise.all([
        import('@electric-sql/pglite-pgvector'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
      ]);
      const extensions = { vector, pg_trgm };
      // a new database starts from a dump of a fresh one; an existing directory opens as it is
      const fresh = !directory || !existsSync(path.join(path.resolve(directory), 'PG_VERSION'));
      const template = fresh
        ? (options.pgliteTemplate ?? (await pgliteTemplate(extensions).catch(() => undefined)))
        : undefined;
      const settings = {
        extensions,
        settings: SEARCH_SETTINGS,
        ...(template ? { loadDataDir: template } : {}),
        // said when another process holds the directory (@toolsmith/sql locks it)
        busyHint: BUSY_HINT,
      };
      return openPgliteDriver(directory ? path.resolve(directory) : { memory: true }, settings);
    };
  }
  const embedder = lazyEmbedder(options.embeddingModel, env);
  return createSqlKnowledgeStore({ openDriver, description, logger, ...(embedder ? { embedder } : {}) });
}

/** `PostgreSQL user@host:port/db`, without the password. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.username ? `${decodeURIComponent(u.username)}@` : ''}${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

/**
 * The embedder for an explicit model, or for KNOWLEDGE_EMBEDDING_MODEL resolved on first use (the
 * provider package loads then). Its identity, kept with the vectors, is the spec as written
 * (`openai:text-embedding-3-small`).
 */
function lazyEmbedder(model: EmbeddingModel | null | undefined, env: EnvSource): Embedder | undefined {
  if (model === null) return undefined;
  if (model !== undefined) return createEmbedder(model);
  if (!env.KNOWLEDGE_EMBEDDING_MODEL?.trim()) return undefined;
  const name = env.KNOWLEDGE_EMBEDDING_MODEL.trim();
  let resolved: Promise<Embedder> | undefined;
  const get = () => (resolved ??= resolveEmbeddingModel(env).then((m) => createEmbedder(m!, { name })));
  return {
    model: name,
    embedMany: async (texts, progress) => (await get()).embedMany(texts, progress),
    embed: async (text) => (await get()).embed(text),
  };
}
