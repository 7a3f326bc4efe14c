/** The docs tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { GetDocPagesTool } from './get-doc-pages.tool.ts';
import { SearchDocsTool } from './search-docs.tool.ts';

export function docTools(): AnyTool<ClickUpDeps>[] {
  return [new SearchDocsTool(), new GetDocPagesTool()];
}
