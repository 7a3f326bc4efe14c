import {
  buildToolName,
  defineToolMetadata,
  lazySchema,
  ValidationError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { memberParam, teamIdParam } from '../shared/params.ts';
import { groupIdParam, groupsPlan, toGroupView, userGroup, type ApiGroup } from './user-group-params.ts';

export const UpdateUserGroupParams = lazySchema(() =>
  z.object({
    group_id: groupIdParam(),
    name: z.string().trim().optional(),
    add: z.array(memberParam()).optional().describe('Member ids or e-mails'),
    rem: z.array(memberParam()).optional(),
    team_id: teamIdParam(),
  }),
);

type Params = ParamsOf<typeof UpdateUserGroupParams>;

export class UpdateUserGroupTool extends ClickUpTool<typeof UpdateUserGroupParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('update_user_group', TOOL_PREFIX),
    description: 'Rename a user group or change its members.',
    category: 'user_groups',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = UpdateUserGroupParams;

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    const refuse = (field: string, message: string): never => {
      throw new ValidationError({
        toolName: ctx.toolName,
        issues: [{ field, message: `${message} Nothing was sent.` }],
      });
    };
    const { add = [], rem = [] } = params;
    if (params.name === '') refuse('name', 'cannot be empty: give the new name, or leave it out.');
    if (params.name === undefined && add.length + rem.length === 0)
      refuse('name', 'nothing to change: give a name, add or rem.');
    const both = add.find((id) => rem.includes(id));
    if (both !== undefined) refuse('rem', `member ${both} is both added and removed: keep one.`);
    params.group_id = (await userGroup(ctx, params.group_id)).id;
    await super.beforeExecute(params, ctx);
  }

  async execute({ group_id, name, add, rem }: Params, ctx: ClickUpCtx) {
    const group = await groupsPlan(ctx, () =>
      ctx.deps.client.put<ApiGroup>(`/group/${encodeURIComponent(group_id)}`, {
        json: {
          ...(name !== undefined ? { name } : {}),
          ...(add || rem ? { members: { add: add ?? [], rem: rem ?? [] } } : {}),
        },
        signal: ctx.signal,
      }),
    );
    return toGroupView(group);
  }
}
