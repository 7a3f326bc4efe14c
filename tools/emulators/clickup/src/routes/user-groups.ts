/**
 * User groups ([doc: Get Groups; Create Group; Update Group; Delete Group]): `GET /group?team_id=`
 * (`group_ids` filters), `POST /team/{team_id}/group` `{name, handle?, members: [user id]}`,
 * `PUT /group/{group_id}` `{name?, handle?, members: {add, rem}}`, `DELETE /group/{group_id}`.
 * A group is answered whole (`id, team_id, userid, name, handle, date_created, initials, members,
 * avatar`). User groups are a paid feature of ClickUp's app (its pricing page: Business and above;
 * the API reference says nothing): below Business the routes answer the plan error (../plan.ts). A
 * user id that is not a member of the Workspace, or a handle another group has, is 400; an unknown
 * group 404 (the emulator's choice: undocumented).
 */
import { badRequest, notFound } from '../clickup-error.ts';
import { groupsOf, type GroupRecord } from '../groups-and-guests.ts';
import { nextCounter } from '../ids.ts';
import { requirePlan } from '../plan.ts';
import { ms, userRef } from '../render.ts';
import { requireTeam } from '../route-helpers.ts';
import { objectBody, queryString, v2, type ClickUpRoute, type RouteContext } from '../router.ts';

const FEATURE = 'User groups';

export function userGroupRoutes(): ClickUpRoute[] {
  const render = (ctx: RouteContext, g: GroupRecord) => ({
    id: g.id,
    team_id: ctx.state.team.id,
    userid: g.creator,
    name: g.name,
    handle: g.handle,
    date_created: ms(g.dateCreated),
    initials: g.name
      .split(/\s+/)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('')
      .slice(0, 2),
    members: g.members.map((id) => userRef(ctx.state, id)),
    avatar: { attachment_id: null, color: null, source: null, icon: null },
  });
  const members = (ctx: RouteContext, value: unknown, field: string): number[] => {
    if (!Array.isArray(value)) throw badRequest(`${field} must be an array of user ids`);
    return value.map((id) => {
      if (!ctx.state.users.some((u) => u.id === id))
        throw badRequest(`${field}: user ${String(id)} is not in the Workspace`);
      return id as number;
    });
  };
  const handleOf = (ctx: RouteContext, value: unknown, name: string, self?: GroupRecord) => {
    const handle =
      typeof value === 'string' && value !== '' ? value : name.toLowerCase().replace(/[^a-z0-9]+/g, '');
    if (groupsOf(ctx.state).some((g) => g !== self && g.handle === handle))
      throw badRequest('Group handle already taken');
    return handle;
  };
  const findGroup = (ctx: RouteContext) => {
    requirePlan(ctx.state, 'business', FEATURE);
    const group = groupsOf(ctx.state).find((g) => g.id === ctx.params['group_id']);
    if (!group) throw notFound('Group');
    return group;
  };
  return [
    v2('GET', '/group', (ctx) => {
      const team = queryString(ctx.request, 'team_id');
      if (team === undefined) throw badRequest('team_id is required');
      if (team !== ctx.state.team.id) return { groups: [] };
      requirePlan(ctx.state, 'business', FEATURE);
      const ids = queryString(ctx.request, 'group_ids')?.split(',');
      return {
        groups: groupsOf(ctx.state)
          .filter((g) => ids === undefined || ids.includes(g.id))
          .map((g) => render(ctx, g)),
      };
    }),
    v2('POST', '/team/:team_id/group', (ctx) => {
      requireTeam(ctx);
      requirePlan(ctx.state, 'business', FEATURE);
      const body = objectBody(ctx.request);
      if (typeof body['name'] !== 'string' || body['name'].trim() === '')
        throw badRequest('Group name invalid');
      const group: GroupRecord = {
        id: `A1B2C3D4-0000-4000-8000-${String(nextCounter(ctx.state, 'group', 100)).padStart(12, '0')}`,
        name: body['name'].trim(),
        handle: handleOf(ctx, body['handle'], body['name']),
        members: members(ctx, body['members'], 'members'),
        creator: ctx.me,
        dateCreated: ctx.now,
      };
      groupsOf(ctx.state).push(group);
      return render(ctx, group);
    }),
    v2('PUT', '/group/:group_id', (ctx) => {
      const group = findGroup(ctx);
      const body = objectBody(ctx.request);
      const name =
        typeof body['name'] === 'string' && body['name'].trim() !== '' ? body['name'].trim() : group.name;
      const handle = body['handle'] === undefined ? group.handle : handleOf(ctx, body['handle'], name, group);
      let next = group.members;
      if (body['members'] !== undefined) {
        const change = body['members'] as { add?: unknown; rem?: unknown };
        if (typeof change !== 'object' || change === null || Array.isArray(change))
          throw badRequest('members must be {add, rem}');
        const add = change.add === undefined ? [] : members(ctx, change.add, 'members.add');
        const rem = change.rem === undefined ? [] : members(ctx, change.rem, 'members.rem');
        next = [
          ...group.members.filter((id) => !rem.includes(id)),
          ...add.filter((id) => !group.members.includes(id)),
        ];
      }
      Object.assign(group, { name, handle, members: next });
      return render(ctx, group);
    }),
    v2('DELETE', '/group/:group_id', (ctx) => {
      const group = findGroup(ctx);
      ctx.state.userGroups = groupsOf(ctx.state).filter((g) => g !== group);
      return {};
    }),
  ];
}
