/**
 * The caller and the workspace (research §2.4): `GET /user`, `GET /team` (authorized workspaces,
 * each with `members[].user`, what clients resolve names and emails with), `GET /team/{id}/seat`,
 * and the OAuth code exchange `POST /oauth/token?client_id&client_secret&code` (research §2.1).
 */
import { ClickUpHttpError } from '../clickup-error.ts';
import { findUser, renderUser } from '../render.ts';
import { requireTeam } from '../route-helpers.ts';
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
          timezone: 'Europe/London',
        },
      };
    }),
    v2('GET', '/team', (ctx) => ({
      teams: [
        {
          id: ctx.state.team.id,
          name: ctx.state.team.name,
          color: ctx.state.team.color,
          avatar: null,
          members: ctx.state.users.map((u) => ({
            user: { ...renderUser(u), role: u.role, custom_role: null, last_active: null, date_joined: null },
          })),
        },
      ],
    })),
    v2('GET', '/team/:team_id/seat', (ctx) => {
      requireTeam(ctx);
      const members = ctx.state.users.filter((u) => u.role !== 4).length;
      const guests = ctx.state.users.length - members;
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
