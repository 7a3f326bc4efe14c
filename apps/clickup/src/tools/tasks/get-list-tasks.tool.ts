import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listPages,
  ref,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask } from '../../api/dto/task-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { listIdParam, teamIdParam } from '../shared/params.ts';
import { sayFirstPage } from '../shared/paging.ts';

const GetListTasksParams = lazySchema(() =>
  z.object({
    list_id: listIdParam(),
    statuses: z.array(ref('status')).optional().describe('Status names (any of)'),
    include_closed: assumed(
      z.boolean().default(false),
      'open tasks only (include_closed: true for closed ones too)',
    ),
    subtasks: assumed(
      z.boolean().default(false).describe('Include subtasks'),
      'top-level tasks only (subtasks: true for subtasks too)',
    ),
    cursor: z.string().optional().describe('nextCursor of the previous page'),
    team_id: teamIdParam(),
  }),
);

export class GetListTasksTool extends ClickUpTool<typeof GetListTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_list_tasks', TOOL_PREFIX),
    description: 'The tasks of one list, newest first, 100 per page (nextCursor).',
    category: 'tasks',
    annotations: { readOnlyHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetListTasksParams;

  async execute(params: ParamsOf<typeof GetListTasksParams>, ctx: ClickUpCtx) {
    return sayFirstPage(
      ctx,
      params.cursor,
      await listPages(
        this.name,
        { ...params, perPage: 100 },
        async (page) => {
          const answer = await ctx.deps.client.get<{ tasks: ApiTask[]; last_page?: boolean }>(
            `/list/${encodeURIComponent(params.list_id)}/task`,
            {
              query: {
                page: page - 1,
                'statuses[]': params.statuses,
                include_closed: params.include_closed,
                subtasks: params.subtasks,
              },
              signal: ctx.signal,
            },
          );
          return { items: answer.tasks, total: undefined, hasMore: answer.last_page === false };
        },
        toTaskView,
      ),
    );
  }
}
