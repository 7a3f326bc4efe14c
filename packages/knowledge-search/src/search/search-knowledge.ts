/**
 * Search a store and count the hits as used (knowledge_usage_stats), as an agent-facing search
 * does: what was shown is what was used.
 */
import type { KnowledgeHit, KnowledgeQuery, KnowledgeStore } from '../store/knowledge-store.ts';

export interface SearchOptions extends Omit<KnowledgeQuery, 'text'> {
  /** Count the returned hits in the usage statistics (default true). */
  recordHits?: boolean;
}

export async function search(
  store: KnowledgeStore,
  text: string,
  options: SearchOptions = {},
): Promise<KnowledgeHit[]> {
  const { recordHits = true, ...query } = options;
  const hits = await store.search({ ...query, text });
  if (recordHits && hits.length > 0) await store.recordHits(hits.map((h) => h.id));
  return hits;
}
