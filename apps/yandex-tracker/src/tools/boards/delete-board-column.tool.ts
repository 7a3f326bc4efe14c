import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam } from './board-params.ts';
import {
  assertBoardAccess,
  boardPath,
  boardVersionParam,
  columnIdParam,
  ifMatch,
  withLockHint,
} from './board-writes.ts';
import { withColumnHint } from './update-board-column.tool.ts';

const DeleteBoardColumnParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    columnId: columnIdParam(),
    version: boardVersionParam(),
    confirm: confirmParam(),
  }),
);

type Params = ParamsOf<typeof DeleteBoardColumnParams>;

export class DeleteBoardColumnTool extends TrackerTool<typeof DeleteBoardColumnParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_board_column', TOOL_PREFIX),
    description: 'Remove a column from a board.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'column', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteBoardColumnParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Remove column ${params.columnId} from board ${params.boardId}? It cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(`${boardPath(params.boardId)}/columns/${params.columnId}`, {
        headers: ifMatch(params.version),
        signal: ctx.signal,
      });
    } catch (error) {
      throw withColumnHint(withLockHint(error, 'board', params.version), params.boardId);
    }
    return { boardId: String(params.boardId), columnId: String(params.columnId), deleted: true };
  }
}
