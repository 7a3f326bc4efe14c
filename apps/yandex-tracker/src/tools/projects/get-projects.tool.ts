import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toProjectSummary, type ApiProject } from '../../api/dto/project-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listPages } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { withQueueHint } from '../queues/queue-hints.ts';

const GetProjectsParams = lazySchema(() =>
  z.object({
    queueId: queueIdParam.optional().describe('Only projects with this queue.'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('id, name'),
  }),
);

export class GetProjectsTool extends TrackerTool<typeof GetProjectsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_projects', TOOL_PREFIX),
    description: 'List projects.',
    category: 'projects',
    toolset: 'projects',
    tags: ['project', 'list', 'roadmap', 'initiative'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetProjectsParams;

  async execute(params: ParamsOf<typeof GetProjectsParams>, ctx: TrackerCtx) {
    const path = params.queueId
      ? `/v2/queues/${encodeURIComponent(params.queueId)}/projects`
      : '/v2/projects';
    let result;
    try {
      result = await listPages(
        this.name,
        params,
        (page, perPage) =>
          ctx.deps.client.page<ApiProject>(
            'GET',
            path,
            { page, perPage },
            { query: { expand: 'queues' }, signal: ctx.signal },
          ),
        (project: ApiProject) => project,
      );
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
    const allowed = ctx.deps.config.queues;
    const visible = allowed
      ? result.items.filter((p) =>
          (p.queues ?? []).some((q) => q.key !== undefined && allowed.includes(q.key)),
        )
      : result.items;
    const hidden = result.items.length - visible.length;
    return firstPageOnly(
      ctx,
      params,
      withProjectionRoot(
        {
          ...result,
          items: visible.map(chooseView(params, toProjectSummary)),
          ...(hidden > 0
            ? {
                note: `${hidden} project(s) with no queue among this server's allowed queues (${allowed!.join(', ')}) were left out.`,
              }
            : {}),
        },
        'items',
      ),
    );
  }
}
