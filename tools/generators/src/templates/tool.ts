import { exampleItems, itemLiteral, tsString, type ToolTemplateContext } from '../template-context.ts';

/**
 * `src/tools/<area>/<verb-noun>.tool.ts`: the params (declared once, with core's lazySchema),
 * metadata and execute(), on the server's base class and context type. The generated body serves
 * example records so the tool runs, and its test passes, before it is wired to the API; the
 * comments say what to replace.
 */
export function toolSource(tool: ToolTemplateContext): string {
  const { names, server } = tool;
  const items = exampleItems(tool);
  const [first] = items;
  const bareName = names.fileName.replace(/-/g, '_');
  const annotations = tool.write
    ? `{ readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true }`
    : `{ readOnlyHint: true, idempotentHint: true, openWorldHint: true }`;
  const fields = tool.write
    ? `    id: z.string().min(1).describe(${tsString(`Id of the ${names.noun} to change, e.g. "${first.id}".`)}),
    name: z.string().trim().min(1).max(200).describe(${tsString(`New name of the ${names.noun}.`)}),`
    : `    id: z.string().min(1).describe(${tsString(`Id of the ${names.noun}, e.g. "${first.id}".`)}),
    fields: fieldsParam({ examples: [['id', 'name']] }),`;
  const notFound = `throw new NotFoundError(\`No ${names.noun} has id "\${id}". Check the id.\`, {
        resource: ${tsString(names.noun)},
        id,
        suggestions: [...EXAMPLES.keys()],
      });`;
  const execute = tool.write
    ? `  async execute({ id, name }: ParamsOf<typeof ${tool.paramsName}>, ctx: ${server.ctxType}): Promise<${tool.resultType}> {
    // Replace with the real change through ctx.deps, passing ctx.signal to the request.
    if (!EXAMPLES.has(id)) {
      ${notFound}
    }
    ctx.logger.info(${tsString(`${names.noun} changed`)}, { id });
    return { id, name };
  }`
    : `  async execute({ id }: ParamsOf<typeof ${tool.paramsName}>, ctx: ${server.ctxType}): Promise<${tool.resultType}> {
    // Replace with the real call through ctx.deps, passing ctx.signal to the request.
    ctx.logger.debug(${tsString(`${names.toolName} lookup`)}, { id });
    const item = EXAMPLES.get(id);
    if (!item) {
      ${notFound}
    }
    return item;
  }`;
  const coreImports = [
    'buildToolName',
    'defineToolMetadata',
    ...(tool.write ? [] : ['fieldsParam']),
    'lazySchema',
    'NotFoundError',
    'type ParamsOf',
  ];
  return `/**
 * ${names.toolName}: ${commentText(tool.description)}
 */
import { ${coreImports.join(', ')} } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ${server.ctxType} } from '../${server.stem}-context.ts';
import { ${server.baseTool} } from '../shared/${server.stem}-tool.ts';

/**
 * The only schema of the tool: the MCP inputSchema is generated from it and every call is checked
 * against it. Describe every field for the model; prefer z.enum() over unions of literals.
 */
export const ${tool.paramsName} = lazySchema(() =>
  z.object({
${fields}
  }),
);

/** What the tool returns: a compact DTO with the fields a model needs, not the raw API payload. */
export interface ${tool.resultType} {
  id: string;
  name: string;
}

/** Example records so the generated tool runs end to end: replace them with your API (through ctx.deps). */
const EXAMPLES: ReadonlyMap<string, ${tool.resultType}> = new Map([
${items.map((item) => `  [${tsString(item.id)}, ${itemLiteral(item)}],`).join('\n')}
]);

export class ${tool.className} extends ${server.baseTool}<typeof ${tool.paramsName}, ${tool.resultType}> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName(${tsString(bareName)}, TOOL_PREFIX),
    title: ${tsString(names.title)},
    description: ${tsString(tool.description)},
    category: ${tsString(tool.category)},
    tags: [${tool.tags.map(tsString).join(', ')}],${tool.write ? '\n    requiresExplicitUserConsent: true,' : ''}
    annotations: ${annotations},
  });

  static override readonly PARAMS = ${tool.paramsName};

${execute}
}
`;
}

/** Text safe inside a block comment. */
function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ');
}
