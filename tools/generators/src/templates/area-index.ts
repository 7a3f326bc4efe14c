import { words } from '../names.ts';
import type { ToolTemplateContext } from '../template-context.ts';

/** `src/tools/<area>/index.ts`: the area's tools, in the order tools/list shows them. */
export function areaIndexSource(area: {
  area: string;
  listName: string;
  depsType: string;
  tools: readonly ToolTemplateContext[];
}): string {
  return `/** The ${words(area.area).join(' ')} tools, in the order tools/list shows them. */
import type { AnyTool } from '@toolsmith/core';
import type { ${area.depsType} } from '../../deps.ts';
${area.tools.map((t) => `import { ${t.className} } from './${t.names.fileName}.tool.ts';`).join('\n')}

export function ${area.listName}(): AnyTool<${area.depsType}>[] {
  return [${area.tools.map((t) => `new ${t.className}()`).join(', ')}];
}
`;
}
