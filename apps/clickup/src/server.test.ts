import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { silentLogger, type ToolSelection } from '@toolsmith/core';
import { connectInMemory, definitionTokens, resultText, type McpTestConnection } from '@toolsmith/testing';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { emulatedClickUp, type EmulatedClickUp } from './__fixtures__/emulated-clickup.ts';
import { createRegistry, createServer, SERVER_VERSION, TOOL_PREFIX } from './server.ts';

// Every tool of the registry follows the conventions; each area's test snapshots its definitions
// (tools/<area>/<area>.test.ts, via describeAreaDefinitions).
describeToolDefinitions('ClickUp tool definitions', createRegistry(), { snapshot: false });

describe('clickup-mcp over MCP', () => {
  let clickup: EmulatedClickUp;
  const connections: McpTestConnection[] = [];
  beforeAll(async () => {
    clickup = await emulatedClickUp();
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.close()));
    await clickup.close();
  });

  async function connect(selection: ToolSelection = {}) {
    const connection = await connectInMemory(createServer(clickup.deps, { logger: silentLogger, selection }));
    connections.push(connection);
    return connection.client;
  }

  it('lists the default toolsets with their generated definitions', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const registered = createRegistry().list();
    for (const tool of tools.filter((t) => t.name !== 'search_tools')) {
      const source = registered.find((r) => r.name === tool.name)!;
      expect(tool).toEqual(JSON.parse(JSON.stringify(source.getDefinition())));
    }
    expect(tools.map((t) => t.name)).toContain('clickup_get_task');
  });

  it('keeps what tools/list costs an agent within budget (o200k_base tokens)', async () => {
    // issue 13: ≤ 150 tokens per tool over all tools, ≤ 3,000 for the default toolsets, search_tools
    // included; `npm run bench -- clickup-context` prints the figures and the heaviest tools
    const defaults = definitionTokens((await (await connect()).listTools()).tools);
    const all = definitionTokens((await (await connect({ toolsets: ['all'] })).listTools()).tools);
    expect(defaults.total).toBeLessThanOrEqual(3000);
    expect(all.perTool).toBeLessThanOrEqual(150);
    expect(all.byName.length).toBeGreaterThanOrEqual(46);
  });

  it('enables more toolsets on top of the default ones with "default,…"', async () => {
    const names = async (selection: ToolSelection) =>
      (await (await connect(selection)).listTools()).tools.map((t) => t.name);
    const defaults = await names({});
    expect(defaults).toEqual(expect.arrayContaining(['clickup_get_hierarchy', 'clickup_search_tasks']));
    expect(defaults).not.toContain('clickup_create_comment');
    expect(await names({ toolsets: ['default', 'comments'] })).toEqual(
      expect.arrayContaining([...defaults, 'clickup_create_comment']),
    );
  });

  it('prefixes every tool name with clickup_', () => {
    for (const tool of createRegistry().list()) expect(tool.name.startsWith(`${TOOL_PREFIX}_`)).toBe(true);
  });

  it('announces the version of its package.json', async () => {
    const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(SERVER_VERSION).toBe(packageJson.version);
    const client = await connect();
    expect(client.getServerVersion()?.version).toBe(packageJson.version);
  });

  it('hides every tool that changes data in read-only mode', async () => {
    const client = await connect({ readOnly: true, toolsets: ['all'] });
    const { tools } = await client.listTools();
    const readOnly = createRegistry()
      .list()
      .filter((t) => t.metadata.annotations.readOnlyHint)
      .map((t) => t.name);
    expect(tools.map((t) => t.name).sort()).toEqual(['search_tools', ...readOnly].sort());
  });

  it('gets a task by its custom id, adding custom_task_ids and team_id itself', async () => {
    const client = await connect();
    const result = await client.callTool({ name: 'clickup_get_task', arguments: { task_id: 'DEV-1' } });
    expect(result.isError).toBeFalsy();
    const task = JSON.parse(resultText(result)) as { customId: string; name: string };
    expect(task.customId).toBe('DEV-1');
    const sent = clickup.emulator.requests.filter((r) => r.path.endsWith('/task/DEV-1'));
    expect(sent.at(-1)?.query).toMatchObject({ custom_task_ids: 'true', team_id: expect.any(String) });
  });

  it('answers invalid arguments with an isError result that names the field', async () => {
    const client = await connect();
    const result = await client.callTool({
      name: 'clickup_get_task',
      arguments: { task_id: 'not a task id!' },
    });
    expect(result.isError).toBe(true);
    expect(resultText(result)).toContain('task_id');
  });
});
