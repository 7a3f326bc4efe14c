import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ToolRegistry } from '@toolsmith/core';
import { definitionTokens } from '@toolsmith/testing';
import { describeAreaDefinitions } from '../../__fixtures__/area-definitions.ts';
import { startInProcess, type ClickUpHarness } from '../../e2e/__fixtures__/clickup-harness.ts';
import { SEED } from '../../e2e/__fixtures__/valid-calls.ts';
import { createTools, TOOLSETS } from '../index.ts';
import { rawTools } from './index.ts';
import { CLICKUP_READ_ENDPOINTS } from './read-endpoints.ts';

describeAreaDefinitions('raw', rawTools);

describe('clickup_raw_get through an MCP client against the emulator', () => {
  let clickup: ClickUpHarness;
  beforeAll(async () => {
    clickup = await startInProcess({ args: ['--toolsets', 'raw'] });
  });
  afterAll(() => clickup.close());

  const gets = () => clickup.emulator.requests.filter((r) => r.method === 'GET').length;

  it('answers a task as ClickUp sends it, and a v3 doc list from the same host', async () => {
    const task = await clickup.call('clickup_raw_get', { path: `/v2/task/${SEED.ciTaskId}` });
    expect(task.isError).toBe(false);
    expect(task.json).toMatchObject({ id: SEED.ciTaskId, custom_id: 'DEV-1', name: 'Set up CI pipeline' });
    const custom = await clickup.call('clickup_raw_get', {
      path: '/v2/task/DEV-1',
      query: { custom_task_ids: true, team_id: SEED.team },
    });
    expect(custom.json).toMatchObject({ id: SEED.ciTaskId });
    const docs = await clickup.call('clickup_raw_get', { path: `/v3/workspaces/${SEED.team}/docs` });
    expect(docs.isError).toBe(false);
    expect(docs.json).toHaveProperty('docs');
  });

  it("answers a missing list with ClickUp's error, translated", async () => {
    const missing = await clickup.call('clickup_raw_get', { path: '/v2/list/999' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain('HTTP 404 Not Found: List not found (ITEM_015)');
    expect(missing.text).toContain('check the id or key');
  });

  it('refuses a path not allowed, another host and a .. segment before sending anything', async () => {
    const before = gets();
    const write = await clickup.call('clickup_raw_get', { path: `/v2/task/${SEED.ciTaskId}/checklist` });
    expect(write.isError).toBe(true);
    expect(write.text).toContain('is not a read endpoint this tool may call (GET only)');
    expect(write.text).toContain('/v2/task/{task_id}/comment');
    expect(write.text).toContain('clickup_get_task reads /v2/task/{task_id}');
    const host = await clickup.call('clickup_raw_get', { path: 'https://evil.example/api/v2/team' });
    expect(host.text).toContain('Absolute URLs and other hosts are not allowed');
    const up = await clickup.call('clickup_raw_get', { path: '/v2/task/%2e%2e/team' });
    expect(up.isError).toBe(true);
    expect(gets()).toBe(before);
  });
});

describe('the raw toolset', () => {
  it('is off by default, and every dedicated tool it suggests exists', () => {
    expect(TOOLSETS.find((toolset) => toolset.id === 'raw')?.default).toBe(false);
    const names = new Set(createTools().map((tool) => tool.name));
    for (const endpoint of CLICKUP_READ_ENDPOINTS) if (endpoint.tool) expect(names).toContain(endpoint.tool);
    const registry = new ToolRegistry({ toolsets: TOOLSETS }).register(...createTools());
    const tool = registry.get('clickup_raw_get')!;
    expect(tool.metadata.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    // The budget for one tool's definition (o200k_base).
    expect(definitionTokens([tool.getDefinition()]).total).toBeLessThanOrEqual(150);
  });
});
