import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toGoalDetail, type ApiGoal } from '../../api/dto/goal-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { dateParam, memberParam, teamIdParam } from '../shared/params.ts';

export const CreateGoalParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1).describe('Goal name'),
    due_date: dateParam(),
    description: z.string().optional().describe('What the goal is about'),
    owners: z.array(memberParam()).optional().describe('Owners: ids, e-mails, names or "me"'),
    team_id: teamIdParam(),
  }),
);

export class CreateGoalTool extends ClickUpTool<typeof CreateGoalParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_goal', TOOL_PREFIX),
    description: 'Create a goal in the workspace. Returns it (id, name, due, owners, url).',
    category: 'goals',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateGoalParams;

  protected override outcomeCheck({ name }: ParamsOf<typeof CreateGoalParams>): OutcomeCheck {
    return {
      done: 'the goal was created',
      tool: buildToolName('get_goals', TOOL_PREFIX),
      lookFor: `a goal named ${JSON.stringify(name)}`,
    };
  }

  async execute(
    { name, due_date, description, owners = [] }: ParamsOf<typeof CreateGoalParams>,
    ctx: ClickUpCtx,
  ) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const { goal } = await ctx.deps.client.post<{ goal: ApiGoal }>(`/team/${team}/goal`, {
      json: {
        name,
        due_date: due_date.epochMs,
        description: description ?? '',
        multiple_owners: owners.length > 1,
        owners,
      },
      signal: ctx.signal,
    });
    ctx.deps.references.changed('goal');
    return toGoalDetail(goal);
  }
}
