/**
 * What the user group tools share: the Workspace's groups (`GET /group?team_id=`), one named by id
 * or by name or handle (converted and announced), the compact view, and the plan they need.
 */
import { ValidationError } from '@toolsmith/core';
import { z } from 'zod';
import { userLabel, type ApiUser } from '../../api/dto/task-view.ts';
import { withPlanLimit } from '../../api/plan-limit.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

export interface ApiGroup {
  id: string;
  name: string;
  handle?: string;
  members?: ApiUser[];
}

export const groupIdParam = () => z.string().min(1).describe('Id or name');

export const toGroupView = (g: ApiGroup) => ({
  id: g.id,
  name: g.name,
  ...(g.handle ? { handle: g.handle } : {}),
  members: (g.members ?? []).map(userLabel),
});

/** `work()` with ClickUp's plan refusal said as such (user groups are a Business plan feature). */
export const groupsPlan = <T>(ctx: ClickUpCtx, work: () => Promise<T>) =>
  withPlanLimit(ctx, 'User groups', 'Business', work);

export async function userGroups(ctx: ClickUpCtx): Promise<ApiGroup[]> {
  const team = await ctx.deps.client.teamId(ctx.signal);
  const { groups } = await groupsPlan(ctx, () =>
    ctx.deps.client.get<{ groups: ApiGroup[] }>('/group', { query: { team_id: team }, signal: ctx.signal }),
  );
  return groups;
}

/** The group `wanted` names (id, or name or handle in any case: converted), or a refusal naming the groups. */
export async function userGroup(ctx: ClickUpCtx, wanted: string): Promise<ApiGroup> {
  const groups = await userGroups(ctx);
  const w = wanted.trim().replace(/^@/, '').toLowerCase();
  const found =
    groups.find((g) => g.id === wanted) ??
    groups.find((g) => g.name.toLowerCase() === w || g.handle?.toLowerCase() === w);
  if (!found) {
    throw new ValidationError({
      toolName: ctx.toolName,
      issues: [
        {
          field: 'group_id',
          message: `"${wanted}" is not a user group of the workspace. Its groups: ${
            groups.map((g) => `${g.id} (${g.name})`).join(', ') || 'none'
          }. Nothing was sent.`,
        },
      ],
    });
  }
  if (found.id !== wanted) ctx.call?.convert('group_id', wanted, found.id, found.name);
  return found;
}
