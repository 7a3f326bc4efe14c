import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toGoalDetail, type ApiGoal } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { goalIdParam, goalMissing } from './goal-params.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetGoalParams = lazySchema(() => z.object({ goal_id: goalIdParam(), team_id: teamIdParam() }));

export class GetGoalTool extends ClickUpTool<typeof GetGoalParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_goal', TOOL_PREFIX),
    description: 'One goal: description, dates, progress, owners, url and its key results (current/target).',
    category: 'goals',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetGoalParams;

  async execute({ goal_id }: ParamsOf<typeof GetGoalParams>, ctx: ClickUpCtx) {
    try {
      const { goal } = await ctx.deps.client.get<{ goal: ApiGoal }>(`/goal/${encodeURIComponent(goal_id)}`, {
        signal: ctx.signal,
      });
      return toGoalDetail(goal);
    } catch (error) {
      throw goalMissing(error);
    }
  }
}
