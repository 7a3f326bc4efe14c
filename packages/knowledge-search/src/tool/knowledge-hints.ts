/**
 * Knowledge hints for executable-knowledge's `KnowledgeTool` (its `KnowledgeHints`): when the API
 * refuses a call, the entries that explain the error for that command, as a few short lines within a
 * token budget. The store and the search code load on the first error, never at start.
 */
import type { KnowledgeStore } from '../store/knowledge-store.ts';
import { indexSources, type KnowledgeSource } from './index-sources.ts';

export interface KnowledgeHintsOptions {
  /** The store, or how to get it (opened on the first error). */
  store: KnowledgeStore | (() => KnowledgeStore | Promise<KnowledgeStore>);
  /** Indexed before the first lookup, as `search_knowledge` does (shared with it). */
  sources?: readonly KnowledgeSource[] | (() => readonly KnowledgeSource[]);
  /** Entries per error (default 3). */
  limit?: number;
}

/** Shape of executable-knowledge's `KnowledgeHints` (structural: this package does not import it). */
export interface KnowledgeHintSource {
  hintsFor(
    query: { toolId: string; command: string; error: string },
    options: { maxTokens: number; signal?: AbortSignal },
  ): Promise<string | undefined>;
}

/** Entry kinds that explain an error: not the code of helpers, not raw fixtures. */
const EXPLAINING = [
  'pattern',
  'quirk',
  'limitation',
  'example',
  'command',
  'api',
  'doc',
  'knowledge',
] as const;

export function createKnowledgeHints(options: KnowledgeHintsOptions): KnowledgeHintSource {
  return {
    async hintsFor({ toolId, command, error }, { maxTokens }) {
      const store = typeof options.store === 'function' ? await options.store() : options.store;
      const { sources = [] } = options;
      await indexSources(store, typeof sources === 'function' ? sources() : sources);
      const { search } = await import('../search/search-knowledge.ts');
      // the error text carries the API's words (FIELD_011, "option index or uuid"); the command narrows
      const text = `${command} ${error}`.slice(0, 1_900);
      const hits = await search(store, text, {
        limit: options.limit ?? 3,
        tools: [toolId],
        entityTypes: [...EXPLAINING],
      });
      const budget = maxTokens * 4;
      const lines: string[] = [];
      let used = 0;
      for (const hit of hits) {
        const body = hit.content.replace(/\s+/g, ' ').trim();
        const head = `- [${hit.entityType} ${hit.entityId}] ${hit.topic}`;
        const room = budget - used - head.length - 3;
        if (room < 40) break;
        const line =
          body && !body.startsWith(hit.topic) ? `${head}: ${body.slice(0, Math.min(room, 400))}` : head;
        const cut = line.length < head.length + 2 + body.length ? `${line}…` : line;
        lines.push(cut);
        used += cut.length + 1;
      }
      return lines.length > 0 ? lines.join('\n') : undefined;
    },
  };
}
