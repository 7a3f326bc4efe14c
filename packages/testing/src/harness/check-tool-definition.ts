/**
 * Checks of one tool's generated MCP definition: it matches the Zod schema and follows the
 * conventions. Test-framework free; `@toolsmith/testing/jest` wraps it into per-tool tests.
 */
import { TOOL_NAME_PATTERN, validateSchemaDefinitionMatch, type AnyTool } from '@toolsmith/core';

export interface DefinitionConventions {
  /**
   * Require a `[Category/Action]` description prefix. Off by default: the tool's name, toolset and
   * annotations already say it, and every word of a definition is paid for on every turn. @default false
   */
  categoryPrefix?: boolean;
  /** Snapshot every definition. @default true */
  snapshot?: boolean;
}

const CATEGORY_PREFIX = /^\[[^\]/]+\/[^\]]+\] \S/;

function containsRef(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(containsRef);
  return Object.entries(value).some(
    ([k, v]) => k === '$ref' || k === '$defs' || k === 'definitions' || containsRef(v),
  );
}

/** Problems with one tool's definition (empty when it is fine). */
export function checkToolDefinition(tool: AnyTool, conventions: DefinitionConventions = {}): string[] {
  const problems: string[] = [];
  const definition = tool.getDefinition();
  const match = validateSchemaDefinitionMatch(tool.getParamsSchema(), definition.inputSchema);
  for (const error of match.errors)
    problems.push(`schema ↔ definition [${error.type}] ${error.field}: ${error.message}`);
  if (!TOOL_NAME_PATTERN.test(definition.name))
    problems.push(`name "${definition.name}" breaks the MCP naming rule`);
  if ((conventions.categoryPrefix ?? false) && !CATEGORY_PREFIX.test(tool.metadata.description)) {
    problems.push('description must start with a "[Category/Action] " prefix');
  }
  if (typeof definition.annotations.readOnlyHint !== 'boolean')
    problems.push('annotations.readOnlyHint must be set');
  if (definition.inputSchema.type !== 'object') problems.push('inputSchema must be an object schema');
  if (containsRef(definition.inputSchema) || containsRef(definition.outputSchema))
    problems.push('definition must not contain $ref/$defs');
  if ('$schema' in definition.inputSchema) problems.push('inputSchema must not carry $schema');
  return problems;
}
