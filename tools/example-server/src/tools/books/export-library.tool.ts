import { ApiError, buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { BookshelfCtx } from '../bookshelf-context.ts';
import { BookshelfTool } from '../shared/bookshelf-tool.ts';

const ExportLibraryParams = lazySchema(() =>
  z.object({
    format: z.enum(['csv', 'json']).default('csv').describe('File format of the export.'),
  }),
);

/** Starts an export job and polls it, reporting MCP progress until it finishes. */
export class ExportLibraryTool extends BookshelfTool<typeof ExportLibraryParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('export_library', TOOL_PREFIX),
    title: 'Export library',
    description:
      '[Library/Export] Export the whole library to a file and return its download URL. Takes a few seconds; reports progress.',
    category: 'library',
    tags: ['export', 'backup', 'download', 'csv'],
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = ExportLibraryParams;

  async execute({ format }: ParamsOf<typeof ExportLibraryParams>, ctx: BookshelfCtx) {
    let job = await ctx.deps.api.startExport(format, ctx.signal);
    while (job.status === 'running') {
      await ctx.progress.report({
        progress: job.processed,
        total: job.total,
        message: `exported ${job.processed} of ${job.total} books`,
      });
      await sleep(ctx.deps.pollIntervalMs, undefined, { signal: ctx.signal });
      job = await ctx.deps.api.getExport(job.id, ctx.signal);
    }
    if (job.status === 'failed') {
      throw new ApiError({
        status: 200,
        method: 'GET',
        url: `/v1/exports/${job.id}`,
        message: `Export ${job.id} failed on the server. Try again later.`,
      });
    }
    await ctx.progress.report({ progress: job.total, total: job.total, message: 'done' });
    return { exportId: job.id, books: job.total, format, url: job.url };
  }
}
