import {
  buildToolName,
  chooseView,
  defineToolMetadata,
  lazySchema,
  listPages,
  ref,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toTaskView, type ApiTask } from '../../api/dto/task-view.ts';
import { withMissingHint } from '../../api/not-found-hint.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, itemFieldsParam, sayFirstPage } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';

/** The API's fixed page size for a view's tasks. */
const VIEW_PAGE = 100;

export const GetViewTasksParams = lazySchema(() =>
  z.object({
    view_id: ref('view').describe('View id (clickup_get_views)'),
    cursor: cursorParam,
    fields: itemFieldsParam(['id', 'status.status']),
    team_id: teamIdParam(),
  }),
);

export class GetViewTasksTool extends ClickUpTool<typeof GetViewTasksParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_view_tasks', TOOL_PREFIX),
    description:
      'The tasks a view shows (its filters and sorting), 100 a page: { items: [task], nextCursor? }.',
    category: 'views',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetViewTasksParams;

  async execute(params: ParamsOf<typeof GetViewTasksParams>, ctx: ClickUpCtx) {
    try {
      return sayFirstPage(
        ctx,
        params.cursor,
        await listPages(
          this.name,
          { ...params, perPage: VIEW_PAGE },
          async (page) => {
            const { tasks, last_page } = await ctx.deps.client.get<{ tasks: ApiTask[]; last_page?: boolean }>(
              `/view/${encodeURIComponent(params.view_id)}/task`,
              { query: { page: page - 1 }, signal: ctx.signal },
            );
            return { items: tasks, total: undefined, hasMore: last_page === false };
          },
          chooseView(params, toTaskView),
        ),
      );
    } catch (error) {
      throw withMissingHint(error, 'Find the view id with clickup_get_views.');
    }
  }
}
