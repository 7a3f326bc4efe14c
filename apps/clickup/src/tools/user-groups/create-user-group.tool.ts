import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  type OutcomeCheck,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { memberParam, teamIdParam } from '../shared/params.ts';
import { groupsPlan, toGroupView, type ApiGroup } from './user-group-params.ts';

export const CreateUserGroupParams = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1),
    handle: z.string().trim().min(1).optional().describe('For @mentions'),
    members: z.array(memberParam()).min(1).describe('Id, e-mail or "me"'),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof CreateUserGroupParams>;

export class CreateUserGroupTool extends ClickUpTool<typeof CreateUserGroupParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('create_user_group', TOOL_PREFIX),
    description: 'Create a user group of workspace members.',
    category: 'user_groups',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  });

  static override readonly PARAMS = CreateUserGroupParams;

  protected override outcomeCheck({ name }: Params): OutcomeCheck {
    return {
      done: 'the user group was created',
      tool: buildToolName('get_user_groups', TOOL_PREFIX),
      args: {},
      lookFor: `a group named ${JSON.stringify(name)}`,
    };
  }

  async execute({ name, handle, members }: Params, ctx: ClickUpCtx) {
    const team = await ctx.deps.client.teamId(ctx.signal);
    const group = await groupsPlan(ctx, () =>
      ctx.deps.client.post<ApiGroup>(`/team/${encodeURIComponent(team)}/group`, {
        json: { name, members: [...new Set(members)], ...(handle !== undefined ? { handle } : {}) },
        signal: ctx.signal,
      }),
    );
    return toGroupView(group);
  }
}
