/**
 * Guests ([doc: Invite Guest To Workspace; Get Guest; Edit Guest On Workspace; Remove Guest From
 * Workspace; Add/Remove Guest To/From Task, List, Folder]) — "only available to Workspaces on our
 * Enterprise Plan": below it every route answers the plan error (../plan.ts).
 *
 * `POST /team/{id}/guest` `{email, can_edit_tags, can_see_time_spent, can_see_time_estimated,
 * can_create_views, can_see_points_estimated, custom_role_id}` adds a user of role 4 and answers
 * `{team}` with its members; `GET/PUT/DELETE /team/{id}/guest/{guest_id}` answer `{guest}` (get is
 * documented as an object only: `{guest}` here, as edit answers) and `{team}`; `POST/DELETE
 * /task|list|folder/{id}/guest/{guest_id}` (`{permission_level: read|comment|edit|create}`) answer
 * `{guest}` with what is shared. An e-mail already in the Workspace, a bad permission level, a user
 * who is not a guest: 400; an unknown guest 404 (the emulator's choices: undocumented).
 */
import type { UserRecord } from '../clickup-state.ts';
import { badRequest, notFound } from '../clickup-error.ts';
import { guestOf, newGuest, type GuestPermission, type SharedItem } from '../groups-and-guests.ts';
import { nextCounter } from '../ids.ts';
import { requirePlan } from '../plan.ts';
import { findFolder, findList, ms, renderUser, userRef } from '../render.ts';
import { requireTeam, taskFromPath } from '../route-helpers.ts';
import { objectBody, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

const FEATURE = 'Guests';
const LEVELS: readonly GuestPermission[] = ['read', 'comment', 'edit', 'create'];
const PERMISSIONS = {
  can_edit_tags: 'canEditTags',
  can_see_time_spent: 'canSeeTimeSpent',
  can_see_time_estimated: 'canSeeTimeEstimated',
  can_create_views: 'canCreateViews',
  can_see_points_estimated: 'canSeePointsEstimated',
} as const;

export function guestRoutes(): ClickUpRoute[] {
  const enterprise = (ctx: RouteContext) => requirePlan(ctx.state, 'enterprise', FEATURE);
  const findGuest = (ctx: RouteContext): UserRecord => {
    enterprise(ctx);
    const user = ctx.state.users.find((u) => String(u.id) === ctx.params['guest_id']);
    if (!user) throw notFound('Guest');
    if (user.role !== 4) throw badRequest('User is not a guest');
    return user;
  };
  const renderGuest = (ctx: RouteContext, user: UserRecord) => {
    const g = guestOf(ctx.state, user.id);
    return {
      user: {
        ...renderUser(user),
        role: 4,
        custom_role: g.customRoleId === null ? null : { id: g.customRoleId, name: 'guest custom' },
        last_active: null,
        date_joined: null,
        date_invited: ms(g.dateInvited),
      },
      invited_by: userRef(ctx.state, g.invitedBy),
      can_see_time_spent: g.canSeeTimeSpent,
      can_see_time_estimated: g.canSeeTimeEstimated,
      can_edit_tags: g.canEditTags,
      can_create_views: g.canCreateViews,
      can_see_points_estimated: g.canSeePointsEstimated,
      shared: g.shared,
    };
  };
  const renderTeam = (ctx: RouteContext) => ({
    team: {
      id: ctx.state.team.id,
      name: ctx.state.team.name,
      color: ctx.state.team.color,
      avatar: null,
      members: ctx.state.users.map((u) => ({
        user: { ...renderUser(u), role: u.role, custom_role: null, last_active: null, date_joined: null },
      })),
    },
  });
  const setPermissions = (ctx: RouteContext, userId: number, body: Record<string, unknown>) => {
    const guest = guestOf(ctx.state, userId);
    for (const [key, field] of Object.entries(PERMISSIONS)) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== 'boolean') throw badRequest(`${key} must be a boolean`);
      guest[field] = body[key];
    }
    if (body['custom_role_id'] !== undefined) {
      if (typeof body['custom_role_id'] !== 'number') throw badRequest('custom_role_id must be a number');
      guest.customRoleId = body['custom_role_id'];
    }
  };
  /** Share (`permission_level` in the body) or unshare one item with the guest. */
  const share = (ctx: RouteContext, kind: 'tasks' | 'lists' | 'folders', id: string, adding: boolean) => {
    const user = findGuest(ctx);
    let level: GuestPermission | undefined;
    if (adding) {
      level = LEVELS.find((l) => l === objectBody(ctx.request)['permission_level']);
      if (!level) throw badRequest(`permission_level must be one of ${LEVELS.join(', ')}`);
    }
    const guest = guestOf(ctx.state, user.id);
    const items: SharedItem[] = guest.shared[kind].filter((s) => s.id !== id);
    guest.shared[kind] = level ? [...items, { id, permission: level }] : items;
    return { guest: renderGuest(ctx, user) };
  };
  return [
    v2('POST', '/team/:team_id/guest', (ctx) => {
      requireTeam(ctx);
      enterprise(ctx);
      const body = objectBody(ctx.request);
      const email = typeof body['email'] === 'string' ? body['email'].trim().toLowerCase() : '';
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw badRequest('Email invalid');
      if (ctx.state.users.some((u) => u.email.toLowerCase() === email))
        throw badRequest('User already in the Workspace');
      const id = 81000100 + nextCounter(ctx.state, 'guest', 1);
      const name = email.split('@')[0]!;
      ctx.state.users.push({
        id,
        username: name,
        email,
        color: '#607d8b',
        initials: name.slice(0, 2).toUpperCase(),
        role: 4,
      });
      (ctx.state.guests ??= []).push(newGuest(id, ctx.me, ctx.now));
      setPermissions(ctx, id, body);
      return renderTeam(ctx);
    }),
    v2('GET', '/team/:team_id/guest/:guest_id', (ctx) => {
      requireTeam(ctx);
      return { guest: renderGuest(ctx, findGuest(ctx)) };
    }),
    v2('PUT', '/team/:team_id/guest/:guest_id', (ctx) => {
      requireTeam(ctx);
      const user = findGuest(ctx);
      setPermissions(ctx, user.id, objectBody(ctx.request));
      return { guest: renderGuest(ctx, user) };
    }),
    v2('DELETE', '/team/:team_id/guest/:guest_id', (ctx) => {
      requireTeam(ctx);
      const user = findGuest(ctx);
      ctx.state.users = ctx.state.users.filter((u) => u !== user);
      ctx.state.guests = (ctx.state.guests ?? []).filter((g) => g.userId !== user.id);
      return renderTeam(ctx);
    }),
    v2('POST', '/task/:task_id/guest/:guest_id', (ctx) => share(ctx, 'tasks', taskFromPath(ctx).id, true)),
    v2('DELETE', '/task/:task_id/guest/:guest_id', (ctx) => share(ctx, 'tasks', taskFromPath(ctx).id, false)),
    v2('POST', '/list/:list_id/guest/:guest_id', (ctx) =>
      share(ctx, 'lists', findList(ctx.state, ctx.params['list_id']!).id, true),
    ),
    v2('DELETE', '/list/:list_id/guest/:guest_id', (ctx) =>
      share(ctx, 'lists', findList(ctx.state, ctx.params['list_id']!).id, false),
    ),
    v2('POST', '/folder/:folder_id/guest/:guest_id', (ctx) =>
      share(ctx, 'folders', findFolder(ctx.state, ctx.params['folder_id']!).id, true),
    ),
    v2('DELETE', '/folder/:folder_id/guest/:guest_id', (ctx) =>
      share(ctx, 'folders', findFolder(ctx.state, ctx.params['folder_id']!).id, false),
    ),
  ];
}
