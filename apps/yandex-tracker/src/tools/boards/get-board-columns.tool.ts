import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  withProjectionRoot,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBoardColumn, type ApiBoardColumn } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import { fieldsOf } from '../shared/params.ts';

const GetBoardColumnsParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    fields: fieldsOf('statuses.key'),
  }),
);

export class GetBoardColumnsTool extends TrackerTool<typeof GetBoardColumnsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_board_columns', TOOL_PREFIX),
    description: "A board's columns with the statuses each shows.",
    category: 'boards',
    toolset: 'boards',
    tags: ['board', 'columns', 'statuses', 'kanban', 'agile'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBoardColumnsParams;

  async execute(params: ParamsOf<typeof GetBoardColumnsParams>, ctx: TrackerCtx) {
    let columns: ApiBoardColumn[];
    try {
      columns = await ctx.deps.client.get<ApiBoardColumn[]>(
        `/v3/boards/${encodeURIComponent(String(params.boardId))}/columns`,
        { signal: ctx.signal },
      );
    } catch (error) {
      throw await withBoardHint(error, ctx);
    }
    const items = Array.isArray(columns) ? columns : [];
    return withProjectionRoot(
      { items: items.map(chooseView(params, toBoardColumn)), total: items.length },
      'items',
    );
  }
}
