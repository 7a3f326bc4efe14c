import { buildToolName, defineToolMetadata, lazySchema, listLocal, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import { toMemberView } from '../../api/dto/member-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { cursorParam, LOCAL_PAGE, sayFirstPage } from '../shared/paging.ts';
import { workspaceMembers } from './workspace-members.ts';
import { teamIdParam } from '../shared/params.ts';

export const GetWorkspaceMembersParams = lazySchema(() =>
  z.object({
    role: z.enum(['owner', 'admin', 'member', 'guest']).optional().describe('Only this role'),
    cursor: cursorParam,
    team_id: teamIdParam(),
  }),
);

const ROLE_NUMBER = { owner: 1, admin: 2, member: 3, guest: 4 } as const;

export class GetWorkspaceMembersTool extends ClickUpTool<typeof GetWorkspaceMembersParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_workspace_members', TOOL_PREFIX),
    description:
      'People of the workspace: { items: [{ id, name, email, role }], total }. The id is what assignees and watchers take.',
    category: 'members',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetWorkspaceMembersParams;

  async execute(params: ParamsOf<typeof GetWorkspaceMembersParams>, ctx: ClickUpCtx) {
    const all = await workspaceMembers(ctx);
    const members = params.role ? all.filter((m) => m.role === ROLE_NUMBER[params.role!]) : all;
    return sayFirstPage(
      ctx,
      params.cursor,
      await listLocal(this.name, { ...params, perPage: LOCAL_PAGE }, members, toMemberView),
    );
  }
}
