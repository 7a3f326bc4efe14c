/**
 * `search_tools`: lets a client start with a small toolset and discover the rest. It searches every
 * registered tool — enabled or not — and says how to enable the ones that are off.
 */
import { z } from 'zod';
import { BaseTool } from '../tool/base-tool.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata, toolsetOf, type ToolMetadata } from '../tool/tool-metadata.ts';
import { scopeAllows, toolScope } from '../tool/tool-scope.ts';
import { rankTools, type RankedTool } from './rank-tools.ts';
import type { SearchGlossary } from './search-glossary.ts';
import type { SelectedTools } from './tool-selection.ts';
import type { ToolRegistry } from './tool-registry.ts';

const SearchToolsParams = z.object({
  query: z.string().trim().min(1).describe('What you want to do, in a few words'),
  limit: z.number().int().min(1).max(50).default(10).describe('Most tools to return'),
});

export interface SearchToolsResult {
  query: string;
  results: {
    name: string;
    title?: string;
    description: string;
    toolset: string;
    readOnly: boolean;
    enabled: boolean;
    /** How to enable the tool when it is not. */
    enable?: string;
  }[];
}

/**
 * Ranks tools for a query, best first, at most `limit`. The default is core's lexical `rankTools`;
 * `@toolsmith/knowledge-search`'s createHybridToolRanker fuses it with full text and trigram search.
 */
export type ToolRanker = (
  query: string,
  tools: readonly ToolMetadata[],
  limit: number,
) => RankedTool[] | Promise<RankedTool[]>;

export interface SearchToolsOptions {
  /** The server's own words (synonyms, translations), added to core's glossary. */
  glossary?: SearchGlossary;
  /** Another ranking than core's lexical one (it is given `glossary` itself, if it uses one). */
  ranker?: ToolRanker;
}

export const SEARCH_TOOLS_METADATA = defineToolMetadata({
  name: 'search_tools',
  description:
    'Find the tool for a task among all tools of this server, enabled or not (and how to enable it).',
  category: 'tools',
  priority: 'high',
  tags: ['search', 'discover', 'help', 'tools'],
  isHelper: true,
  toolset: 'meta',
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
});

export class SearchToolsTool extends BaseTool<unknown, typeof SearchToolsParams, SearchToolsResult> {
  static override readonly METADATA = SEARCH_TOOLS_METADATA;
  readonly #registry: ToolRegistry<never> | ToolRegistry<unknown>;
  readonly #selected: () => SelectedTools<unknown> | undefined;
  readonly #rank: ToolRanker;

  /**
   * @param registry every tool the server knows
   * @param selected the tools enabled in this session (to report `enabled`); omitted = all enabled
   * @param options the server's glossary, or another ranking
   */
  constructor(
    registry: ToolRegistry<never> | ToolRegistry<unknown>,
    selected?: () => SelectedTools<unknown>,
    options: SearchToolsOptions = {},
  ) {
    super();
    this.#registry = registry;
    this.#selected = selected ?? (() => undefined);
    const glossary = options.glossary;
    this.#rank =
      options.ranker ??
      ((query, tools, limit) => rankTools(query, tools, limit, glossary ? { glossary } : {}));
  }

  override getParamsSchema() {
    return SearchToolsParams;
  }

  async execute(
    { query, limit }: z.output<typeof SearchToolsParams>,
    ctx?: ToolContext,
  ): Promise<SearchToolsResult> {
    const selected = this.#selected();
    const auth = ctx?.auth;
    // With authentication, only the tools the caller's token may call exist for it.
    const tools = this.#registry
      .list()
      .filter(
        (t) =>
          t.name !== this.name && (auth === undefined || scopeAllows(auth.scopes, toolScope(t.metadata))),
      );
    const ranked = await this.#rank(
      query,
      tools.map((t) => t.metadata),
      limit,
    );
    return {
      query,
      results: ranked.map(({ metadata }) => {
        const reason = selected?.disabledReason(metadata.name);
        return {
          name: metadata.name,
          ...(metadata.title ? { title: metadata.title } : {}),
          description: metadata.description,
          toolset: toolsetOf(metadata),
          readOnly: metadata.annotations.readOnlyHint,
          enabled: reason === undefined,
          ...(reason ? { enable: reason } : {}),
        };
      }),
    };
  }
}
