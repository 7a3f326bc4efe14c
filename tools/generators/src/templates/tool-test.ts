import { exampleItems, itemLiteral, tsString, type ToolTemplateContext } from '../template-context.ts';

/**
 * `src/tools/<area>/<verb-noun>.tool.test.ts`: runs the tool through BaseTool.run, as the MCP
 * adapter does, with the ctx of the server's test fixture (src/__fixtures__/test-context.ts: the
 * API emulator in the two apps): the happy path, per-field validation errors and the recovery text
 * of a failure.
 */
export function toolTestSource(tool: ToolTemplateContext): string {
  const { names } = tool;
  const [first] = exampleItems(tool);
  const id = tsString(first.id);
  const cases = tool.write
    ? `  it('changes the ${names.noun} and returns it', async () => {
    const result = await tool.run({ id: ${id}, name: 'Renamed' }, test.ctx());
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(resultText(result))).toEqual({ id: ${id}, name: 'Renamed' });
  });

  it('requires explicit user consent and is annotated as a change', () => {
    const definition = tool.getDefinition();
    expect(definition.description).toContain(CONSENT_WARNING);
    expect(definition.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
  });

  it('names each invalid field', async () => {
    const result = await tool.run({ id: ${id}, name: '  ' }, test.ctx());
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('- name:');
    const missing = await tool.run({ name: 'Renamed' }, test.ctx());
    expect(resultText(missing)).toContain('- id: Required field is missing');
  });`
    : `  it('returns the ${names.noun}', async () => {
    const result = await tool.run({ id: ${id} }, test.ctx());
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(resultText(result))).toEqual(${itemLiteral(first)});
  });

  it('returns only the requested fields', async () => {
    const result = await tool.run({ id: ${id}, fields: ['name'] }, test.ctx());
    expect(JSON.parse(resultText(result))).toEqual({ name: ${tsString(first.name)} });
  });

  it('is annotated read-only', () => {
    expect(tool.getDefinition().annotations.readOnlyHint).toBe(true);
  });

  it('names each invalid field', async () => {
    const result = await tool.run({ idd: ${id} }, test.ctx());
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('- idd: Unknown field. Did you mean "id"?');
    expect(resultText(result)).toContain('- id: Required field is missing');
  });`;
  return `import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
${tool.write ? "import { CONSENT_WARNING } from '@toolsmith/core';\n" : ''}import { resultText } from '@toolsmith/testing';
import { openTestContext, type TestContext } from '../../__fixtures__/test-context.ts';
import { ${tool.className} } from './${names.fileName}.tool.ts';

describe(${tsString(names.toolName)}, () => {
  const tool = new ${tool.className}();
  let test: TestContext;
  beforeAll(async () => {
    test = await openTestContext();
  });
  afterAll(() => test.close());

${cases}

  it('says how to recover from an unknown id', async () => {
    const result = await tool.run(${tool.write ? "{ id: 'missing', name: 'Renamed' }" : "{ id: 'missing' }"}, test.ctx());
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain(${tsString(`No ${names.noun} has id "missing".`)});
    expect(resultText(result)).toContain(${id});
  });
});
`;
}
