import type { ServerTemplateContext } from '../template-context.ts';

/**
 * `src/tools/index.ts`: the one list of tool instances. `npm run generate -- tool` adds an import
 * and an entry (see register-tool.ts); it finds the list as the array `createTools()` returns.
 */
export function toolsIndexSource(ctx: ServerTemplateContext): string {
  const tool = ctx.exampleTool;
  return `/**
 * The one list of tools this server registers: createRegistry() registers exactly these, so
 * tools/list and tools/call cannot disagree. \`npm run generate -- tool\` adds the import and the
 * instance; a tool that is not listed here does not exist for clients.
 */
import type { AnyTool } from '@toolsmith/core';
import type { ServerDeps } from '../deps.ts';
import { ${tool.className} } from './${tool.areaDir}/${tool.names.fileName}/${tool.names.fileName}.tool.ts';

export function createTools(): AnyTool<ServerDeps>[] {
  return [new ${tool.className}()];
}
`;
}
