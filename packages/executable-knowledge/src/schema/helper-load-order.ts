/**
 * The code modules to load into the sandbox for one entry point, dependencies first.
 *
 * A helper, processor or validator lists the helpers it needs in `dependencies`; those helpers may
 * depend on others. The sandbox loads modules in order into one context, so a dependency's
 * function declarations are visible to the code after it. The loader has already checked that every
 * id exists and that helper dependencies have no cycles, so this is a plain depth-first walk.
 */
import { ToolDefinitionError } from '@toolsmith/core';
import type { CodeModule, ToolDefinition } from './tool-definition.ts';

/**
 * Helper modules needed by `dependencies` (transitively), each once, every helper after the
 * helpers it depends on. Pipeline steps are not included: each step is its own call.
 */
export function helperLoadOrder(definition: ToolDefinition, dependencies: readonly string[]): CodeModule[] {
  const helpers = new Map(definition.executableKnowledge.helpers.map((helper) => [helper.id, helper]));
  const ordered: CodeModule[] = [];
  const visited = new Set<string>();
  const visit = (id: string): void => {
    if (visited.has(id)) return;
    visited.add(id);
    const helper = helpers.get(id);
    if (!helper) {
      throw new ToolDefinitionError({
        toolName: definition.id,
        message: `unknown helper '${id}'. Known helpers: ${[...helpers.keys()].join(', ') || 'none'}. Pass ids from a definition returned by loadToolDefinition.`,
      });
    }
    for (const dependency of helper.dependencies) visit(dependency);
    ordered.push(helper.code);
  };
  for (const id of dependencies) visit(id);
  return ordered;
}
