/**
 * The store behind a server's knowledge tools, with its code (PGlite, pg, the AI SDK) loaded when it
 * is first needed: a server imports only `@toolsmith/knowledge-search/tool` at start.
 */
import type { CreateKnowledgeStoreOptions } from '../store/create-knowledge-store.ts';
import type { KnowledgeStore } from '../store/knowledge-store.ts';

export async function loadKnowledgeStore(options: CreateKnowledgeStoreOptions = {}): Promise<KnowledgeStore> {
  const { createKnowledgeStore } = await import('../store/create-knowledge-store.ts');
  return createKnowledgeStore(options);
}
