import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  NotFoundError,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBoardColumn, type ApiBoardColumn } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withHint } from '../shared/known-values.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam } from './board-params.ts';
import {
  assertBoardAccess,
  boardPath,
  boardVersionParam,
  columnIdParam,
  columnStatusesParam,
  entityName,
  ifMatch,
  withLockHint,
} from './board-writes.ts';

const UpdateBoardColumnParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    columnId: columnIdParam(),
    version: boardVersionParam(),
    name: entityName('New name.').optional(),
    statuses: columnStatusesParam().optional(),
  }),
);

type Params = ParamsOf<typeof UpdateBoardColumnParams>;

/** A 404 of a column write: the board or the column; both are listed by a read tool. */
export function withColumnHint(error: unknown, boardId: number | string): unknown {
  return NotFoundError.isInstance(error)
    ? withHint(error, `tracker_get_board_columns with boardId ${boardId} lists its columns and their ids.`)
    : error;
}

export class UpdateBoardColumnTool extends TrackerTool<typeof UpdateBoardColumnParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_board_column', TOOL_PREFIX),
    description: 'Rename a board column or change its statuses.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'column', 'update', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateBoardColumnParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.statuses !== undefined ? { statuses: params.statuses } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [{ field: '', message: 'says nothing to change. Pass `name`, `statuses` or both.' }],
      });
    }
    try {
      const column = await ctx.deps.client.patch<ApiBoardColumn>(
        `${boardPath(params.boardId)}/columns/${params.columnId}`,
        { json: body, headers: ifMatch(params.version), signal: ctx.signal },
      );
      return toBoardColumn(column);
    } catch (error) {
      throw withColumnHint(withLockHint(error, 'board', params.version), params.boardId);
    }
  }
}
