/**
 * The knowledge store: entries per entity with a content hash, searched by full text, trigram and
 * (when embeddings exist) vector similarity, with usage statistics. One SQL implementation
 * (sql-knowledge-store.ts) runs on embedded PGlite and on PostgreSQL.
 */
import type { EntityType } from '../entity-types.ts';

/** One entry to store: what a pack is chunked into. */
export interface KnowledgeChunk {
  entityType: EntityType;
  /** Unique within its pack and type: `create_task`, `validate-create-task`, `docs/clickup.md#webhooks`. */
  entityId: string;
  /** A short title: what the entry is about. */
  topic: string;
  content: string;
  /** The tool the entry belongs to (search filter). */
  tool: string;
  /** Free-form facts kept with the entry (source file, part, helper dependencies…). */
  metadata?: Record<string, unknown>;
}

/** A pack as the store syncs it: every chunk of one source, which replaces what the pack held. */
export interface PackContent {
  /** The pack's name: the scope of "delete removed" (a tool id, `doc:clickup`…). */
  pack: string;
  chunks: readonly KnowledgeChunk[];
}

export interface IngestCounts {
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
}

export interface SyncOptions {
  /** Progress lines for long runs (embedding batches, writes); stderr in the CLI. */
  progress?: (line: string) => void;
}

export interface KnowledgeQuery {
  /** What to look for: a question, an error message, an identifier. */
  text: string;
  /** How many hits (default 5, at most 50). */
  limit?: number;
  /** Only these entity types. */
  entityTypes?: EntityType | readonly EntityType[];
  /** Only entries of these tools. */
  tools?: string | readonly string[];
  /**
   * The searches to fuse, of those the store can run (default: all of them). Full text always runs;
   * leaving out `trigram` also turns off the correction of misspelt words. For comparing what each
   * search adds (the recall benchmark) and for callers that want exact words only.
   */
  searches?: readonly MatchKind[];
}

/** Which search found a hit. */
export type MatchKind = 'fulltext' | 'trigram' | 'vector';

export interface KnowledgeHit {
  id: number;
  entityType: EntityType;
  entityId: string;
  topic: string;
  /** Reciprocal-rank-fusion score: higher is better; comparable within one result list. */
  score: number;
  content: string;
  tool: string;
  pack: string;
  metadata: Record<string, unknown>;
  matchedBy: MatchKind[];
}

export interface UsageStats {
  hits: number;
  lastUsedAt: Date | null;
  helpful: number;
  unhelpful: number;
}

/** What the database offers, found when the store opens. */
export interface StoreStatus {
  kind: 'pglite' | 'postgres';
  /** pgvector is enabled: vector search is possible once entries have embeddings. */
  vector: boolean;
  /** pg_trgm is enabled: trigram similarity and misspelling correction. */
  trigram: boolean;
  schemaVersion: number;
  /** The model whose vectors the store holds, once one has indexed. */
  embedding?: { model: string; dimensions: number };
}

export interface PackSummary {
  pack: string;
  entries: number;
  embedded: number;
  updatedAt: Date;
}

export interface KnowledgeStore {
  /** Where the store lives, for messages: `PGlite at ./kb`, `PGlite in memory`, `PostgreSQL db@host:5432`. */
  readonly description: string;
  /** Opens the database (first call only: later calls share it) and applies migrations. Every other method calls it. */
  open(): Promise<StoreStatus>;
  search(query: KnowledgeQuery): Promise<KnowledgeHit[]>;
  /** Makes the pack hold exactly `content.chunks`: adds new, updates changed (by hash), keeps unchanged, removes the rest, in one transaction. */
  syncPack(content: PackContent, options?: SyncOptions): Promise<IngestCounts>;
  /** One more hit for each entry (an agent was shown it). */
  recordHits(ids: readonly number[]): Promise<void>;
  /** An agent or user said whether the entry helped. */
  recordFeedback(id: number, helpful: boolean): Promise<void>;
  usage(id: number): Promise<UsageStats | undefined>;
  packs(): Promise<PackSummary[]>;
  /** Deletes a pack's entries; returns how many. */
  removePack(pack: string): Promise<number>;
  /** Drops every embedding and the model they came from, so another model can index. */
  resetEmbeddings(): Promise<void>;
  close(): Promise<void>;
}
