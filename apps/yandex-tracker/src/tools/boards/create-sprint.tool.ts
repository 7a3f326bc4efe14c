import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toSprintDetail, type ApiSprint } from '../../api/dto/board-dto.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { assertDateOrder } from '../projects/create-project.tool.ts';
import { dateParam } from '../shared/params.ts';
import { TrackerTool } from '../shared/tracker-tool.ts';
import type { TrackerCtx } from '../tracker-context.ts';
import { boardIdParam, withBoardHint } from './board-params.ts';
import { assertBoardAccess, entityName } from './board-writes.ts';

const CreateSprintParams = lazySchema(() =>
  z.object({
    boardId: boardIdParam(),
    name: entityName('Sprint name.'),
    startDate: dateParam('First day, YYYY-MM-DD.'),
    endDate: dateParam('Last day, YYYY-MM-DD.'),
  }),
);

type Params = ParamsOf<typeof CreateSprintParams>;

export class CreateSprintTool extends TrackerTool<typeof CreateSprintParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_sprint', TOOL_PREFIX),
    description: 'Plan a sprint on a board (status draft).',
    category: 'boards',
    toolset: 'sprints',
    tags: ['sprint', 'create', 'plan', 'scrum', 'iteration', 'write'],
    annotations: { readOnlyHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateSprintParams;

  protected override outcomeCheck(params: Params): OutcomeCheck {
    return {
      done: 'the sprint was created',
      tool: buildToolName('get_sprints', TOOL_PREFIX),
      args: { boardId: params.boardId, status: 'draft' },
      lookFor: `a sprint named ${JSON.stringify(params.name)}`,
    };
  }

  protected override async beforeExecute(params: Params, ctx: TrackerCtx) {
    await super.beforeExecute(params, ctx);
    await assertBoardAccess(ctx, params.boardId);
    assertDateOrder(this.name, params.startDate.date, params.endDate.date);
  }

  async execute(params: Params, ctx: TrackerCtx) {
    try {
      const sprint = await ctx.deps.client.post<ApiSprint>('/v3/sprints', {
        json: {
          name: params.name,
          board: { id: String(params.boardId) },
          startDate: params.startDate.date,
          endDate: params.endDate.date,
        },
        signal: ctx.signal,
      });
      ctx.deps.references.invalidate('sprint');
      return toSprintDetail(sprint);
    } catch (error) {
      throw await withBoardHint(error, ctx);
    }
  }
}
