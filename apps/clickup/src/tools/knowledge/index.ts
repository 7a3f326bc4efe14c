/**
 * clickup_search_knowledge: core's knowledge-search tool over this server's pack (anti-patterns,
 * API quirks, validators, examples), indexed at the first search into the store deps give.
 */
import type { AnyTool } from '@toolsmith/core';
import { createSearchKnowledgeTool } from '@toolsmith/knowledge-search/tool';
import type { ClickUpDeps } from '../../deps.ts';
import { knowledgeSources } from '../../knowledge/pack-location.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';

export function knowledgeTools(): AnyTool<ClickUpDeps>[] {
  return [
    createSearchKnowledgeTool<ClickUpDeps>({
      name: `${TOOL_PREFIX}_search_knowledge`,
      subject: 'the ClickUp API',
      toolset: 'context',
      store: (deps) => deps.knowledgeStore(),
      sources: knowledgeSources,
    }) as AnyTool<ClickUpDeps>,
  ];
}
