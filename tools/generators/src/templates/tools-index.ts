import { toolsetDescription } from '../names.ts';
import { tsString, type ServerTemplateContext } from '../template-context.ts';

/**
 * `src/tools/index.ts`, the composition file: the toolsets and every tool of the server (as
 * github-mcp-server's pkg/github/tools.go). `npm run generate -- tool` adds a new area's list to
 * `createTools()` and its toolset to `TOOLSETS`.
 */
export function toolsIndexSource(ctx: ServerTemplateContext, listName: string): string {
  const tool = ctx.exampleTool;
  return `/**
 * The composition of the ${ctx.title} server: its toolsets and the one list of its tools.
 * createRegistry() registers exactly these, so tools/list and tools/call cannot disagree; a tool
 * that is not listed (in its area's index.ts) does not exist for clients.
 */
import { defineToolset, type AnyTool } from '@toolsmith/core';
import type { ${ctx.depsType} } from '../deps.ts';
import { ${listName} } from './${tool.areaDir}/index.ts';

/**
 * Toolsets group tools by area for \`--toolsets\`; \`default\` ones are enabled when the user names none.
 * Every tool's toolset (its \`toolset\`, or else its \`category\`) must be declared here.
 */
export const TOOLSETS = [
  defineToolset({ id: ${tsString(tool.category)}, description: ${tsString(toolsetDescription(tool.areaDir))}, default: true }),
];

/** Every tool of the server, area by area, in the order tools/list shows them. */
export function createTools(): AnyTool<${ctx.depsType}>[] {
  return [...${listName}()];
}
`;
}
