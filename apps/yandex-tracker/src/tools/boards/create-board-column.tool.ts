import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBoardColumn, type ApiBoardColumn } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import {
  assertBoardAccess,
  boardPath,
  boardVersionParam,
  columnStatusesParam,
  entityName,
  ifMatch,
  withLockHint,
} from './board-writes.ts';

const CreateBoardColumnParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    version: boardVersionParam(),
    name: entityName('Column name.'),
    statuses: columnStatusesParam(),
  }),
);

type Params = ParamsOf<typeof CreateBoardColumnParams>;

export class CreateBoardColumnTool extends TrackerTool<typeof CreateBoardColumnParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_board_column', TOOL_PREFIX),
    description: 'Add a column showing these statuses to a board.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'column', 'create', 'kanban', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateBoardColumnParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the column was added',
      tool: buildToolName('get_board_columns', TOOL_PREFIX),
      args: { boardId: params.boardId },
      lookFor: `a column named ${JSON.stringify(params.name)}`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const column = await ctx.deps.client.post<ApiBoardColumn>(`${boardPath(params.boardId)}/columns`, {
        json: { name: params.name, statuses: params.statuses },
        headers: ifMatch(params.version),
        signal: ctx.signal,
      });
      return toBoardColumn(column);
    } catch (error) {
      throw await withBoardHint(withLockHint(error, 'board', params.version), ctx);
    }
  }
}
