/**
 * Small tools that exercise every path of BaseTool and the adapters: a store-backed read tool with
 * `fields`, a paginated list, a consent-requiring write, a slow tool with progress that honours
 * cancellation, a tool that hits an API error, and one with a bug.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ApiError } from '../errors/api-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { BaseTool } from '../tool/base-tool.ts';
import { fieldsParam } from '../tool/field-projection.ts';
import type { ToolContext } from '../tool/tool-context.ts';
import { defineToolMetadata } from '../tool/tool-metadata.ts';

export interface Book {
  id: string;
  title: string;
  author: { name: string; country: string };
  year: number;
  tags: string[];
}

export interface FixtureDeps {
  books: Map<string, Book>;
}

export function createFixtureDeps(count = 3): FixtureDeps {
  const books = new Map<string, Book>();
  for (let i = 1; i <= count; i++) {
    books.set(`b${i}`, {
      id: `b${i}`,
      title: `Book ${i}`,
      author: { name: `Author ${i}`, country: i % 2 ? 'PT' : 'RU' },
      year: 2000 + i,
      tags: ['fiction', `t${i}`],
    });
  }
  return { books };
}

const GetBookParams = z.object({
  id: z.string().min(1).describe('Book id, e.g. "b1".'),
  fields: fieldsParam(),
});

export class GetBookTool extends BaseTool<FixtureDeps, typeof GetBookParams, Book> {
  static override readonly METADATA = defineToolMetadata({
    name: 'get_book',
    title: 'Get book',
    description: '[Books/Read] Get one book by id.',
    category: 'books',
    priority: 'high',
    tags: ['book', 'read', 'lookup'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  });

  override getParamsSchema() {
    return GetBookParams;
  }

  async execute({ id }: z.output<typeof GetBookParams>, ctx: ToolContext<FixtureDeps>): Promise<Book> {
    const book = ctx.deps.books.get(id);
    if (!book) {
      throw new NotFoundError({
        message: `Book "${id}" does not exist.`,
        resource: 'book',
        id,
        suggestions: [...ctx.deps.books.keys()].slice(0, 3),
      });
    }
    return book;
  }
}

const ListBooksParams = z.object({
  order: z.enum(['title', 'year']).default('title').describe('Sort order.'),
  limit: z.number().int().min(1).max(500).default(50).describe('Page size.'),
  cursor: z.string().optional().describe('Opaque cursor from a previous page.'),
  fields: fieldsParam(),
});

export class ListBooksTool extends BaseTool<FixtureDeps, typeof ListBooksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'list_books',
    description: '[Books/Read] List books, one page at a time.',
    category: 'books',
    tags: ['book', 'list', 'search'],
    annotations: { readOnlyHint: true },
  });

  override getParamsSchema() {
    return ListBooksParams;
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute({ order, limit, cursor }: z.output<typeof ListBooksParams>, ctx: ToolContext<FixtureDeps>) {
    const all = [...ctx.deps.books.values()].sort((a, b) =>
      order === 'year' ? a.year - b.year : a.title.localeCompare(b.title),
    );
    const start = cursor ? Number(cursor) : 0;
    const items = all.slice(start, start + limit);
    const next = start + limit < all.length ? String(start + limit) : undefined;
    return { total: all.length, items, ...(next ? { nextCursor: next } : {}) };
  }
}

const AddBookParams = z.object({
  title: z.string().min(1).max(200).describe('Title.'),
  author: z.object({ name: z.string().min(1), country: z.string().length(2).describe('ISO 3166 alpha-2') }),
  year: z.number().int().min(1450).max(2100),
  tags: z.array(z.string()).max(10).default([]),
});

export class AddBookTool extends BaseTool<FixtureDeps, typeof AddBookParams, Book> {
  static override readonly METADATA = defineToolMetadata({
    name: 'add_book',
    description: '[Books/Write] Add a book.',
    category: 'books',
    toolset: 'books_write',
    requiresExplicitUserConsent: true,
    annotations: { readOnlyHint: false },
  });

  override getParamsSchema() {
    return AddBookParams;
  }

  async execute(params: z.output<typeof AddBookParams>, ctx: ToolContext<FixtureDeps>): Promise<Book> {
    const id = `b${ctx.deps.books.size + 1}`;
    const book = { id, ...params };
    ctx.deps.books.set(id, book);
    return book;
  }
}

const SlowParams = z.object({
  steps: z.number().int().min(1).max(100).describe('How many steps to run.'),
  stepMs: z.number().int().min(0).max(5000).default(10),
});

/** Reports progress every step; stops when cancelled. */
export class SlowCountTool extends BaseTool<FixtureDeps, typeof SlowParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'slow_count',
    description: '[Utility/Run] Counts slowly, reporting progress.',
    category: 'utility',
    annotations: { readOnlyHint: true },
  });
  /** Observed by tests: how many steps actually ran. */
  stepsRun = 0;

  override getParamsSchema() {
    return SlowParams;
  }

  async execute({ steps, stepMs }: z.output<typeof SlowParams>, ctx: ToolContext<FixtureDeps>) {
    this.stepsRun = 0;
    for (let i = 1; i <= steps; i++) {
      await sleep(stepMs, undefined, { signal: ctx.signal });
      this.stepsRun = i;
      await ctx.progress.report({ progress: i, total: steps, message: `step ${i}/${steps}` });
    }
    return `counted to ${steps}`;
  }
}

const EmptyParams = z.object({});

export class FailingApiTool extends BaseTool<FixtureDeps, typeof EmptyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'failing_api',
    description: '[Utility/Run] Calls an API that rejects the request.',
    category: 'utility',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return EmptyParams;
  }
  async execute(): Promise<never> {
    throw new ApiError({
      status: 422,
      method: 'POST',
      url: 'https://api.example.test/books',
      requestId: 'req-42',
      message: 'The API rejected the status "Done". Valid statuses: open, inProgress, closed.',
    });
  }
}

export class BuggyTool extends BaseTool<FixtureDeps, typeof EmptyParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'buggy',
    description: '[Utility/Run] Has a bug.',
    category: 'utility',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return EmptyParams;
  }
  async execute(): Promise<never> {
    const value = undefined as unknown as { length: number };
    return value.length as never; // TypeError
  }
}

export function createFixtureTools() {
  return [
    new GetBookTool(),
    new ListBooksTool(),
    new AddBookTool(),
    new SlowCountTool(),
    new FailingApiTool(),
    new BuggyTool(),
  ];
}
