/**
 * `--tool-search hybrid`: `search_tools` ranked by `@toolsmith/knowledge-search`'s hybrid ranking
 * (full text + trigram in PGlite, fused with core's lexical ranking) when that package is installed.
 * Core does not depend on it: it is found at start (resolved, not loaded) and loaded at the first
 * search, so a server without the flag, or before its first search_tools call, loads nothing of it.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { SearchGlossary } from './search-glossary.ts';
import type { ToolRanker } from './search-tools.tool.ts';

/** The package, named through a variable: bundlers leave the import to run time. */
const KNOWLEDGE_SEARCH: string = '@toolsmith/knowledge-search';

/** Whether `@toolsmith/knowledge-search` can be imported from here. */
export function knowledgeSearchInstalled(): boolean {
  try {
    // Not import.meta.resolve: a bundled bin's server is CommonJS (@toolsmith/bundle), where only
    // import.meta.url is carried over. The package's exports resolve the same for require.
    process
      .getBuiltinModule('node:module')
      .createRequire(import.meta.url)
      .resolve(KNOWLEDGE_SEARCH);
    return true;
  } catch {
    return false;
  }
}

/** The hybrid ranking, loaded at its first use; a ConfigError at start when the package is missing. */
export function hybridToolRanker(glossary?: SearchGlossary): ToolRanker {
  if (!knowledgeSearchInstalled()) {
    throw new ConfigError({
      problems: [
        {
          variable: '--tool-search',
          problem: `"hybrid" ranks with ${KNOWLEDGE_SEARCH}, which is not installed.`,
          howToFix: `Install it beside the server (npm install ${KNOWLEDGE_SEARCH}), or use --tool-search lexical (the default).`,
        },
      ],
    });
  }
  let ranker: Promise<ToolRanker> | undefined;
  return async (query, tools, limit) => {
    ranker ??= import(KNOWLEDGE_SEARCH).then(
      (module: { createHybridToolRanker(options: { glossary?: SearchGlossary }): ToolRanker }) =>
        module.createHybridToolRanker(glossary ? { glossary } : {}),
    );
    return (await ranker)(query, tools, limit);
  };
}
