import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { teamIdParam } from '../shared/params.ts';
import { toGroupView, userGroups } from './user-group-params.ts';

export const GetUserGroupsParams = lazySchema(() => z.object({ team_id: teamIdParam() }));

export class GetUserGroupsTool extends ClickUpTool<typeof GetUserGroupsParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_user_groups', TOOL_PREFIX),
    description: "The workspace's user groups: { items: [{ id, name, handle, members }] }.",
    category: 'user_groups',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetUserGroupsParams;

  async execute(_params: ParamsOf<typeof GetUserGroupsParams>, ctx: ClickUpCtx) {
    return { items: (await userGroups(ctx)).map(toGroupView) };
  }
}
