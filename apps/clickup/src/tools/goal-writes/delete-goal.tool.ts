import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { goalIdParam, goalMissing } from '../goals/goal-params.ts';

export const DeleteGoalParams = lazySchema(() =>
  z.object({ goal_id: goalIdParam(), team_id: teamIdParam() }),
);

export class DeleteGoalTool extends ClickUpTool<typeof DeleteGoalParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_goal', TOOL_PREFIX),
    description: 'Delete a goal and its key results.',
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteGoalParams;

  async execute({ goal_id }: ParamsOf<typeof DeleteGoalParams>, ctx: ClickUpCtx) {
    try {
      await ctx.deps.client.delete(`/goal/${encodeURIComponent(goal_id)}`, { signal: ctx.signal });
    } catch (error) {
      throw goalMissing(error);
    }
    ctx.deps.references.changed('goal');
    return { deleted: goal_id };
  }
}
