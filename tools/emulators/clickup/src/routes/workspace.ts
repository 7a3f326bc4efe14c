/**
 * The caller and the workspace (research §2.4): `GET /user` (the token's user, with their IANA
 * `timezone`, as the OpenAPI AuthorizedUser has it), `GET /team` (the workspaces the token may act
 * in — for an OAuth token, those its user authorized — each with `members[].user`, what clients
 * resolve names and emails with; members carry no time zone) and `GET /team/{id}/seat`. The OAuth
 * endpoints live in oauth/oauth-routes.ts.
 */
import type { UserRecord } from '../clickup-state.ts';
import { findAnyUser } from '../members.ts';
import { renderUser } from '../render.ts';
import { readTeam } from '../route-helpers.ts';
import { SEED_TIMEZONE } from '../seed.ts';
import { v2, type ClickUpRoute } from '../router.ts';

export function workspaceRoutes(): ClickUpRoute[] {
  return [
    teamless(
      v2('GET', '/user', (ctx) => {
        const user = findAnyUser(ctx.state, ctx.me)!;
        return {
          user: {
            ...renderUser(user),
            week_start_day: 1,
            global_font_support: true,
            timezone: user.timezone ?? SEED_TIMEZONE,
          },
        };
      }),
    ),
    teamless(
      v2('GET', '/team', (ctx) => {
        const team = (t: { id: string; name: string; color: string }, users: readonly UserRecord[]) => ({
          id: t.id,
          name: t.name,
          color: t.color,
          avatar: null,
          members: users.map((u) => ({
            user: { ...renderUser(u), role: u.role, custom_role: null, last_active: null, date_joined: null },
          })),
        });
        const all = [
          team(ctx.state.team, ctx.state.users),
          ...(ctx.state.otherTeams ?? []).map((t) => team(t, t.members)),
        ];
        return { teams: all.filter((t) => ctx.teams.includes(t.id)) };
      }),
    ),
    v2('GET', '/team/:team_id/seat', (ctx) => {
      const users = readTeam(ctx)
        ? ctx.state.users
        : ctx.state.otherTeams!.find((t) => t.id === ctx.params['team_id'])!.members;
      const members = users.filter((u) => u.role !== 4).length;
      const guests = users.length - members;
      return {
        members: { filled_members_seats: members, total_member_seats: 10, empty_member_seats: 10 - members },
        guests: { filled_guest_seats: guests, total_guest_seats: 10, empty_guest_seats: 10 - guests },
      };
    }),
  ];
}

const teamless = (route: ClickUpRoute): ClickUpRoute => ({ ...route, teamless: true });
