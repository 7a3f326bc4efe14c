import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBoardSummary, type ApiBoard } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView, firstPageOnly, listLocal } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { cursorParam, fieldsOf, perPageParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';

const GetBoardsParams = lazySchema(() =>
  z.object({
    perPage: perPageParam(100, 50),
    cursor: cursorParam,
    fields: fieldsOf('defaultQueue.key'),
  }),
);

export class GetBoardsTool extends TrackerTool<typeof GetBoardsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_boards', TOOL_PREFIX),
    description: 'Agile boards.',
    category: 'boards',
    toolset: 'boards',
    tags: ['board', 'boards', 'agile', 'kanban', 'scrum', 'list'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBoardsParams;

  async execute(params: ParamsOf<typeof GetBoardsParams>, ctx: TrackerCtx) {
    const all = await ctx.deps.client.get<ApiBoard[]>('/v2/boards', { signal: ctx.signal });
    return firstPageOnly(
      ctx,
      params,
      listLocal(this.name, params, Array.isArray(all) ? all : [], chooseView(params, toBoardSummary)),
    );
  }
}
