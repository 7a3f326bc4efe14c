/**
 * clickup_search_knowledge: core's knowledge-search tool over this server's pack (anti-patterns,
 * API quirks, validators, examples), indexed at the first search into the store deps give — served
 * as a ClickUpTool like every other tool of this server, so its arguments go through the same
 * guarded path.
 */
import type { AnyTool, ParamsOf, ToolMetadata } from '@toolsmith/core';
import { createSearchKnowledgeTool, SearchKnowledgeParams } from '@toolsmith/knowledge-search/tool';
import type { ClickUpDeps } from '../../deps.ts';
import { knowledgeSources } from '../../knowledge/pack-location.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export class SearchKnowledgeTool extends ClickUpTool<typeof SearchKnowledgeParams> {
  readonly #search = createSearchKnowledgeTool<ClickUpDeps>({
    name: `${TOOL_PREFIX}_search_knowledge`,
    subject: 'the ClickUp API',
    toolset: 'context',
    store: (deps) => deps.knowledgeStore(),
    sources: knowledgeSources,
  });

  override get metadata(): ToolMetadata {
    return this.#search.metadata;
  }

  static override readonly PARAMS = SearchKnowledgeParams;

  /** A fixed schema: the bundle records the definition (served while the metadata renders the same). */
  override get precomputable(): boolean {
    return true;
  }

  execute(params: ParamsOf<typeof SearchKnowledgeParams>, ctx: ClickUpCtx) {
    return this.#search.execute(params, ctx);
  }
}

export function knowledgeTools(): AnyTool<ClickUpDeps>[] {
  return [new SearchKnowledgeTool()];
}
