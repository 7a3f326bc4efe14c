/** search_tools as the ClickUp server serves it: core's ranking with CLICKUP_SEARCH_GLOSSARY. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startInProcess, type ClickUpHarness } from '../e2e/__fixtures__/clickup-harness.ts';

describe('search_tools through an MCP client (ClickUp glossary)', () => {
  let clickup: ClickUpHarness;
  beforeAll(async () => {
    clickup = await startInProcess({ args: [] }); // the default toolsets
  });
  afterAll(() => clickup.close());

  const first = async (query: string, limit = 3) => {
    const result = await clickup.call('search_tools', { query, limit });
    expect(result.isError).toBe(false);
    return (result.json as { results: { name: string; enabled: boolean; enable?: string }[] }).results;
  };

  it.each([
    ['создать задачу', 'clickup_create_task'],
    ['папки пространства', 'clickup_get_folders'],
    ['запустить таймер', 'clickup_start_timer'],
    ['delte a task', 'clickup_delete_task'],
    ['put a label on a task', 'clickup_add_tag_to_task'],
  ])('"%s" finds %s', async (query, tool) => {
    expect((await first(query)).map((r) => r.name)).toContain(tool);
  });

  it('says how to enable a tool found outside the enabled toolsets', async () => {
    const [goal] = await first('удалить цель', 1);
    expect(goal).toMatchObject({ name: 'clickup_delete_goal', enabled: false });
    expect(goal?.enable).toContain('--toolsets');
  });
});
