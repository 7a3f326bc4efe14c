import {
  buildToolName,
  change,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toGoalDetail, type ApiGoal } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { dateParam, memberParam, teamIdParam } from '../shared/params.ts';
import { goalIdParam, goalMissing } from '../goals/goal-params.ts';

export const UpdateGoalParams = lazySchema(() =>
  z.object({
    goal_id: goalIdParam(),
    name: z.string().trim().min(1).optional(),
    due_date: dateParam().optional(),
    description: z.string().optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{3,8}$/, 'a colour is hex, e.g. "#32a852"')
      .optional(),
    owners: change(
      z.object({ add: z.array(memberParam()).optional(), rem: z.array(memberParam()).optional() }),
      {
        operations: ['add', 'rem'],
        flat: 'refuse',
      },
    )
      .optional()
      .describe('{add, rem}: member id, e-mail or "me"'),
    team_id: teamIdParam(),
  }),
);

export class UpdateGoalTool extends ClickUpTool<typeof UpdateGoalParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_goal', TOOL_PREFIX),
    description: "Change a goal's name, due date, description, colour or owners.",
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateGoalParams;

  protected override async beforeExecute(params: ParamsOf<typeof UpdateGoalParams>, ctx: ClickUpCtx) {
    const { name, due_date, description, color, owners } = params;
    if ([name, due_date, description, color, owners].every((v) => v === undefined)) {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [
          {
            field: 'name',
            message:
              'nothing to change: give a name, due_date, description, color or owners. Nothing was sent.',
          },
        ],
      });
    }
    await super.beforeExecute(params, ctx);
  }

  async execute(
    { goal_id, name, due_date, description, color, owners }: ParamsOf<typeof UpdateGoalParams>,
    ctx: ClickUpCtx,
  ) {
    try {
      const { goal } = await ctx.deps.client.put<{ goal: ApiGoal }>(`/goal/${encodeURIComponent(goal_id)}`, {
        json: {
          ...(name !== undefined ? { name } : {}),
          ...(due_date !== undefined ? { due_date: due_date.epochMs } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(color !== undefined ? { color } : {}),
          ...(owners?.add?.length ? { add_owners: owners.add } : {}),
          ...(owners?.rem?.length ? { rem_owners: owners.rem } : {}),
        },
        signal: ctx.signal,
      });
      ctx.deps.references.changed('goal');
      return toGoalDetail(goal);
    } catch (error) {
      throw goalMissing(error);
    }
  }
}
