/**
 * ClickUp's authorization-code flow (research §2.1, [doc: Authentication]) on the emulator's origin:
 *
 * - `GET /api?client_id&redirect_uri[&state][&login_hint]` — the authorize URL (app.clickup.com/api
 *   in production). With `login_hint` (a user's id, email or username) it approves at once for every
 *   workspace the user is a member of: 302 to `redirect_uri?code=…&state=…`, the headless login of
 *   tests and demos. Without it, a minimal consent page whose form POSTs back to `/api`.
 * - `POST /api` (form: client_id, redirect_uri, state, user, team_id…) — the page's approval.
 * - `POST /api/v2/oauth/token?client_id&client_secret&code` — query parameters, as documented →
 *   `{ "access_token": "…" }`; the code is single use.
 *
 * Unknown client: 400 `OAUTH_010`; a redirect URI that is not one of the app's: 400 `OAUTH_007` —
 * answered as JSON, never as a redirect to the unchecked URI.
 */
import type { FakeRequest } from '@toolsmith/testing';
import { ClickUpHttpError } from '../clickup-error.ts';
import { resolveUser, workspacesOf } from '../members.ts';
import { queryString, respond, type ClickUpRoute } from '../router.ts';
import { consentPage } from './consent-page.ts';
import type { OAuthAppConfig, OAuthRegistry } from './oauth-registry.ts';

/** Not ClickUp's: the emulator has no such user to sign in as. */
const unknownUser = (hint: string) =>
  new ClickUpHttpError(
    400,
    `Emulator: no user matches login_hint "${hint}"; give a user's id, email or username from the seed.`,
    'EMU_002',
  );

function redirectWithCode(redirectUri: string, code: string, state: string | undefined): unknown {
  const target = new URL(redirectUri);
  target.searchParams.set('code', code);
  if (state !== undefined) target.searchParams.set('state', state);
  return respond({ status: 302, headers: { location: target.href, 'cache-control': 'no-store' } });
}

const html = (status: number, text: string) =>
  respond({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, text });

export function oauthRoutes(registry: OAuthRegistry): ClickUpRoute[] {
  const approve = (
    app: OAuthAppConfig,
    redirectUri: string,
    userId: number,
    teamIds: string[],
    clientState: string | undefined,
  ) =>
    redirectWithCode(
      redirectUri,
      registry.issueCode({ clientId: app.clientId, redirectUri, userId, teamIds }),
      clientState,
    );

  return [
    {
      method: 'GET',
      path: '/api',
      anonymous: true,
      handler: (ctx) => {
        const q = (name: string) => queryString(ctx.request, name);
        const redirectUri = q('redirect_uri');
        const app = registry.checkClient(q('client_id'), redirectUri);
        const hint = q('login_hint');
        if (hint === undefined || hint === '') {
          return html(
            200,
            consentPage(ctx.state, {
              appName: app.name,
              clientId: app.clientId,
              redirectUri: redirectUri!,
              state: q('state'),
            }),
          );
        }
        const user = resolveUser(ctx.state, hint);
        if (!user) throw unknownUser(hint);
        return approve(app, redirectUri!, user.id, workspacesOf(ctx.state, user.id), q('state'));
      },
    },
    {
      method: 'POST',
      path: '/api',
      anonymous: true,
      handler: (ctx) => {
        const form = formOf(ctx.request);
        const field = (name: string) => form.get(name) ?? undefined;
        const redirectUri = field('redirect_uri');
        const app = registry.checkClient(field('client_id'), redirectUri);
        const clientState = field('state');
        const again = (problem: string) =>
          html(
            400,
            consentPage(ctx.state, {
              appName: app.name,
              clientId: app.clientId,
              redirectUri: redirectUri!,
              state: clientState,
              problem,
            }),
          );
        const user = resolveUser(ctx.state, field('user') ?? '');
        if (!user) return again('Choose the user to sign in as.');
        const member = workspacesOf(ctx.state, user.id);
        const ticked = form.getAll('team_id');
        const teamIds = ticked.length === 0 ? member : member.filter((id) => ticked.includes(id));
        if (teamIds.length === 0) {
          return again(`${user.username} is not a member of the ticked Workspaces; tick one of theirs.`);
        }
        return approve(app, redirectUri!, user.id, teamIds, clientState);
      },
    },
    {
      method: 'POST',
      path: '/api/v2/oauth/token',
      anonymous: true,
      handler: (ctx) => {
        const q = (name: string) => queryString(ctx.request, name);
        return { access_token: registry.exchange(q('client_id'), q('client_secret'), q('code')) };
      },
    },
  ];
}

function formOf(request: FakeRequest): URLSearchParams {
  return new URLSearchParams(request.text);
}
