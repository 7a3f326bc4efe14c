import {
  buildToolName,
  closestMatches,
  defineToolMetadata,
  lazySchema,
  NotFoundError,
  type ParamsOf,
} from '@toolsmith/core';
import { z } from 'zod';
import { toMemberView, type ApiMember } from '../../api/dto/member-view.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { workspaceMembers } from './workspace-members.ts';
import { teamIdParam } from '../shared/params.ts';

export const FindMemberParams = lazySchema(() =>
  z.object({
    query: z.string().trim().min(1).max(200).describe('Name, part of it, email, or "me"'),
    team_id: teamIdParam(),
  }),
);

const words = (m: ApiMember) => [m.username, m.email, m.initials].filter((w): w is string => !!w);

export class FindMemberTool extends ClickUpTool<typeof FindMemberParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('find_member', TOOL_PREFIX),
    description:
      'Workspace members matching a name, email or "me" (the token\'s owner): { items: [{ id, name, email, role }] }. Use the id for assignees.',
    category: 'members',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = FindMemberParams;

  async execute({ query }: ParamsOf<typeof FindMemberParams>, ctx: ClickUpCtx) {
    const needle = query.toLowerCase();
    if (needle === 'me') {
      const [{ user }, members] = await Promise.all([
        ctx.deps.client.get<{ user: ApiMember }>('/user', { signal: ctx.signal }),
        workspaceMembers(ctx),
      ]);
      const member = members.find((m) => m.id === user.id) ?? user;
      return { items: [toMemberView(member)] };
    }
    const members = await workspaceMembers(ctx);
    const exact = members.filter((m) => words(m).some((w) => w.toLowerCase() === needle));
    const partial = exact.length
      ? exact
      : members.filter((m) => words(m).some((w) => w.toLowerCase().includes(needle)));
    if (partial.length === 0) {
      throw new NotFoundError({
        message: `No workspace member matches "${query}". List everyone with clickup_get_workspace_members.`,
        resource: 'member',
        id: query,
        suggestions: closestMatches(
          query,
          members.flatMap((m) => [m.username, m.email].filter((w): w is string => !!w)),
        ),
      });
    }
    return { items: partial.map(toMemberView) };
  }
}
