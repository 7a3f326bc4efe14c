import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toQueueSummary, type ApiQueue } from '../../api/dto/queue-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listPages } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetQueuesParams = lazySchema(() =>
  z.object({
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('lead.display'),
  }),
);

export class GetQueuesTool extends TrackerTool<typeof GetQueuesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_queues', TOOL_PREFIX),
    description: 'Queues this server may use.',
    category: 'queues',
    toolset: 'queues',
    priority: 'high',
    tags: ['queue', 'list', 'projects', 'spaces'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetQueuesParams;

  async execute(params: ParamsOf<typeof GetQueuesParams>, ctx: TrackerCtx) {
    const result = await listPages(
      this.name,
      params,
      (page, perPage) =>
        ctx.deps.client.page<ApiQueue>('GET', '/v3/queues', { page, perPage }, { signal: ctx.signal }),
      (queue: ApiQueue) => queue,
    );
    const allowed = ctx.deps.config.queues;
    const visible = allowed ? result.items.filter((q) => allowed.includes(q.key)) : result.items;
    const hidden = result.items.length - visible.length;
    return firstPageOnly(
      ctx,
      params,
      withProjectionRoot(
        {
          ...result,
          items: visible.map(chooseView(params, toQueueSummary)),
          ...(hidden > 0
            ? {
                note: `${hidden} queue(s) outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
              }
            : {}),
        },
        'items',
      ),
    );
  }
}
