// Public API of @toolsmith/knowledge-search/tool: the agent-facing search tool alone, light to import
// at a server's start (the store, ingest and search code load on its first call).
export {
  createSearchKnowledgeTool,
  SearchKnowledgeTool,
  SearchKnowledgeParams,
  type KnowledgeSource,
  type KnowledgeResult,
  type SearchKnowledgeToolOptions,
} from './search-knowledge.tool.ts';
export {
  createKnowledgeHints,
  type KnowledgeHintSource,
  type KnowledgeHintsOptions,
} from './knowledge-hints.ts';
export { loadKnowledgeStore } from './load-knowledge-store.ts';
