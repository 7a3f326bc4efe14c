import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toBoardDetail, type ApiBoard } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { withQueueHint } from '../queues/queue-hints.ts';
import { atMost, filled, queueIdParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { entityName } from './board-writes.ts';

const CreateBoardParams = lazySchema(() =>
  z.object({
    name: entityName('Board name.'),
    queueId: queueIdParam.optional().describe('Default queue.'),
    query: z
      .string()
      .refine(filled, 'Must be at least 1 character long.')
      .refine(atMost(2000), 'Must be at most 2000 characters long.')
      .optional()
      .describe('YQL of its issues.'),
  }),
);

type Params = ParamsOf<typeof CreateBoardParams>;

export class CreateBoardTool extends TrackerTool<typeof CreateBoardParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_board', TOOL_PREFIX),
    description: 'Create an agile board.',
    category: 'boards',
    toolset: 'sprints',
    tags: ['board', 'create', 'new', 'agile', 'kanban', 'scrum', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateBoardParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the board was created',
      tool: buildToolName('get_boards', TOOL_PREFIX),
      lookFor: `a board named ${JSON.stringify(params.name)}`,
    };
  }

  async execute(params: Params, ctx: TrackerCtx) {
    const body = {
      name: params.name,
      ...(params.queueId !== undefined ? { defaultQueue: { key: params.queueId } } : {}),
      ...(params.query !== undefined ? { query: params.query } : {}),
    };
    try {
      const board = await ctx.deps.client.post<ApiBoard>('/v3/boards', { json: body, signal: ctx.signal });
      ctx.deps.references.invalidate('board');
      return toBoardDetail(board);
    } catch (error) {
      throw await withQueueHint(ctx, error);
    }
  }
}
