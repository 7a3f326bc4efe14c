import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import { confirmParam } from '../shared/confirmation.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import { assertBoardAccess, boardPath } from './board-writes.ts';

const DeleteBoardParams = lazySchema(() => z.object({ boardId: boardIdParam(), confirm: confirmParam() }));

type Params = ParamsOf<typeof DeleteBoardParams>;

export class DeleteBoardTool extends TrackerTool<typeof DeleteBoardParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_board', TOOL_PREFIX),
    description: 'Delete a board and its sprints; issues stay.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'delete', 'remove'],
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteBoardParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    await this.confirmIrreversible(
      ctx,
      params,
      `Delete board ${params.boardId} and its sprints? Issues stay; the board cannot be restored.`,
    );
    try {
      await ctx.deps.client.delete(boardPath(params.boardId), { signal: ctx.signal });
    } catch (error) {
      throw await withBoardHint(error, ctx);
    }
    ctx.deps.references.invalidate('board');
    ctx.deps.references.invalidate('sprint');
    return { boardId: String(params.boardId), deleted: true };
  }
}
