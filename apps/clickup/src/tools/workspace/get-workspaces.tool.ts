import { buildToolName, defineToolMetadata, lazySchema, type ParamsOf } from '@toolsmith/core';
import { z } from 'zod';
import type { TeamMember } from '../../api/clickup-client.ts';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import { ClickUpTool } from '../shared/clickup-tool.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export const GetWorkspacesParams = lazySchema(() => z.object({}));

interface ApiTeam {
  id: string;
  name: string;
  members?: { user: TeamMember }[];
}

interface WorkspaceView {
  id: string;
  name: string;
  members: number;
  /** The workspace calls without team_id work in (CLICKUP_TEAM_ID, or the only one). */
  current?: true;
}

export class GetWorkspacesTool extends ClickUpTool<typeof GetWorkspacesParams> {
  static override readonly METADATA = defineToolMetadata({
    name: buildToolName('get_workspaces', TOOL_PREFIX),
    description: 'Your workspaces; `current` marks the one calls use without team_id.',
    category: 'workspace',
    toolset: 'context',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  });

  static override readonly PARAMS = GetWorkspacesParams;

  async execute(_params: ParamsOf<typeof GetWorkspacesParams>, ctx: ClickUpCtx) {
    const { teams } = await ctx.deps.client.get<{ teams: ApiTeam[] }>('/team', { signal: ctx.signal });
    const fallback = ctx.deps.config.teamId;
    const current =
      fallback !== undefined && teams.some((t) => t.id === fallback)
        ? fallback
        : teams.length === 1
          ? teams[0]!.id
          : undefined;
    const items: WorkspaceView[] = teams.map((t) => ({
      id: t.id,
      name: t.name,
      members: t.members?.length ?? 0,
      ...(t.id === current ? { current: true as const } : {}),
    }));
    return { items };
  }
}
