import {
  assumed,
  buildToolName,
  defineToolMetadata,
  lazySchema,
  listLocal,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toGoalView, type ApiGoal } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, LOCAL_PAGE, sayFirstPage } from '../shared/paging.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetGoalsParams = lazySchema(() =>
  z.object({
    include_completed: assumed(
      z.boolean().default(false).describe('Completed goals too'),
      'goals not yet completed (include_completed: true for all)',
    ),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

export class GetGoalsTool extends ClickUpTool<typeof GetGoalsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_goals', TOOL_PREFIX),
    description: 'The goals of the workspace: { items: [{ id, name, due, percent, owners }], total }.',
    category: 'goals',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetGoalsParams;

  async execute(params: ParamsOf<typeof GetGoalsParams>, ctx: ClickUpCtx) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const { goals } = await ctx.deps.client.get<{ goals: ApiGoal[] }>(`/team/${team}/goal`, {
      query: { include_completed: params.include_completed },
      signal: ctx.signal,
    });
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(this.name, { ...params, perPage: LOCAL_PAGE }, goals, toGoalView),
    );
  }
}
