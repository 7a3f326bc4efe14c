/**
 * Index a knowledge pack (a directory or a markdown file, see read-knowledge-pack.ts) into a store:
 * chunk it by entity, hash each chunk, and sync — unchanged entries are kept, changed ones updated,
 * removed ones deleted, only within this pack, in one transaction.
 */
import type { IngestCounts, KnowledgeStore } from '../store/knowledge-store.ts';
import { readKnowledgePack, type ReadPackOptions } from './read-knowledge-pack.ts';

export interface IngestPackOptions extends ReadPackOptions {
  /** Progress lines for long runs; the CLI writes them to stderr. Never stdout in a server. */
  progress?: (line: string) => void;
}

export interface IngestResult extends IngestCounts {
  pack: string;
  entries: number;
}

export async function ingestPack(
  store: KnowledgeStore,
  target: string,
  options: IngestPackOptions = {},
): Promise<IngestResult> {
  const { progress, ...read } = options;
  const content = await readKnowledgePack(target, read);
  progress?.(`${content.pack}: ${content.chunks.length} entries read from ${target}`);
  const counts = await store.syncPack(content, progress ? { progress } : {});
  return { pack: content.pack, entries: content.chunks.length, ...counts };
}
