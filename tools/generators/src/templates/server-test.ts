import { exampleItems, itemLiteral, tsString, type ServerTemplateContext } from '../template-context.ts';

/**
 * `src/server.test.ts`: a real MCP client against the server in memory, plus the registry-wide
 * definition test (one snapshot per tool).
 */
export function serverTestSource(ctx: ServerTemplateContext): string {
  const tool = ctx.exampleTool;
  const [first] = exampleItems(tool);
  const name = tsString(tool.names.toolName);
  const prefixTest = ctx.toolPrefix
    ? `
  it('prefixes every tool name with ${ctx.toolPrefix}_', () => {
    for (const tool of createRegistry().list()) expect(tool.name.startsWith(\`\${TOOL_PREFIX}_\`)).toBe(true);
  });
`
    : '';
  return `import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from '@jest/globals';
import { silentLogger, type ToolSelection } from '@toolsmith/core';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { createTestDeps } from './__fixtures__/test-context.ts';
import { createRegistry, createServer, SERVER_VERSION${ctx.toolPrefix ? ', TOOL_PREFIX' : ''} } from './server.ts';

// One test per tool: the definition matches its schema, follows the conventions and equals its
// snapshot in __snapshots__/. \`jest --ci\` (CI) fails on a missing snapshot: run the tests locally
// once to write it, and \`jest -u\` to accept a changed definition after reviewing the diff.
describeToolDefinitions(${tsString(`${ctx.title} tool definitions`)}, createRegistry());

describe(${tsString(`${ctx.binName} over MCP`)}, () => {
  let connection: McpTestConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  async function connect(selection: ToolSelection = {}) {
    connection = await connectInMemory(createServer(createTestDeps(), { logger: silentLogger, selection }));
    return connection.client;
  }

  it('lists every registered tool with its generated definition', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const registered = createRegistry().list();
    expect(tools.map((t) => t.name).sort()).toEqual(['search_tools', ...registered.map((t) => t.name)].sort());
    for (const tool of registered) {
      expect(tools.find((t) => t.name === tool.name)).toEqual(JSON.parse(JSON.stringify(tool.getDefinition())));
    }
  });
${prefixTest}
  it('announces the version of its package.json', async () => {
    const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(SERVER_VERSION).toBe(packageJson.version);
    const client = await connect();
    expect(client.getServerVersion()?.version).toBe(packageJson.version);
  });

  it('hides every tool that changes data in read-only mode', async () => {
    const client = await connect({ readOnly: true });
    const { tools } = await client.listTools();
    const readOnly = createRegistry()
      .list()
      .filter((t) => t.metadata.annotations.readOnlyHint)
      .map((t) => t.name);
    expect(tools.map((t) => t.name).sort()).toEqual(['search_tools', ...readOnly].sort());
  });

  it('calls ${tool.names.toolName}', async () => {
    const client = await connect();
    const result = await client.callTool({ name: ${name}, arguments: { id: ${tsString(first.id)} } });
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(resultText(result))).toEqual(${itemLiteral(first)});
  });

  it('answers invalid arguments with an isError result that names the field', async () => {
    const client = await connect();
    const result = await client.callTool({ name: ${name}, arguments: { id: '' } });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('- id:');
  });
});
`;
}
