import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { vector } from '@electric-sql/pglite-pgvector';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import {
  BaseTool,
  defineToolMetadata,
  lazySchema,
  rankTools,
  silentLogger,
  ToolRegistry,
  type ToolMetadata,
} from '@toolsmith/core';
import { z } from 'zod';
import { createMcpServer } from '@toolsmith/core/mcp';
import { pgliteTemplate } from '@toolsmith/sql/testing';
import { connectInMemory, type McpTestConnection } from '@toolsmith/testing';
import { createKnowledgeStore } from '../store/create-knowledge-store.ts';
import type { KnowledgeStore } from '../store/knowledge-store.ts';
import { createHybridToolRanker } from './hybrid-tool-ranker.ts';

let template: Blob;
const stores: KnowledgeStore[] = [];
beforeAll(async () => {
  template = await pgliteTemplate({ vector, pg_trgm });
}, 60_000);
afterAll(async () => {
  for (const store of stores) await store.close().catch(() => undefined);
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

const tool = (name: string, description: string): ToolMetadata =>
  defineToolMetadata({ name, description, category: 'issues', annotations: { readOnlyHint: false } });
const TOOLS = [
  tool('tracker_create_issue', 'Create an issue in a queue.'),
  tool('tracker_add_worklog', 'Log time spent on an issue.'),
  tool('tracker_get_issue_changelog', 'History of an issue: who changed which field and when.'),
  tool('tracker_move_issue', 'Move an issue to another queue; it gets a new key.'),
  tool('tracker_get_boards', 'Agile boards.'),
];

describe('createHybridToolRanker', () => {
  it('fuses the lexical ranking with full text and trigram search over the tools', async () => {
    const store = newStore();
    const rank = createHybridToolRanker({ store, glossary: [['queue', 'очередь']] });
    // Full text finds "who changed" in the description; the lexical side too: both put it first.
    expect((await rank('who changed the field', TOOLS, 3))[0]?.metadata.name).toBe(
      'tracker_get_issue_changelog',
    );
    // Russian reaches the tools through the lexical side's glossary (the store has English words only).
    expect((await rank('перенести задачу в другую очередь', TOOLS, 1))[0]?.metadata.name).toBe(
      'tracker_move_issue',
    );
    // A misspelling: trigram and the lexical correction agree.
    expect((await rank('worklgo', TOOLS, 1))[0]?.metadata.name).toBe('tracker_add_worklog');
    // Scores are reciprocal-rank sums: a tool both sides rank first scores 2 / 61.
    const [first] = await rank('agile boards', TOOLS, 1);
    expect(first?.metadata.name).toBe('tracker_get_boards');
    expect(first?.score).toBeCloseTo(2 / 61, 6);
    await rank.close();
  });

  it('answers only tools it was given, at most `limit`, and indexes again when the list changes', async () => {
    const store = newStore();
    const rank = createHybridToolRanker({ store });
    expect((await rank('issue', TOOLS, 2)).length).toBe(2);
    const renamed = [...TOOLS.slice(0, 4), tool('tracker_get_sprints', 'Sprints of a board.')];
    const names = (await rank('sprints of a board', renamed, 5)).map((r) => r.metadata.name);
    expect(names[0]).toBe('tracker_get_sprints');
    expect(names).not.toContain('tracker_get_boards');
    const packs = await store.packs();
    expect(packs.find((p) => p.pack === 'search_tools')?.entries).toBe(5);
  });

  it('keeps the lexical order when the store finds nothing', async () => {
    const rank = createHybridToolRanker({ store: newStore() });
    const query = 'создать задачу';
    const lexical = rankTools(query, TOOLS, 5).map((r) => r.metadata.name);
    expect((await rank(query, TOOLS, 5)).map((r) => r.metadata.name)).toEqual(lexical);
  });

  it('serves search_tools through a real MCP client', async () => {
    const Params = lazySchema(() => z.object({ title: z.string() }));
    const bookTool = (name: string, description: string) =>
      new (class extends BaseTool<unknown, typeof Params, string> {
        static override readonly PARAMS = Params;
        static override readonly METADATA = defineToolMetadata({
          name,
          description,
          category: 'books',
          annotations: { readOnlyHint: false },
        });
        execute() {
          return Promise.resolve(name);
        }
      })();
    const registry = new ToolRegistry().register(
      bookTool('add_book', 'Add a book to the library.'),
      bookTool('get_book', 'Read a book by its id.'),
    );
    const ranker = createHybridToolRanker({ store: newStore() });
    const server = createMcpServer({
      name: 'books',
      version: '1.0.0',
      registry,
      deps: {},
      logger: silentLogger,
      searchTools: { ranker },
    });
    const connection: McpTestConnection = await connectInMemory(server);
    try {
      const result = await connection.client.callTool({
        name: 'search_tools',
        arguments: { query: 'add a new book' },
      });
      const text = (result.content as { type: string; text: string }[])[0]!.text;
      expect(JSON.parse(text).results[0].name).toBe('add_book');
    } finally {
      await connection.close();
    }
  });
});
