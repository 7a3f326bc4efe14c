/**
 * The caller and the workspace (research §2.4): `GET /user` (with the user's IANA `timezone`, as the
 * OpenAPI AuthorizedUser has it), `GET /team` (authorized workspaces, each with `members[].user`,
 * what clients resolve names and emails with — members carry no time zone), `GET /team/{id}/seat`,
 * and the OAuth code exchange `POST /oauth/token?client_id&client_secret&code` (research §2.1).
 */
import { ClickUpHttpError } from '../clickup-error.ts';
import type { UserRecord } from '../clickup-state.ts';
import { findUser, renderUser } from '../render.ts';
import { readTeam } from '../route-helpers.ts';
import { SEED_TIMEZONE } from '../seed.ts';
import { queryString, v2, type ClickUpRoute } from '../router.ts';

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The authorization code the exchange accepts. */
  code: string;
  /** The access token the exchange issues. */
  accessToken: string;
}

export function workspaceRoutes(oauth: OAuthApp): ClickUpRoute[] {
  return [
    v2('GET', '/user', (ctx) => {
      const user = findUser(ctx.state, ctx.me)!;
      return {
        user: {
          ...renderUser(user),
          week_start_day: 1,
          global_font_support: true,
          timezone: user.timezone ?? SEED_TIMEZONE,
        },
      };
    }),
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
      return {
        teams: [
          team(ctx.state.team, ctx.state.users),
          ...(ctx.state.otherTeams ?? []).map((t) => team(t, t.members)),
        ],
      };
    }),
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
    {
      ...v2('POST', '/oauth/token', (ctx) => {
        const clientId = queryString(ctx.request, 'client_id');
        if (clientId !== oauth.clientId) throw new ClickUpHttpError(400, 'Client not found', 'OAUTH_010');
        if (queryString(ctx.request, 'client_secret') !== oauth.clientSecret) {
          throw new ClickUpHttpError(400, 'Client secret invalid', 'OAUTH_010');
        }
        if (queryString(ctx.request, 'code') !== oauth.code) {
          throw new ClickUpHttpError(400, 'Code invalid', 'OAUTH_014');
        }
        return { access_token: oauth.accessToken };
      }),
      anonymous: true,
    },
  ];
}
