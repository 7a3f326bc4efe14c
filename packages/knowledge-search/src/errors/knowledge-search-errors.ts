/**
 * The errors knowledge search throws on purpose. Each message says what was wrong and how to fix it.
 * Bad queries are `ValidationError`s (user-facing: a search tool returns them to the model); the
 * others are start-up or operator problems.
 */
import { ToolsmithError, ValidationError, type FieldIssue } from '@toolsmith/core';

/** The query (text, limit, filters) cannot be searched. */
export class KnowledgeQueryError extends ValidationError {
  constructor(issues: readonly FieldIssue[]) {
    super({ issues });
    this.name = 'KnowledgeQueryError';
  }
}

/** The embedding model configured now is not the one the store's vectors were made with. */
export class EmbeddingModelMismatchError extends ToolsmithError {
  readonly stored: { model: string; dimensions: number };
  readonly configured: { model: string; dimensions?: number };

  constructor(options: {
    store: string;
    stored: { model: string; dimensions: number };
    configured: { model: string; dimensions?: number };
  }) {
    const { store, stored, configured } = options;
    const dims = configured.dimensions === undefined ? '' : ` (${configured.dimensions} dimensions)`;
    super({
      code: 'embedding_model_mismatch',
      userFacing: false,
      message:
        `The knowledge store (${store}) holds embeddings of ${stored.model} (${stored.dimensions} dimensions), ` +
        `but the configured embedding model is ${configured.model}${dims}; vectors of two models cannot be compared. ` +
        `Set KNOWLEDGE_EMBEDDING_MODEL back to ${stored.model}, index into a new store (--db DIR), ` +
        `or drop the old vectors (toolsmith-knowledge index <dir> --reset-embeddings) and index again.`,
    });
    this.name = 'EmbeddingModelMismatchError';
    this.stored = stored;
    this.configured = configured;
  }
}

/** A knowledge pack cannot be read or chunked (missing directory, invalid YAML, bad chunk). */
export class KnowledgePackError extends ToolsmithError {
  readonly source: string;

  constructor(options: { source: string; message: string; cause?: unknown }) {
    super({
      code: 'knowledge_pack_invalid',
      userFacing: false,
      message: options.message,
      cause: options.cause,
    });
    this.name = 'KnowledgePackError';
    this.source = options.source;
  }
}
