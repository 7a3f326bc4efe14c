/**
 * A `search_tools` ranking (core's ToolRanker) that fuses core's lexical ranking (stems, glossary,
 * misspellings) with this package's search over the tools' own words: full text and trigram in the
 * knowledge store (PGlite in memory by default), and vectors when an embedding model is set. The two
 * lists are fused by reciprocal rank (RRF, k = 60, as the store fuses its own searches).
 *
 *   createMcpServer({ …, searchTools: { ranker: createHybridToolRanker({ glossary }) } })
 *
 * The tools are indexed at the first search (and again when the list changes), never at start.
 */
import type { EmbeddingModel } from 'ai';
import { rankTools, type RankedTool, type SearchGlossary, type ToolMetadata } from '@toolsmith/core';
import { RRF_K } from '../search/hybrid-search-sql.ts';
import { MAX_QUERY_CHARS } from '../search/validate-query.ts';
import { createKnowledgeStore } from '../store/create-knowledge-store.ts';
import type { KnowledgeChunk, KnowledgeStore } from '../store/knowledge-store.ts';

export interface HybridToolRankerOptions {
  /** The server's words (synonyms, translations) for the lexical side, as `searchTools.glossary`. */
  glossary?: SearchGlossary;
  /** Where the tools are indexed (default: PGlite in memory, no embeddings unless `embeddingModel`). */
  store?: KnowledgeStore;
  /** Adds vector search over the tools (the default store only). */
  embeddingModel?: EmbeddingModel;
}

export interface HybridToolRanker {
  (query: string, tools: readonly ToolMetadata[], limit: number): Promise<RankedTool[]>;
  /** Closes the store it opened (not one it was given). */
  close(): Promise<void>;
}

/** Candidates each side contributes before fusion. */
const DEPTH = 50;
const PACK = 'search_tools';

/** A tool as the store indexes it: its name's words, title, toolset, tags and description. */
function toolChunk(metadata: ToolMetadata): KnowledgeChunk {
  const words = metadata.name.replace(/[_-]+/g, ' ').replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return {
    entityType: 'tool',
    entityId: metadata.name,
    topic: metadata.title ? `${words}: ${metadata.title}` : words,
    content: [
      metadata.description,
      `Toolset: ${metadata.toolset ?? metadata.category}.`,
      ...(metadata.tags?.length ? [`Tags: ${metadata.tags.join(', ')}.`] : []),
    ].join('\n'),
    tool: metadata.name,
  };
}

export function createHybridToolRanker(options: HybridToolRankerOptions = {}): HybridToolRanker {
  const owned = options.store === undefined;
  const store =
    options.store ?? createKnowledgeStore({ memory: true, embeddingModel: options.embeddingModel ?? null });
  let indexed: string | undefined;
  let indexing: Promise<void> | undefined;

  const index = async (tools: readonly ToolMetadata[]) => {
    const key = tools
      .map((t) => `${t.name}\u0000${t.description}`)
      .sort()
      .join('\u0001');
    if (key === indexed) return;
    while (indexing) await indexing;
    if (key === indexed) return;
    indexing = store
      .syncPack({ pack: PACK, chunks: tools.map(toolChunk) })
      .then(() => {
        indexed = key;
      })
      .finally(() => {
        indexing = undefined;
      });
    await indexing;
  };

  const rank = async (
    query: string,
    tools: readonly ToolMetadata[],
    limit: number,
  ): Promise<RankedTool[]> => {
    const lexical = rankTools(query, tools, DEPTH, options.glossary ? { glossary: options.glossary } : {});
    await index(tools);
    const byName = new Map(tools.map((t) => [t.name, t]));
    const text = query.trim().slice(0, MAX_QUERY_CHARS);
    const hits = await store.search({ text, limit: DEPTH, entityTypes: 'tool' });
    const fused = new Map<string, number>();
    const add = (names: readonly string[]) =>
      names.forEach((name, i) => {
        if (byName.has(name)) fused.set(name, (fused.get(name) ?? 0) + 1 / (RRF_K + i + 1));
      });
    add(lexical.map((r) => r.metadata.name));
    add(hits.map((h) => h.entityId));
    return [...fused]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, limit)
      .map(([name, score]) => ({ metadata: byName.get(name)!, score }));
  };
  return Object.assign(rank, {
    close: async () => {
      if (owned) await store.close();
    },
  });
}
