/** The members of the workspace this server works in, from `GET /team` (the API has no member search). */
import type { ApiMember } from '../../api/dto/member-view.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

interface TeamList {
  teams: { id: string; members?: { user: ApiMember }[] }[];
}

export async function workspaceMembers(ctx: ClickUpCtx): Promise<ApiMember[]> {
  const [team, { teams }] = await Promise.all([
    ctx.deps.client.teamId(ctx.signal),
    ctx.deps.client.get<TeamList>('/team', { signal: ctx.signal }),
  ]);
  return (teams.find((t) => t.id === team)?.members ?? []).map((m) => m.user);
}
