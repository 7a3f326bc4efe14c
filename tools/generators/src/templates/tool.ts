import { exampleItems, itemLiteral, tsString, type ToolTemplateContext } from '../template-context.ts';

/**
 * `<tool-name>.tool.ts`: metadata and execute(). The generated body serves example records so the
 * tool runs end to end; the comments say what to replace.
 */
export function toolSource(tool: ToolTemplateContext): string {
  const { names } = tool;
  const items = exampleItems(tool);
  const annotations = tool.write
    ? `{ readOnlyHint: false, destructiveHint: true, idempotentHint: false }`
    : `{ readOnlyHint: true, idempotentHint: true }`;
  const notFound = `        message: \`No ${names.noun} has id "\${id}". Check the id.\`,
        resource: ${tsString(names.noun)},
        id,
        suggestions: [...EXAMPLES.keys()],`;
  const execute = tool.write
    ? `  async execute({ id, name }: ${tool.inputType}, ctx: ToolContext<ServerDeps>): Promise<${tool.resultType}> {
    // Replace with the real change, e.g. \`await ctx.deps.api.update(id, { name }, { signal: ctx.signal })\`.
    if (!EXAMPLES.has(id)) {
      throw new NotFoundError({
${notFound}
      });
    }
    ctx.logger.info(${tsString(`${names.noun} changed`)}, { id });
    return { id, name };
  }`
    : `  async execute({ id }: ${tool.inputType}, ctx: ToolContext<ServerDeps>): Promise<${tool.resultType}> {
    // Replace with the real call, e.g. \`return toDto(await ctx.deps.api.get(id, { signal: ctx.signal }))\`.
    ctx.logger.debug(${tsString(`${names.toolName} lookup`)}, { id });
    const item = EXAMPLES.get(id);
    if (!item) {
      throw new NotFoundError({
${notFound}
      });
    }
    return item;
  }`;
  return `/**
 * ${names.toolName}: ${commentText(tool.description)}
 */
import { BaseTool, defineToolMetadata, NotFoundError, type ToolContext } from '@toolsmith/core';
import type { ServerDeps } from '../../../deps.ts';
import { ${tool.paramsName}, type ${tool.inputType}, type ${tool.resultType} } from './${names.fileName}.schema.ts';

/** Example records so the generated tool runs end to end: replace them with your API (through ctx.deps). */
const EXAMPLES: ReadonlyMap<string, ${tool.resultType}> = new Map([
${items.map((item) => `  [${tsString(item.id)}, ${itemLiteral(item)}],`).join('\n')}
]);

export class ${tool.className} extends BaseTool<ServerDeps, typeof ${tool.paramsName}, ${tool.resultType}> {
  static override readonly METADATA = defineToolMetadata({
    name: ${tsString(names.toolName)},
    title: ${tsString(names.title)},
    description: ${tsString(tool.description)},
    category: ${tsString(tool.category)},
    tags: [${tool.tags.map(tsString).join(', ')}],${tool.write ? '\n    requiresExplicitUserConsent: true,' : ''}
    annotations: ${annotations},
  });

  override getParamsSchema() {
    return ${tool.paramsName};
  }

${execute}
}
`;
}

/** Text safe inside a block comment. */
function commentText(text: string): string {
  return text.replace(/\*\//g, '*\\/').replace(/\n/g, ' ');
}
