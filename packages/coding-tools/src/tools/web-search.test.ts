import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, noProgress, silentLogger, type ToolCallResult } from '@toolsmith/core';
import { checkToolDefinition, type FakeApi } from '@toolsmith/testing';
import { FAKE_BRAVE_KEY, startFakeBrave } from '../search/__fixtures__/fake-brave.ts';
import { createBraveSearchProvider } from '../search/brave-search-provider.ts';
import { webToolsFor } from '../search/web-tools-for.ts';
import { CodingSession, type CodingSessionOptions, type SearchProvider } from '../session/coding-session.ts';
import { CodeSearchTool } from './code-search.ts';
import { WebSearchTool } from './web-search.ts';

let root: string;
let brave: FakeApi;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-search-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(async () => {
  brave = await startFakeBrave();
});
afterEach(async () => {
  await brave.close();
});

function text(result: ToolCallResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

function sessionWith(options: Partial<CodingSessionOptions> = {}): CodingSession {
  return new CodingSession({ root, ...options });
}

function braveSession(apiKey = FAKE_BRAVE_KEY): CodingSession {
  const provider = createBraveSearchProvider({ apiKey, baseUrl: brave.url });
  return sessionWith({ webSearch: provider, codeSearch: provider });
}

function run(tool: WebSearchTool | CodeSearchTool, session: CodingSession, args: unknown) {
  return tool.run(args, {
    deps: { session },
    signal: new AbortController().signal,
    progress: noProgress,
    logger: silentLogger,
    toolName: tool.name,
  });
}

describe('WebSearch', () => {
  it('lists title, URL and snippet of each result (5 by default) from the Brave provider', async () => {
    const result = await run(new WebSearchTool(), braveSession(), { query: 'zod v4' });
    expect(result.isError).toBeFalsy();
    expect(brave.requests[0]!.query).toMatchObject({ q: 'zod v4', count: '5' });
    const output = text(result);
    expect(
      output.startsWith('Web search for "zod v4" (5 results, Brave Search):\n\n1. Result 1 for zod v4\n'),
    ).toBe(true);
    expect(output).toContain(
      "2. Result 2 for zod v4\n   URL: https://example.com/page-2\n   Snippet 2: zod v4 isn't & is.",
    );
    expect(output).toContain(
      '1. Result 1 for zod v4\n   URL: https://example.com/page-1\n   Age: March 3, 2025\n',
    );
    expect(output).toContain('5. Result 5 for zod v4');
    expect(output).not.toContain('6. Result 6');
    expect(output.endsWith('Use WebFetch on a URL to read the page. Cite the URLs you use.')).toBe(true);
  });

  it('passes num_results to the provider', async () => {
    const result = await run(new WebSearchTool(), braveSession(), { query: 'many results', num_results: 12 });
    expect(brave.requests[0]!.query['count']).toBe('12');
    expect(text(result)).toContain('(12 results, Brave Search)');
    expect(text(result)).toContain('12. Result 12');
  });

  it('refuses num_results above 20 and a missing query with the field named', async () => {
    const tool = new WebSearchTool();
    const tooMany = await run(tool, braveSession(), { query: 'x y', num_results: 21 });
    expect(tooMany.isError).toBe(true);
    expect(text(tooMany)).toContain('- num_results:');
    const missing = await run(tool, braveSession(), {});
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('- query:');
    expect(brave.requests).toHaveLength(0);
  });

  it('says so when nothing was found (not an error)', async () => {
    const result = await run(new WebSearchTool(), braveSession(), { query: 'nothing-matches here' });
    expect(result.isError).toBeFalsy();
    expect(text(result)).toBe(
      'Web search for "nothing-matches here" (Brave Search) found nothing. Try other or fewer keywords.',
    );
  });

  it('reports a rejected API key as an error without the key', async () => {
    const wrongKey = 'BSA-not-the-right-key-42';
    const result = await run(new WebSearchTool(), braveSession(wrongKey), { query: 'anything' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Brave Search refused the API key (HTTP 401)');
    expect(text(result)).toContain('Check BRAVE_API_KEY');
    expect(text(result)).not.toContain(wrongKey);
  });

  it('removes duplicate URLs and works with any SearchProvider', async () => {
    const calls: unknown[] = [];
    const provider: SearchProvider = {
      name: 'Stub',
      async search(query, options) {
        calls.push({ query, count: options.count, kind: options.kind });
        return [
          { title: 'A', url: 'https://a.test/', snippet: 'first' },
          { title: 'A again', url: 'https://a.test/', snippet: 'dup' },
          { title: '', url: 'https://b.test/', snippet: '' },
        ];
      },
    };
    const result = await run(new WebSearchTool(), sessionWith({ webSearch: provider }), { query: 'stub' });
    expect(calls).toEqual([{ query: 'stub', count: 5, kind: 'web' }]);
    expect(text(result)).toBe(
      [
        'Web search for "stub" (2 results, Stub):',
        '1. A\n   URL: https://a.test/\n   first',
        '2. https://b.test/\n   URL: https://b.test/',
        'Use WebFetch on a URL to read the page. Cite the URLs you use.',
      ].join('\n\n'),
    );
  });

  it('throws a ConfigError (a setup mistake, not a model error) when run without a provider', async () => {
    const tool = new WebSearchTool();
    let error: unknown;
    try {
      await run(tool, sessionWith(), { query: 'no provider' });
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain(
      'WebSearch is registered but the session has no webSearch provider',
    );
  });
});

describe('CodeSearch', () => {
  it('asks the provider for a code search: Brave restricts it to code sites', async () => {
    const result = await run(new CodeSearchTool(), braveSession(), {
      query: 'zod discriminatedUnion',
      num_results: 3,
    });
    expect(result.isError).toBeFalsy();
    const q = brave.requests[0]!.query['q'];
    expect(q).toMatch(/^zod discriminatedUnion \(site:github\.com OR site:stackoverflow\.com OR /);
    expect(brave.requests[0]!.query['count']).toBe('3');
    const output = text(result);
    expect(output.startsWith('Code search for "zod discriminatedUnion" (3 results, Brave Search):')).toBe(
      true,
    );
    expect(output).toContain('3. Result 3 for zod discriminatedUnion (site:github.com');
    expect(output.endsWith('Use WebFetch on a URL to read the code or the full answer.')).toBe(true);
  });

  it('uses the codeSearch provider, not the webSearch one', async () => {
    const kinds: string[] = [];
    const stub = (name: string): SearchProvider => ({
      name,
      async search(_query, options) {
        kinds.push(`${name}:${options.kind}`);
        return [];
      },
    });
    const session = sessionWith({ webSearch: stub('web'), codeSearch: stub('code') });
    const result = await run(new CodeSearchTool(), session, { query: 'rust serde flatten' });
    expect(kinds).toEqual(['code:code']);
    expect(text(result)).toBe(
      'Code search for "rust serde flatten" (code) found nothing. Try other keywords (library and function names, the exact error text), or WebSearch.',
    );
  });
});

describe('definitions', () => {
  it.each([new WebSearchTool(), new CodeSearchTool()])('$name follows the conventions', (tool) => {
    expect(checkToolDefinition(tool)).toEqual([]);
    const { inputSchema, annotations } = tool.getDefinition();
    expect(inputSchema.required).toEqual(['query']);
    expect(Object.keys(inputSchema.properties ?? {})).toEqual(['query', 'num_results']);
    for (const schema of Object.values(inputSchema.properties ?? {})) {
      expect(typeof (schema as { description?: unknown }).description).toBe('string');
    }
    // openWorldHint is left out of the definition: the MCP default, true
    expect(annotations).toEqual({ readOnlyHint: true });
  });
});

describe('webToolsFor', () => {
  it('always includes WebFetch, and the search tools only with their providers', () => {
    const names = (session: CodingSession) => webToolsFor(session).map((t) => t.name);
    const provider: SearchProvider = { name: 'p', search: async () => [] };
    expect(names(sessionWith())).toEqual(['WebFetch']);
    expect(names(sessionWith({ webSearch: provider }))).toEqual(['WebFetch', 'WebSearch']);
    expect(names(sessionWith({ codeSearch: provider }))).toEqual(['WebFetch', 'CodeSearch']);
    expect(names(sessionWith({ webSearch: provider, codeSearch: provider }))).toEqual([
      'WebFetch',
      'WebSearch',
      'CodeSearch',
    ]);
  });
});
