import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';

const GetComponentsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam.optional().describe('Only this queue.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('queue.key'),
  }),
);

export class GetComponentsTool extends TrackerTool<typeof GetComponentsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_components', TOOL_PREFIX),
    description: 'Queue components, of one queue or all.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'list', 'queue', 'module', 'area'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetComponentsParams;

  async execute(params: ParamsOf<typeof GetComponentsParams>, ctx: TrackerCtx) {
    const path = params.queueId
      ? `/v2/queues/${encodeURIComponent(params.queueId)}/components`
      : '/v2/components';
    let components: ApiComponent[];
    try {
      components = await ctx.deps.client.get<ApiComponent[]>(path, { signal: ctx.signal });
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    const allowed = ctx.deps.config.queues;
    const visible = allowed
      ? components.filter((c) => c.queue?.key !== undefined && allowed.includes(c.queue.key))
      : components;
    const hidden = components.length - visible.length;
    return firstPageOnly(
      ctx,
      params,
      withProjectionRoot(
        {
          ...listLocal(this.name, params, visible, chooseView(params, toComponent)),
          ...(hidden > 0
            ? {
                note: `${hidden} component(s) of queues outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
              }
            : {}),
        },
        'items',
      ),
    );
  }
}
