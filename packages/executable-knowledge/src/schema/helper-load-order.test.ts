import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { ToolDefinitionError } from '@toolsmith/core';
import { parseToolDefinition } from '../loader/load-tool-definition.ts';
import { helperLoadOrder } from './helper-load-order.ts';

function helper(id: string, dependencies: string[]): string {
  const name = id.replace(/-([a-z])/g, (_m: string, c: string) => c.toUpperCase());
  return `      - id: ${id}
        dependencies: [${dependencies.join(', ')}]
        function: "function ${name}() {} module.exports = { ${name} };"
`;
}

describe('helperLoadOrder', () => {
  it('puts every helper after its dependencies, each once', async () => {
    const tool = await parseToolDefinition(
      `tool:
  schema_version: 2.0
  id: demo
  type: local
  name: Demo
  version: 1.0.0
  description: Order
  executable_knowledge:
    helpers:
${helper('top', ['left', 'right'])}${helper('left', ['base'])}${helper('right', ['base'])}${helper('base', [])}${helper('other', [])}`,
      { file: path.join('demo', 'demo.tool.yaml') },
    );
    expect(helperLoadOrder(tool, ['top']).map((code) => code.id)).toEqual(['base', 'left', 'right', 'top']);
    expect(helperLoadOrder(tool, ['right', 'other']).map((code) => code.id)).toEqual([
      'base',
      'right',
      'other',
    ]);
    expect(helperLoadOrder(tool, [])).toEqual([]);
    expect(() => helperLoadOrder(tool, ['nope'])).toThrow(ToolDefinitionError);
  });
});
