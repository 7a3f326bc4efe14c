import { describe, expect, it } from '@jest/globals';
import {
  AddBookTool,
  createFixtureTools,
  GetBookTool,
  ListBooksTool,
} from '../__fixtures__/fixture-tools.ts';
import { ConfigError } from '../errors/config-error.ts';
import { ToolDefinitionError } from '../errors/tool-definition-error.ts';
import { BaseTool } from '../tool/base-tool.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';
import { z } from 'zod';
import { ToolRegistry } from './tool-registry.ts';

const toolsets = [
  { id: 'books', description: 'Read books', default: true },
  { id: 'books_write', description: 'Change books', default: false },
  { id: 'utility', description: 'Utilities', default: true },
];

const registry = () => new ToolRegistry({ toolsets }).register(...createFixtureTools());
const names = (tools: readonly { name: string }[]) => tools.map((t) => t.name);

describe('ToolRegistry', () => {
  it('lists tools by priority, then name', () => {
    expect(names(registry().list())).toEqual([
      'get_book',
      'add_book',
      'buggy',
      'failing_api',
      'list_books',
      'slow_count',
    ]);
  });

  it('refuses duplicate names and aliases', () => {
    expect(() => registry().register(new GetBookTool())).toThrow(/"get_book" is already registered/);
    class Renamed extends GetBookTool {
      static override readonly METADATA = defineToolMetadata({
        ...GetBookTool.METADATA,
        name: 'book_get',
        deprecatedAliases: ['list_books'],
      });
    }
    expect(() => registry().register(new Renamed())).toThrow(ToolDefinitionError);
  });

  it('resolves deprecated aliases', () => {
    class Renamed extends GetBookTool {
      static override readonly METADATA = defineToolMetadata({
        ...GetBookTool.METADATA,
        name: 'book_get',
        deprecatedAliases: ['get_book'],
      });
    }
    const r = new ToolRegistry({ toolsets }).register(new Renamed());
    expect(r.get('get_book')?.name).toBe('book_get');
  });

  it('refuses a tool of an undeclared toolset, naming the declared ones', () => {
    const r = new ToolRegistry({ toolsets: [toolsets[0]!] });
    expect(() => r.register(new AddBookTool())).toThrow(
      'unknown toolset "books_write". Declared toolsets: books.',
    );
  });

  it('creates implicit toolsets per category when none are declared', () => {
    const r = new ToolRegistry().register(new GetBookTool(), new AddBookTool());
    expect(
      r
        .toolsets()
        .map((t) => t.id)
        .sort(),
    ).toEqual(['books', 'books_write']);
  });

  it('fails at registration, not at the first call, when a definition cannot be generated', () => {
    class RootNotObject extends BaseTool {
      static override readonly METADATA = defineToolMetadata({
        name: 'bad_root',
        description: '[X/Y] bad',
        category: 'books',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        return z.string() as never;
      }
      async execute() {
        return 'x';
      }
    }
    expect(() => registry().register(new RootNotObject())).toThrow(ToolDefinitionError);
  });
});

describe('ToolRegistry.select (read-only → toolsets → include → exclude)', () => {
  it('enables the default toolsets when none are named', () => {
    const selected = registry().select();
    expect(names(selected.tools)).not.toContain('add_book');
    expect(selected.disabledReason('add_book')).toBe(
      'Tool "add_book" is disabled: its toolset "books_write" is not enabled. Restart the server with --toolsets default,books_write (or --tools add_book).',
    );
  });

  it('enables named toolsets, or all', () => {
    expect(names(registry().select({ toolsets: ['books_write'] }).tools)).toEqual(['add_book']);
    expect(registry().select({ toolsets: ['all'] }).tools).toHaveLength(6);
  });

  it('"default" stands for the default toolsets, so one more can be added to them', () => {
    const defaults = names(registry().select().tools);
    expect(names(registry().select({ toolsets: ['default'] }).tools)).toEqual(defaults);
    expect(names(registry().select({ toolsets: ['default', 'books_write'] }).tools).sort()).toEqual(
      [...defaults, 'add_book'].sort(),
    );
  });

  it('read-only mode wins over an explicit include', () => {
    const selected = registry().select({ readOnly: true, toolsets: ['all'], tools: ['add_book'] });
    expect(names(selected.tools)).not.toContain('add_book');
    expect(selected.get('add_book')).toBeUndefined();
    expect(selected.disabledReason('add_book')).toMatch(/read-only mode/);
  });

  it('an include list alone enables only those tools', () => {
    expect(names(registry().select({ tools: ['list_books', 'add_book'] }).tools)).toEqual([
      'add_book',
      'list_books',
    ]);
  });

  it('include adds to toolsets, exclude removes last', () => {
    const selected = registry().select({
      toolsets: ['books'],
      tools: ['slow_count'],
      exclude: ['list_books'],
    });
    expect(names(selected.tools)).toEqual(['get_book', 'slow_count']);
    expect(selected.disabledReason('list_books')).toMatch(/excluded/);
  });

  it('names unknown toolsets and tools with suggestions', () => {
    let error: unknown;
    try {
      registry().select({ toolsets: ['book'], tools: ['get_bok'] });
    } catch (e) {
      error = e;
    }
    expect(ConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('unknown toolset "book". Did you mean "books"');
    expect((error as Error).message).toContain(
      'Valid toolsets: books, books_write, utility, "default" or "all".',
    );
    expect((error as Error).message).toContain('unknown tool "get_bok". Did you mean "get_book"');
  });

  it('get() returns only enabled tools', () => {
    const selected = registry().select({ toolsets: ['books'] });
    expect(selected.get('list_books')).toBeInstanceOf(ListBooksTool);
    expect(selected.get('buggy')).toBeUndefined();
  });
});

describe('definitions: lazy', () => {
  it('registers without generating definitions, and generates each on first use', async () => {
    const { z } = await import('zod');
    const { BaseTool, defineToolMetadata } = await import('../index.ts');
    let generated = 0;
    class Counted extends BaseTool<unknown, ReturnType<typeof schema>> {
      static override readonly METADATA = defineToolMetadata({
        name: 'counted',
        description: 'Counts definition generations.',
        category: 'books',
        annotations: { readOnlyHint: true },
      });
      override getParamsSchema() {
        generated += 1;
        return schema();
      }
      async execute() {
        return 'ok';
      }
    }
    const schema = () => z.object({ id: z.string().describe('An id.') });
    const lazy = new ToolRegistry({ definitions: 'lazy' }).register(new Counted());
    expect(generated).toBe(0);
    expect(lazy.get('counted')?.getDefinition().name).toBe('counted');
    expect(generated).toBeGreaterThan(0);
    const before = generated;
    new ToolRegistry().register(new Counted());
    expect(generated).toBeGreaterThan(before);
  });
});
