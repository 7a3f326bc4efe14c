import { BaseTool, buildToolName, defineToolMetadata, type ToolContext } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX, type BookshelfDeps } from '../deps.ts';

const PingParams = z.object({});

export class PingTool extends BaseTool<BookshelfDeps, typeof PingParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('ping', TOOL_PREFIX),
    title: 'Ping',
    description: '[Meta/Check] Check that the server reaches the Bookshelf API and the token works.',
    category: 'meta',
    tags: ['health', 'check', 'token', 'connection'],
    isHelper: true,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  override getParamsSchema() {
    return PingParams;
  }

  async execute(_params: z.output<typeof PingParams>, ctx: ToolContext<BookshelfDeps>) {
    const me = await ctx.deps.api.me(ctx.signal);
    return { ok: true, user: me.user, library: me.library, books: me.books };
  }
}
