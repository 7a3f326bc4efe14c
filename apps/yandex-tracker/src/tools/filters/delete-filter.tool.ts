import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { filterIdParam, filterPath, withFilterHint } from './filter-view.ts';

const DeleteFilterParams = lazySchema(() => z.object({ filterId: filterIdParam(), confirm: confirmParam() }));

export class DeleteFilterTool extends TrackerTool<typeof DeleteFilterParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_filter', TOOL_PREFIX),
    description: 'Delete your saved filter; issues stay.',
    category: 'filters',
    toolset: 'filters',
    tags: ['filter', 'saved search', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteFilterParams;

  async execute(params: ParamsOf<typeof DeleteFilterParams>, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete saved filter ${params.filterId}? Issues stay; the filter cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(filterPath(params.filterId), { signal: ctx.signal });
    } catch (error) {
      throw withFilterHint(error);
    }
    return { filterId: params.filterId, deleted: true };
  }
}
