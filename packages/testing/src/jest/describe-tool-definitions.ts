/**
 * Registry-wide definition tests for jest: one test per tool checks that its MCP definition matches
 * its Zod schema and the conventions, and snapshots it. Under `jest --ci` (CI=true) a missing
 * snapshot fails, so every definition change is reviewed; update with `jest -u`.
 */
import { describe, expect, it } from '@jest/globals';
import type { AnyTool, ToolRegistry } from '@toolsmith/core';
import { checkToolDefinition, type DefinitionConventions } from '../harness/check-tool-definition.ts';

type AnyRegistry = ToolRegistry<never> | ToolRegistry<unknown>;

/**
 * Declares one test per registered tool: definition matches schema, conventions hold, and the
 * definition equals its snapshot. Call at the top level of a test file.
 */
export function describeToolDefinitions(
  title: string,
  registry: AnyRegistry | (() => AnyRegistry),
  conventions: DefinitionConventions = {},
): void {
  const resolved = typeof registry === 'function' ? registry() : registry;
  describe(title, () => {
    it('registers at least one tool', () => {
      expect(resolved.size).toBeGreaterThan(0);
    });
    for (const tool of resolved.list()) {
      it(`${tool.name}: definition matches its schema and conventions`, () => {
        expect(checkToolDefinition(tool as AnyTool, conventions)).toEqual([]);
        if (conventions.snapshot ?? true) expect(tool.getDefinition()).toMatchSnapshot();
      });
    }
  });
}
