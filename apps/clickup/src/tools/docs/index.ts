/** The docs tools, in the order tools/list shows them: reads (toolset docs), then writes (doc_writes). */
import type { AnyTool } from '@toolsmith/core';
import type { ClickUpDeps } from '../../deps.ts';
import { CreateDocPageTool } from './create-doc-page.tool.ts';
import { CreateDocTool } from './create-doc.tool.ts';
import { GetDocPagesTool } from './get-doc-pages.tool.ts';
import { SearchDocsTool } from './search-docs.tool.ts';
import { UpdateDocPageTool } from './update-doc-page.tool.ts';

export function docTools(): AnyTool<ClickUpDeps>[] {
  return [new SearchDocsTool(), new GetDocPagesTool()];
}

export function docWriteTools(): AnyTool<ClickUpDeps>[] {
  return [new CreateDocTool(), new CreateDocPageTool(), new UpdateDocPageTool()];
}
