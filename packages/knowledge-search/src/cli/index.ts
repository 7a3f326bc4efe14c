// The `toolsmith-knowledge index|search` subcommands (`@toolsmith/knowledge-search/cli`).
// Everything exported here is public API.
export {
  runKnowledgeSearchCli,
  KNOWLEDGE_SEARCH_USAGE,
  type KnowledgeSearchCliIo,
  type KnowledgeSearchCliDeps,
} from './knowledge-search-cli.ts';
