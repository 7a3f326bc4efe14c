import { describe, expect, it } from '@jest/globals';
import { createFixtureDeps, createFixtureTools } from '../__fixtures__/fixture-tools.ts';
import { silentLogger } from '../logging/logger.ts';
import { noProgress } from '../tool/tool-context.ts';
import { rankTools, tokenize } from './rank-tools.ts';
import { SearchToolsTool } from './search-tools.tool.ts';
import { ToolRegistry } from './tool-registry.ts';

const registry = new ToolRegistry({
  toolsets: [
    { id: 'books', description: 'Read books', default: true },
    { id: 'books_write', description: 'Change books', default: false },
    { id: 'utility', description: 'Utilities', default: true },
  ],
}).register(...createFixtureTools());

describe('rankTools', () => {
  it('splits names into words', () => {
    expect(tokenize('getIssue_links-list.v2')).toEqual(['get', 'issue', 'links', 'list', 'v2']);
  });

  it('ranks name matches above description matches', () => {
    const ranked = rankTools(
      'book',
      registry.list().map((t) => t.metadata),
    );
    expect(
      ranked
        .map((r) => r.metadata.name)
        .slice(0, 3)
        .sort(),
    ).toEqual(['add_book', 'get_book', 'list_books']);
    expect(ranked.every((r) => r.score > 0)).toBe(true);
  });

  it('finds a tool by what it does', () => {
    const [first] = rankTools(
      'add a new book',
      registry.list().map((t) => t.metadata),
    );
    expect(first?.metadata.name).toBe('add_book');
  });

  it('returns nothing for unrelated queries', () => {
    expect(
      rankTools(
        'kubernetes pod',
        registry.list().map((t) => t.metadata),
      ),
    ).toEqual([]);
  });
});

describe('search_tools', () => {
  it('reports disabled tools with how to enable them', async () => {
    const selected = registry.select({ readOnly: true });
    const tool = new SearchToolsTool(registry, () => selected);
    const result = await tool.run(
      { query: 'add book', limit: 2 },
      {
        deps: createFixtureDeps(),
        signal: new AbortController().signal,
        progress: noProgress,
        logger: silentLogger,
        toolName: 'search_tools',
      },
    );
    const parsed = JSON.parse((result.content[0] as { text: string }).text);
    expect(parsed.results[0]).toMatchObject({
      name: 'add_book',
      toolset: 'books_write',
      readOnly: false,
      enabled: false,
      enable: expect.stringContaining('read-only mode'),
    });
    expect(parsed.results).toHaveLength(2);
  });
});
