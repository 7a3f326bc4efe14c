import { exampleItems, tsString, type ToolTemplateContext } from '../template-context.ts';

/**
 * `<tool-name>.schema.ts`: the params schema (the only source of the wire schema) and the result DTO.
 */
export function toolSchemaSource(tool: ToolTemplateContext): string {
  const { noun } = tool.names;
  const [first] = exampleItems(tool);
  const fields = tool.write
    ? `  id: z.string().min(1).describe(${tsString(`Id of the ${noun} to change, e.g. "${first.id}".`)}),
  name: z.string().trim().min(1).max(200).describe(${tsString(`New name of the ${noun}.`)}),`
    : `  id: z.string().min(1).describe(${tsString(`Id of the ${noun}, e.g. "${first.id}".`)}),
  fields: fieldsParam({ examples: [['id', 'name']] }),`;
  return `/**
 * Wire contract of ${tool.names.toolName}. The params schema is the only source of the tool's MCP
 * inputSchema: describe every field for the model, prefer z.enum() over unions of literals.
 */
${tool.write ? '' : "import { fieldsParam } from '@toolsmith/core';\n"}import { z } from 'zod';

export const ${tool.paramsName} = z.object({
${fields}
});

export type ${tool.inputType} = z.output<typeof ${tool.paramsName}>;

/** What the tool returns: a compact DTO with the fields a model needs, not the raw API payload. */
export interface ${tool.resultType} {
  id: string;
  name: string;
}
`;
}
