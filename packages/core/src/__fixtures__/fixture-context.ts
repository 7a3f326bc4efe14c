/**
 * Resources, a resource template and a prompt over the fixture books, declared as an app would.
 */
import { z } from 'zod';
import { BasePrompt, definePromptMetadata, type PromptContext } from '../prompt/base-prompt.ts';
import {
  BaseResource,
  BaseResourceTemplate,
  defineResourceMetadata,
  defineResourceTemplateMetadata,
  type ResourceContext,
} from '../resource/base-resource.ts';
import type { FixtureDeps } from './fixture-tools.ts';

export class ShelfStatsResource extends BaseResource<FixtureDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: 'books://stats',
    name: 'shelf_stats',
    title: 'Shelf statistics',
    description: 'How many books the shelf holds, by country of the author.',
    toolset: 'books',
  });

  read(ctx: ResourceContext<FixtureDeps>) {
    ctx.logger.debug('stats read', { books: ctx.deps.books.size });
    const byCountry: Record<string, number> = {};
    for (const book of ctx.deps.books.values())
      byCountry[book.author.country] = (byCountry[book.author.country] ?? 0) + 1;
    return { books: ctx.deps.books.size, byCountry };
  }
}

const BookParams = z.object({
  id: z
    .string()
    .regex(/^b\d+$/, 'Use a book id such as "b1".')
    .describe('Book id, e.g. "b1"'),
});

export class BookResourceTemplate extends BaseResourceTemplate<FixtureDeps, typeof BookParams> {
  static override readonly METADATA = defineResourceTemplateMetadata({
    uriTemplate: 'books://books/{id}',
    name: 'book',
    title: 'A book',
    description: 'One book as JSON: title, author, year, tags.',
    toolset: 'books',
  });

  override getParamsSchema() {
    return BookParams;
  }

  read({ id }: z.infer<typeof BookParams>, ctx: ResourceContext<FixtureDeps>) {
    const book = ctx.deps.books.get(id);
    if (!book) throw new Error(`no book ${id}`);
    return book;
  }

  override list(ctx: ResourceContext<FixtureDeps>) {
    return [...ctx.deps.books.values()].map((book) => ({ params: { id: book.id }, title: book.title }));
  }

  override complete(_variable: string, value: string, ctx: ResourceContext<FixtureDeps>) {
    return [...ctx.deps.books.keys()].filter((id) => id.startsWith(value));
  }
}

const ReviewArgs = z.object({
  bookId: z.string().describe('The book to review, e.g. "b1"'),
  tone: z.enum(['friendly', 'critical']).optional().describe('How the review should sound'),
});

export class ReviewBookPrompt extends BasePrompt<FixtureDeps, typeof ReviewArgs> {
  static override readonly METADATA = definePromptMetadata({
    name: 'review_book',
    title: 'Review a book',
    description: 'Asks the model for a short review of one book, with its details filled in.',
    toolset: 'books',
  });

  getArgsSchema() {
    return ReviewArgs;
  }

  render({ bookId, tone }: z.infer<typeof ReviewArgs>, ctx: PromptContext<FixtureDeps>) {
    const book = ctx.deps.books.get(bookId);
    return {
      description: `Review of ${book?.title ?? bookId}`,
      messages: [
        {
          role: 'user' as const,
          text: `Write a ${tone ?? 'friendly'} review of ${book ? `"${book.title}" by ${book.author.name} (${book.year})` : `book ${bookId}`}.`,
        },
      ],
    };
  }

  override complete(
    argument: string,
    value: string,
    ctx: PromptContext<FixtureDeps>,
    context: Record<string, string>,
  ) {
    if (argument === 'bookId') return [...ctx.deps.books.keys()].filter((id) => id.startsWith(value));
    return super.complete(argument, value, ctx, context);
  }
}

export function createFixtureContext() {
  return {
    resources: [new ShelfStatsResource(), new BookResourceTemplate()],
    prompts: [new ReviewBookPrompt()],
  };
}
