import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';

const PingParams = lazySchema(() => z.object({}));

export class PingTool extends BookshelfTool<typeof PingParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('ping', TOOL_PREFIX),
    title: 'Ping',
    description: '[Meta/Check] Check that the server reaches the Bookshelf API and the token works.',
    category: 'meta',
    tags: ['health', 'check', 'token', 'connection'],
    isHelper: true,
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = PingParams;

  async execute(_params: ParamsOf<typeof PingParams>, ctx: BookshelfCtx) {
    const me = await ctx.deps.api.me(ctx.signal);
    return { ok: true, user: me.user, library: me.library, books: me.books };
  }
}
