/**
 * What the guest tools share: the guest (a workspace member of role 4: id, e-mail or name), the
 * permissions ClickUp keeps for a guest, the compact view, and the plan guests need (Enterprise:
 * every guest page of the reference says so).
 */
import { z } from 'zod';
import { userLabel, type ApiUser } from '../../api/dto/task-view.ts';
import { withPlanLimit } from '../../api/plan-limit.ts';
import type { ClickUpCtx } from '../clickup-context.ts';
import { memberParam } from '../shared/params.ts';

export const guestIdParam = () => memberParam().describe('Id or e-mail');

/** The permissions a guest has, as the tools take them and the API names them. */
export const PERMISSIONS = {
  can_edit_tags: 'can_edit_tags',
  can_see_time_spent: 'can_see_time_spent',
  can_see_time_estimated: 'can_see_time_estimated',
  can_create_views: 'can_create_views',
} as const;

export const permissionParams = () => ({
  can_edit_tags: z.boolean().optional(),
  can_see_time_spent: z.boolean().optional(),
  can_see_time_estimated: z.boolean().optional(),
  can_create_views: z.boolean().optional(),
});

export interface ApiGuest {
  user: ApiUser & { role?: number };
  can_edit_tags?: boolean;
  can_see_time_spent?: boolean;
  can_see_time_estimated?: boolean;
  can_create_views?: boolean;
  shared?: Record<string, { id: string; permission?: string }[]>;
}

export const toGuestView = (g: ApiGuest) => ({
  id: g.user.id,
  name: userLabel(g.user),
  ...(g.user.email ? { email: g.user.email } : {}),
  can: Object.keys(PERMISSIONS).filter((k) => g[k as keyof typeof PERMISSIONS] === true),
  ...(g.shared ? { shared: g.shared } : {}),
});

/** `/team/{workspace}/guest{suffix}`. */
export async function guestPath(ctx: ClickUpCtx, suffix = ''): Promise<string> {
  return `/team/${encodeURIComponent(await ctx.deps.client.teamId(ctx.signal))}/guest${suffix}`;
}

/** `work()` with ClickUp's plan refusal said as such. */
export const guestsPlan = <T>(ctx: ClickUpCtx, work: () => Promise<T>) =>
  withPlanLimit(ctx, 'Guests', 'Enterprise', work);
