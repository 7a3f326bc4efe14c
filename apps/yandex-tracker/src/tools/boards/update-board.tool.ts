import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBoardDetail, type ApiBoard } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { atMost, filled, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import {
  assertBoardAccess,
  boardPath,
  boardVersionParam,
  entityName,
  ifMatch,
  withLockHint,
} from './board-writes.ts';

const UpdateBoardParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    version: boardVersionParam(),
    name: entityName('New name.').optional(),
    queueId: queueIdParam.optional().describe('Default queue.'),
    query: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(2000), 'Must be at most 2000 characters long.')
      .optional()
      .describe('YQL of its issues.'),
  }),
);

type Params = ParamsOf<typeof UpdateBoardParams>;

export class UpdateBoardTool extends TrackerTool<typeof UpdateBoardParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_board', TOOL_PREFIX),
    description: 'Change a board; only the given fields change.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'update', 'edit', 'rename', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateBoardParams;

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      ...(params.name !== undefined ? { name: params.name } : {}),
      ...(params.queueId !== undefined ? { defaultQueue: { key: params.queueId } } : {}),
      ...(params.query !== undefined ? { query: params.query } : {}),
    };
    if (Object.keys(body).length === 0) {
      throw new ValidationError({
        toolName: this.name,
        issues: [
          { field: '', message: 'says nothing to change. Pass at least one of `name`, `queueId`, `query`.' },
        ],
      });
    }
    try {
      const board = await ctx.deps.client.patch<ApiBoard>(boardPath(params.boardId), {
        json: body,
        headers: ifMatch(params.version),
        signal: ctx.signal,
      });
      if (params.name !== undefined) ctx.deps.references.invalidate('board');
      return toBoardDetail(board);
    } catch (error) {
      throw await withBoardHint(withLockHint(error, 'board', params.version), ctx);
    }
  }
}
