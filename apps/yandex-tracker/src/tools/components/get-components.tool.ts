import { buildToolName, defineToolMetadata, fieldsParam } from '@toolsmith/core';
import { z } from 'zod';
import { toComponent, type ApiComponent } from '../../api/dto/component-dto.ts';
import { TOOL_PREFIX } from '../deps.ts';
import { chooseView, listLocal, type TrackerCtx } from '../shared/list-result.ts';
import { cursorParam, perPageParam, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { lazySchema } from '../shared/lazy-schema.ts';

const GetComponentsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam
      .optional()
      .describe('Only the components of this queue, e.g. "DEMO"; omit for all queues.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsParam({ description: 'Dot paths to return, e.g. id, name, queue.key.' }),
  }),
);

export class GetComponentsTool extends TrackerTool<ReturnType<typeof GetComponentsParams>> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_components', TOOL_PREFIX),
    title: 'List components',
    description:
      'List queue components (id, name, queue, lead, auto-assign, version), of one queue or of all. Returns { items, total, nextCursor }. Use a component id in issue tools’ `components` or to update or delete it.',
    category: 'components',
    toolset: 'components',
    tags: ['component', 'list', 'queue', 'module', 'area'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  getParamsSchema() {
    return GetComponentsParams();
  }

  protected override projectionRoot() {
    return 'items';
  }

  async execute(params: z.output<ReturnType<typeof GetComponentsParams>>, ctx: TrackerCtx) {
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
    return {
      ...listLocal(this.name, params, visible, chooseView(params, toComponent)),
      ...(hidden > 0
        ? {
            note: `${hidden} component(s) of queues outside this server's allowed queues (${allowed!.join(', ')}) were left out.`,
          }
        : {}),
    };
  }
}
