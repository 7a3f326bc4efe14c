import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { groupIdParam, groupsPlan, userGroup } from './user-group-params.ts';

export const DeleteUserGroupParams = lazySchema(() =>
  z.object({ group_id: groupIdParam(), team_id: teamIdParam() }),
);

type Params = ParamsOf<typeof DeleteUserGroupParams>;

export class DeleteUserGroupTool extends ClickUpTool<typeof DeleteUserGroupParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('delete_user_group', TOOL_PREFIX),
    description: 'Delete a user group; its members stay in the workspace.',
    category: 'user_groups',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = DeleteUserGroupParams;

  protected override async beforeExecute(params: Params, ctx: ClickUpCtx) {
    params.group_id = (await userGroup(ctx, params.group_id)).id;
    await super.beforeExecute(params, ctx);
  }

  async execute({ group_id }: Params, ctx: ClickUpCtx) {
    await groupsPlan(ctx, () =>
      ctx.deps.client.delete(`/group/${encodeURIComponent(group_id)}`, { signal: ctx.signal }),
    );
    return { deleted: group_id };
  }
}
