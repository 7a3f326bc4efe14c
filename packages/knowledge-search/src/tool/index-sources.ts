/**
 * Indexes a server's knowledge sources into a store once per process — shared by the
 * `search_knowledge` tool and the error hints, so either indexes for both. A failure is forgotten, so
 * the next caller tries again.
 */
import type { KnowledgeStore } from '../store/knowledge-store.ts';

/** A pack to index: a directory of `*.tool.yaml` and code, or a Markdown file. */
export type KnowledgeSource = string | { path: string; pack?: string; tool?: string };

const indexed = new WeakMap<KnowledgeStore, Map<string, Promise<void>>>();

export function indexSources(store: KnowledgeStore, sources: readonly KnowledgeSource[]): Promise<void> {
  const key = JSON.stringify(sources);
  let byStore = indexed.get(store);
  if (!byStore) indexed.set(store, (byStore = new Map()));
  let done = byStore.get(key);
  if (!done) {
    done = (async () => {
      const { ingestPack } = await import('../ingest/ingest-pack.ts');
      for (const source of sources) {
        const { path, ...rest } = typeof source === 'string' ? { path: source } : source;
        await ingestPack(store, path, rest);
      }
    })();
    const mine = done;
    done.catch(() => {
      if (byStore.get(key) === mine) byStore.delete(key);
    });
    byStore.set(key, done);
  }
  return done;
}
