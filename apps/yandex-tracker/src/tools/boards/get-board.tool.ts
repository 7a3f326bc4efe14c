import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toBoardDetail, type ApiBoard } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { chooseView } from '../shared/list-result.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import { fieldsOf } from '../shared/params.ts';

const GetBoardParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    fields: fieldsOf('id, name'),
  }),
);

export class GetBoardTool extends TrackerTool<typeof GetBoardParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_board', TOOL_PREFIX),
    description: 'Read a board with its columns.',
    category: 'boards',
    toolset: 'boards',
    tags: ['board', 'agile', 'kanban', 'scrum', 'read'],
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetBoardParams;

  async execute(params: ParamsOf<typeof GetBoardParams>, ctx: TrackerCtx) {
    try {
      const board = await ctx.deps.client.get<ApiBoard>(
        `/v2/boards/${encodeURIComponent(String(params.boardId))}`,
        { signal: ctx.signal },
      );
      return chooseView(params, toBoardDetail)(board);
    } catch (error) {
      throw await withBoardHint(error, ctx);
    }
  }
}
