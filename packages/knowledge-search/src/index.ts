// Public API of @toolsmith/knowledge-search. Everything exported here is public API: add a symbol
// on purpose. The `toolsmith-knowledge index|search` subcommands are in `@toolsmith/knowledge-search/cli`.

// Stores
export { createKnowledgeStore, type CreateKnowledgeStoreOptions } from './store/create-knowledge-store.ts';
export { createSqlKnowledgeStore, type SqlKnowledgeStoreOptions } from './store/sql-knowledge-store.ts';
export type {
  KnowledgeStore,
  KnowledgeChunk,
  KnowledgeHit,
  KnowledgeQuery,
  MatchKind,
  PackContent,
  PackSummary,
  IngestCounts,
  StoreStatus,
  SyncOptions,
  UsageStats,
} from './store/knowledge-store.ts';
export { MIGRATIONS } from './store/schema-migrations.ts';
export { ENTITY_TYPES, isEntityType, type EntityType } from './entity-types.ts';

// Search
export { search, type SearchOptions } from './search/search-knowledge.ts';
export {
  validateQuery,
  MAX_QUERY_CHARS,
  DEFAULT_LIMIT,
  MAX_LIMIT,
  type CheckedQuery,
} from './search/validate-query.ts';
export { RRF_K } from './search/hybrid-search-sql.ts';

// Ingest
export { ingestPack, type IngestPackOptions, type IngestResult } from './ingest/ingest-pack.ts';
export { readKnowledgePack, type ReadPackOptions } from './ingest/read-knowledge-pack.ts';
export { markdownChunks, type MarkdownChunkOptions } from './ingest/markdown-chunks.ts';
export { toolDefinitionChunks, type ToolDefinitionChunkOptions } from './ingest/tool-definition-chunks.ts';

// Embeddings
export { createEmbedder, modelKey, type Embedder, type EmbedderOptions } from './embedding/embedder.ts';
export { resolveEmbeddingModel, type EnvSource } from './embedding/resolve-embedding-model.ts';

// The agent-facing tool
export {
  createSearchKnowledgeTool,
  SearchKnowledgeTool,
  SearchKnowledgeParams,
  type KnowledgeSource,
  type KnowledgeResult,
  type SearchKnowledgeToolOptions,
} from './tool/search-knowledge.tool.ts';
export {
  createHybridToolRanker,
  type HybridToolRanker,
  type HybridToolRankerOptions,
} from './tool/hybrid-tool-ranker.ts';
export {
  createKnowledgeHints,
  type KnowledgeHintSource,
  type KnowledgeHintsOptions,
} from './tool/knowledge-hints.ts';

// Errors
export {
  KnowledgeQueryError,
  EmbeddingModelMismatchError,
  KnowledgePackError,
} from './errors/knowledge-search-errors.ts';
