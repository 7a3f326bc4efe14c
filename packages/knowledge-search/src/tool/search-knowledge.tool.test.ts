import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { silentLogger, ToolRegistry } from '@toolsmith/core';
import { createMcpServer } from '@toolsmith/core/mcp';
import { pgliteTemplate } from '@toolsmith/sql/testing';
import { connectInMemory, resultText, type McpTestConnection } from '@toolsmith/testing';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { BOARDS_GUIDE, KANBAN } from '../__fixtures__/store-suite.ts';
import { createKnowledgeStore } from '../store/create-knowledge-store.ts';
import type { KnowledgeStore } from '../store/knowledge-store.ts';
import { createSearchKnowledgeTool, type KnowledgeSource } from './search-knowledge.tool.ts';

let template: Blob;
const stores: KnowledgeStore[] = [];
const connections: McpTestConnection[] = [];
const dirs: string[] = [];
beforeAll(async () => {
  template = await pgliteTemplate({ vector, pg_trgm });
}, 60_000);
afterAll(async () => {
  for (const connection of connections) await connection.close();
  for (const store of stores) await store.close().catch(() => undefined);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const newStore = () => {
  const store = createKnowledgeStore({
    memory: true,
    env: {},
    pgliteTemplate: template,
    embeddingModel: null,
    logger: silentLogger,
  });
  stores.push(store);
  return store;
};

async function serve(store: KnowledgeStore, sources: readonly KnowledgeSource[]) {
  const tool = createSearchKnowledgeTool({
    store,
    sources,
    name: 'kanban_search_knowledge',
    subject: 'Kanban',
  });
  const registry = new ToolRegistry().register(tool);
  const connection = await connectInMemory(createMcpServer({ name: 't', version: '1', registry, deps: {} }));
  connections.push(connection);
  const call = async (args: Record<string, unknown>) =>
    connection.client.callTool({ name: 'kanban_search_knowledge', arguments: args });
  return { client: connection.client, call };
}

const results = (result: Awaited<ReturnType<Awaited<ReturnType<typeof serve>>['call']>>) =>
  (JSON.parse(resultText(result)) as { results: { entityType: string; entityId: string; content: string }[] })
    .results;

describeToolDefinitions(
  'search_knowledge definition',
  new ToolRegistry().register(createSearchKnowledgeTool({ store: newStore(), subject: 'Kanban' })),
);

describe('search_knowledge over MCP', () => {
  it('indexes its packs on the first call and finds an error as the agent saw it', async () => {
    const store = newStore();
    const { client, call } = await serve(store, [KANBAN, BOARDS_GUIDE]);
    await client.listTools();
    const first = await call({ query: 'column must be an integer' });
    expect(first.isError).toBeFalsy();
    expect(results(first)[0]).toMatchObject({ entityType: 'pattern', entityId: 'column-name-as-column-id' });
    expect((await store.packs()).map((p) => p.pack).sort()).toEqual(['doc:boards-guide', 'kanban']);
    const docs = await call({ query: 'swimlanes', type: ['doc'], limit: 2 });
    expect(results(docs).length).toBeGreaterThan(0);
    for (const hit of results(docs)) expect(hit.entityType).toBe('doc');
  });

  it("takes its store from the server's dependencies when given a function", async () => {
    const store = newStore();
    const tool = createSearchKnowledgeTool<{ knowledge: KnowledgeStore }>({
      store: (deps) => deps.knowledge,
      sources: [KANBAN],
    });
    const registry = new ToolRegistry<{ knowledge: KnowledgeStore }>().register(tool);
    const connection = await connectInMemory(
      createMcpServer({ name: 't', version: '1', registry, deps: { knowledge: store } }),
    );
    connections.push(connection);
    const found = await connection.client.callTool({
      name: 'search_knowledge',
      arguments: { query: 'column must be an integer' },
    });
    expect(results(found)[0]?.entityId).toBe('column-name-as-column-id');
    expect((await store.packs()).map((p) => p.pack)).toEqual(['kanban']);
  });

  it('counts each entry it returns as a hit', async () => {
    const store = newStore();
    const { call } = await serve(store, [KANBAN]);
    await call({ query: 'column must be an integer', limit: 1 });
    await call({ query: 'column must be an integer', limit: 1 });
    const [hit] = await store.search({ text: 'column must be an integer', limit: 1 });
    expect(await store.usage(hit!.id)).toMatchObject({ hits: 2 });
  });

  it('answers bad input with isError naming what to send, and keeps serving', async () => {
    const { call } = await serve(newStore(), [KANBAN]);
    const empty = await call({ query: '   ' });
    expect(empty.isError).toBe(true);
    expect(resultText(empty)).toContain('query');
    const badType = await call({ query: 'card', type: ['snippet'] });
    expect(badType.isError).toBe(true);
    expect(resultText(badType)).toMatch(/type.*"pattern"/s);
    const huge = await call({ query: 'x'.repeat(5000) });
    expect(huge.isError).toBe(true);
    expect(resultText(huge)).toContain('2000');
    expect((await call({ query: 'card' })).isError).toBeFalsy();
  });

  it('says which pack it could not index, and indexes it on a later call once it is there', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'search-knowledge-'));
    dirs.push(dir);
    const pack = path.join(dir, 'kanban');
    const { call } = await serve(newStore(), [pack]);
    const missing = await call({ query: 'card' });
    expect(missing.isError).toBe(true);
    expect(resultText(missing)).toContain(pack);
    await cp(KANBAN, pack, { recursive: true });
    const found = await call({ query: 'column must be an integer' });
    expect(found.isError).toBeFalsy();
    expect(results(found)[0]?.entityId).toBe('column-name-as-column-id');
  });
});
