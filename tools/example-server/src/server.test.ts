import { describe, expect, it } from '@jest/globals';
import { CONSENT_WARNING } from '@toolsmith/core';
import { describeToolDefinitions } from '@toolsmith/testing/jest';
import { connectInProcess, startEmulator, trackResources } from './e2e/__fixtures__/bookshelf-fixture.ts';
import { createRegistry, TOOLSETS } from './server.ts';

describeToolDefinitions('bookshelf tools', createRegistry);

const resources = trackResources();

describe('bookshelf server over an in-memory client', () => {
  it('lists search_tools first, then the tools by priority, with their annotations', async () => {
    const emulator = await startEmulator(resources);
    const { client } = await connectInProcess(resources, emulator);
    const { tools } = await client.listTools();

    expect(tools.map((t) => t.name)).toEqual([
      'search_tools',
      'bookshelf_search_books',
      'bookshelf_get_book',
      'bookshelf_add_book',
      'bookshelf_delete_book',
      'bookshelf_export_library',
      'bookshelf_ping',
      'bookshelf_update_book',
    ]);
    // hints as the MCP spec reads them: a left-out hint takes its default (idempotentHint false,
    // openWorldHint true), and idempotentHint means nothing on a read-only tool, so it is left out there
    const hints = Object.fromEntries(
      tools.map((t) => [
        t.name,
        [
          t.annotations?.readOnlyHint,
          t.annotations?.idempotentHint ?? false,
          t.annotations?.openWorldHint ?? true,
        ],
      ]),
    );
    expect(hints).toEqual({
      search_tools: [true, false, false],
      bookshelf_search_books: [true, false, true],
      bookshelf_get_book: [true, false, true],
      bookshelf_add_book: [false, false, true],
      bookshelf_delete_book: [false, true, true],
      bookshelf_export_library: [true, false, true],
      bookshelf_ping: [true, false, true],
      bookshelf_update_book: [false, true, true],
    });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('bookshelf_delete_book')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('bookshelf_update_book')?.annotations?.destructiveHint).toBe(true);
    expect(byName.get('bookshelf_search_books')?.title).toBe('Search books');
    // Every write tool tells the model to ask the user first; no read tool does.
    for (const tool of tools) {
      expect([tool.name, tool.description?.includes(CONSENT_WARNING)]).toEqual([
        tool.name,
        tool.annotations?.readOnlyHint === false,
      ]);
    }
    // tools/list serves exactly the registry's generated definitions.
    const registry = createRegistry();
    for (const tool of tools.slice(1)) {
      expect(tool).toEqual(JSON.parse(JSON.stringify(registry.get(tool.name)!.getDefinition())));
    }
  });

  it('puts every tool in a declared toolset that is on by default', () => {
    const registry = createRegistry();
    const ids = new Set<string>(TOOLSETS.map((t) => t.id));
    for (const tool of registry.list())
      expect([tool.name, ids.has(tool.metadata.toolset ?? tool.metadata.category)]).toEqual([
        tool.name,
        true,
      ]);
    expect(TOOLSETS.every((t) => t.default)).toBe(true);
    expect(registry.select({}).tools).toHaveLength(registry.size);
  });
});
