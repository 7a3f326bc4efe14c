import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toSprint, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';

const SPRINT_STATUSES = ['draft', 'in_progress', 'released', 'archived'] as const;

const GetSprintsParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    status: z.enum(SPRINT_STATUSES).optional().describe('Only this status (in_progress: current).'),
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('id, name'),
  }),
);

export class GetSprintsTool extends TrackerTool<typeof GetSprintsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_sprints', TOOL_PREFIX),
    description: "A board's sprints.",
    category: 'boards',
    toolset: 'boards',
    tags: ['sprint', 'sprints', 'board', 'scrum', 'iteration', 'current sprint', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetSprintsParams;

  async execute(params: ParamsOf<typeof GetSprintsParams>, ctx: TrackerCtx) {
    let sprints: ApiSprint[];
    try {
      sprints = await ctx.deps.client.get<ApiSprint[]>(
        `/v3/boards/${encodeURIComponent(String(params.boardId))}/sprints`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withBoardHint(error, ctx);
    }
    const all = (Array.isArray(sprints) ? sprints : []).filter(
      (s) => params.status === undefined || s.status === params.status,
    );
    return firstPageOnly(ctx, params, listLocal(this.name, params, all, chooseView(params, toSprint)));
  }
}
