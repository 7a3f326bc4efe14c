import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import { cursorParam, fieldsOf, perPageParam, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { toVersion, type ApiVersion } from './version-view.ts';

const GetQueueVersionsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam,
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('name, released'),
  }),
);

export class GetQueueVersionsTool extends TrackerTool<typeof GetQueueVersionsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queue_versions', TOOL_PREFIX),
    description: "A queue's versions (releases).",
    category: 'versions',
    toolset: 'versions',
    tags: ['version', 'versions', 'release', 'fix version', 'queue', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueueVersionsParams;

  async execute(params: ParamsOf<typeof GetQueueVersionsParams>, ctx: TrackerCtx) {
    let versions: ApiVersion[];
    try {
      versions = await ctx.deps.client.get<ApiVersion[]>(
        `/v3/queues/${encodeURIComponent(params.queueId)}/versions`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(versions) ? versions : [], chooseView(params, toVersion)),
    );
  }
}
