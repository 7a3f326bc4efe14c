/**
 * `search_knowledge`: a core tool (generated definition, BaseTool's validation, budget and error
 * conversion) that any server registers over its knowledge packs. The packs are indexed on the first
 * call — once per process, unchanged entries skipped by hash — so a server's start opens nothing; each
 * returned entry counts as a hit in the usage statistics. The ingest and search code load with the
 * first call too (this module is what a server imports at start: `@toolsmith/knowledge-search/tool`).
 */
import { BaseTool, defineToolMetadata, ToolsmithError, type ToolMetadata } from '@toolsmith/core';
import { z } from 'zod';
import { ENTITY_TYPES } from '../entity-types.ts';
import { MAX_QUERY_CHARS } from '../search/validate-query.ts';
import type { KnowledgeStore, MatchKind } from '../store/knowledge-store.ts';
import type { ToolContext } from '@toolsmith/core';
import { indexSources, type KnowledgeSource } from './index-sources.ts';

export type { KnowledgeSource } from './index-sources.ts';

export interface SearchKnowledgeToolOptions<TDeps = unknown> {
  /**
   * Where the knowledge lives, opened on the first call: a store, or how to find it in the server's
   * dependencies (a server that makes its store from its configuration).
   */
  store: KnowledgeStore | ((deps: TDeps) => KnowledgeStore | Promise<KnowledgeStore>);
  /** Indexed before the first search (and again after a failed attempt); a function is called then. */
  sources?: readonly KnowledgeSource[] | (() => readonly KnowledgeSource[]);
  /** @default 'search_knowledge' */
  name?: string;
  /** What the knowledge is about, for the description: e.g. "the ClickUp API and this server". */
  subject?: string;
  /** Toolset of the tool. @default 'knowledge' */
  toolset?: string;
  /** Only entries of these tools (the pack's tool ids). */
  tools?: readonly string[];
  /** Characters of each entry's content in the answer; longer ones are cut with a marker. @default 1200 */
  maxContentChars?: number;
}

export const SearchKnowledgeParams = z.object({
  query: z.string().trim().min(1).max(MAX_QUERY_CHARS).describe('An error, a question or an identifier'),
  type: z.array(z.enum(ENTITY_TYPES)).min(1).optional().describe('Only these kinds of entry'),
  limit: z.number().int().min(1).max(20).default(5).describe('Most entries to return'),
});

export interface KnowledgeResult {
  entityType: string;
  entityId: string;
  topic: string;
  score: number;
  matchedBy: MatchKind[];
  content: string;
}

export class SearchKnowledgeTool<TDeps = unknown> extends BaseTool<
  TDeps,
  typeof SearchKnowledgeParams,
  { results: KnowledgeResult[] }
> {
  readonly #options: SearchKnowledgeToolOptions<TDeps>;
  readonly #metadata: ToolMetadata;

  constructor(options: SearchKnowledgeToolOptions<TDeps>) {
    super();
    this.#options = options;
    const subject = options.subject ? ` about ${options.subject}` : '';
    this.#metadata = defineToolMetadata({
      name: options.name ?? 'search_knowledge',
      description: `What this server knows${subject}: quirks, anti-patterns, examples. Paste an error to get its cause and fix.`,
      category: 'knowledge',
      toolset: options.toolset ?? 'knowledge',
      tags: ['knowledge', 'docs', 'error', 'how to', 'help'],
      isHelper: true,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    });
  }

  override get metadata(): ToolMetadata {
    return this.#metadata;
  }

  override getParamsSchema() {
    return SearchKnowledgeParams;
  }

  /** The schema is fixed; the name and description come from the options (checked against the recording). */
  override get precomputable(): boolean {
    return true;
  }

  async execute({ query, type, limit }: z.output<typeof SearchKnowledgeParams>, ctx: ToolContext<TDeps>) {
    const { tools, maxContentChars = 1200 } = this.#options;
    const store =
      typeof this.#options.store === 'function' ? await this.#options.store(ctx.deps) : this.#options.store;
    await this.#index(store);
    const { search } = await import('../search/search-knowledge.ts');
    const hits = await search(store, query, {
      limit,
      ...(type ? { entityTypes: type } : {}),
      ...(tools ? { tools } : {}),
    });
    return {
      results: hits.map((hit) => ({
        entityType: hit.entityType,
        entityId: hit.entityId,
        topic: hit.topic,
        score: Number(hit.score.toFixed(4)),
        matchedBy: hit.matchedBy,
        content:
          hit.content.length > maxContentChars
            ? `${hit.content.slice(0, maxContentChars)}… (${hit.content.length - maxContentChars} more characters)`
            : hit.content,
      })),
    };
  }

  /** Indexes the sources (once per store); a failure is this call's answer (user-facing), and the next call tries again. */
  async #index(store: KnowledgeStore): Promise<void> {
    const { sources = [] } = this.#options;
    try {
      await indexSources(store, typeof sources === 'function' ? sources() : sources);
    } catch (error) {
      // The agent cannot fix a pack or a database: say what is wrong, who fixes it, and go on.
      throw new ToolsmithError({
        code: 'knowledge_unavailable',
        userFacing: true,
        message: `Knowledge search is not available: ${error instanceof Error ? error.message : String(error)} The server's operator has to fix this; the next call tries again. Go on without it.`,
        cause: error,
      });
    }
  }
}

/** A `search_knowledge` tool over `options.store` and its sources. */
export function createSearchKnowledgeTool<TDeps = unknown>(
  options: SearchKnowledgeToolOptions<TDeps>,
): SearchKnowledgeTool<TDeps> {
  return new SearchKnowledgeTool(options);
}
