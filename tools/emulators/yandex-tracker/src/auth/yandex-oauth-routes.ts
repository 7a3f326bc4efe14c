/**
 * Yandex OAuth and Yandex ID on the emulator's origin, each under its production host name as a
 * path prefix (so a client configured with `oauthBase` / `loginBase` builds the same paths):
 *
 * - `GET /oauth.yandex.ru/authorize?response_type=code&client_id[&redirect_uri][&state][&login_hint]
 *   [&code_challenge&code_challenge_method=S256|plain][&scope]`: with `login_hint` (login, email or
 *   uid) it approves at once → 302 `redirect_uri?code=…&state=…` (headless tests and the demo);
 *   without it a consent page whose form POSTs back (Allow, or Deny → `error=access_denied`).
 *   Unknown client or a `redirect_uri` that is not one of the app's: a 400 error page, never a
 *   redirect. Another `response_type`: redirected with `error=unsupported_response_type`.
 * - `POST /oauth.yandex.ru/token` (form-encoded; client id and secret in the body or as Basic):
 *   `grant_type=authorization_code` (code[, code_verifier]) or `refresh_token` →
 *   `{token_type: "bearer", access_token, refresh_token, expires_in}`; errors
 *   `{error, error_description}` with 400.
 * - `GET /login.yandex.ru/info` with `Authorization: OAuth <token>` → `{id, login, client_id,
 *   display_name, real_name, first_name, last_name, default_email, emails, psuid}`; 401 otherwise.
 */
import type { FakeRequest, FakeResponse, FakeRoutes } from '@toolsmith/testing';
import type { TrackerState } from '../tracker-state.ts';
import { consentPage, errorPage } from './consent-page.ts';
import {
  findLoginUser,
  invalidRequest,
  unsupportedGrantType,
  YandexOAuthError,
  type YandexOAuthApp,
  type YandexOAuthRegistry,
} from './yandex-oauth-registry.ts';

export const OAUTH_PREFIX = '/oauth.yandex.ru';
export const LOGIN_PREFIX = '/login.yandex.ru';

const html = (status: number, text: string): FakeResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  text,
});

const redirect = (redirectUri: string, params: Record<string, string | undefined>): FakeResponse => {
  const target = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) target.searchParams.set(key, value);
  return { status: 302, headers: { location: target.href, 'cache-control': 'no-store' } };
};

/** The authorize parameters the consent form carries through. */
const CARRIED = [
  'response_type',
  'client_id',
  'redirect_uri',
  'state',
  'scope',
  'code_challenge',
  'code_challenge_method',
];

export function yandexOAuthRoutes(state: TrackerState, registry: YandexOAuthRegistry): FakeRoutes {
  /** The app and the redirect URI of an authorize request, or the error page that answers it. */
  const checkClient = (
    get: (name: string) => string | undefined,
  ): { app: YandexOAuthApp; redirectUri: string } | FakeResponse => {
    const app = registry.app(get('client_id'));
    if (!app) return html(400, errorPage('Client not found: check client_id against the app’s settings.'));
    const redirectUri = get('redirect_uri') ?? app.redirectUris[0];
    if (redirectUri === undefined || !app.redirectUris.includes(redirectUri)) {
      return html(400, errorPage('redirect_uri does not match the Callback URL defined for the client.'));
    }
    return { app, redirectUri };
  };

  /** After the client checks: the code redirect for `login`, or the error redirect. */
  const approve = (
    get: (name: string) => string | undefined,
    app: YandexOAuthApp,
    redirectUri: string,
    login: string,
  ): FakeResponse => {
    const clientState = get('state');
    if (get('response_type') !== 'code') {
      return redirect(redirectUri, { error: 'unsupported_response_type', state: clientState });
    }
    const codeChallenge = get('code_challenge');
    const method = get('code_challenge_method') ?? 'plain';
    if (method !== 'S256' && method !== 'plain') {
      return redirect(redirectUri, {
        error: 'invalid_request',
        error_description: 'code_challenge_method must be S256 or plain',
        state: clientState,
      });
    }
    const code = registry.issueCode({
      clientId: app.clientId,
      login,
      ...(codeChallenge === undefined || codeChallenge === ''
        ? {}
        : { codeChallenge, codeChallengeMethod: method }),
    });
    return redirect(redirectUri, { code, state: clientState });
  };

  const authorizePath = `${OAUTH_PREFIX}/authorize`;
  return {
    [`GET ${authorizePath}`]: (request) => {
      const get = (name: string) => queryValue(request, name);
      const checked = checkClient(get);
      if (!('app' in checked)) return checked;
      const hint = get('login_hint');
      if (hint === undefined || hint === '') {
        const fields: Record<string, string> = {};
        for (const name of CARRIED) {
          const value = get(name);
          if (value !== undefined) fields[name] = value;
        }
        fields['redirect_uri'] = checked.redirectUri;
        return html(200, consentPage(state, { action: authorizePath, appName: checked.app.name, fields }));
      }
      const user = findLoginUser(state, hint);
      if (!user) {
        return html(
          400,
          errorPage(`Emulator: no user matches login_hint "${hint}"; give a login, email or uid.`),
        );
      }
      return approve(get, checked.app, checked.redirectUri, user.login);
    },
    [`POST ${authorizePath}`]: (request) => {
      const form = new URLSearchParams(request.text);
      const get = (name: string) => form.get(name) ?? undefined;
      const checked = checkClient(get);
      if (!('app' in checked)) return checked;
      if (get('decision') === 'deny') {
        return redirect(checked.redirectUri, { error: 'access_denied', state: get('state') });
      }
      const user = findLoginUser(state, get('login') ?? '');
      if (!user) return html(400, errorPage('Choose the user to sign in as.'));
      return approve(get, checked.app, checked.redirectUri, user.login);
    },
    [`POST ${OAUTH_PREFIX}/token`]: (request) => {
      try {
        const form = new URLSearchParams(request.text);
        const get = (name: string) => form.get(name) ?? undefined;
        const basic = basicCredentials(request.headers['authorization']);
        const app = registry.authenticateClient(
          basic?.id ?? get('client_id'),
          basic?.secret ?? get('client_secret'),
        );
        const grantType = get('grant_type');
        if (grantType === 'authorization_code') {
          return tokenAnswer(registry.exchangeCode(app, get('code'), get('code_verifier')));
        }
        if (grantType === 'refresh_token') return tokenAnswer(registry.refresh(app, get('refresh_token')));
        throw grantType === undefined ? invalidRequest('grant_type is required') : unsupportedGrantType();
      } catch (error) {
        if (!(error instanceof YandexOAuthError)) throw error;
        return {
          status: error.status,
          headers: { 'cache-control': 'no-store' },
          json: { error: error.error, error_description: error.message },
        };
      }
    },
    [`GET ${LOGIN_PREFIX}/info`]: (request) => {
      const match = /^OAuth (\S+)$/.exec(request.headers['authorization'] ?? '');
      const found = match ? registry.lookup(match[1]!) : undefined;
      const user = typeof found === 'object' ? state.users.find((u) => u.login === found.login) : undefined;
      if (typeof found !== 'object' || !user) {
        return {
          status: 401,
          text: 'Unauthorized: the OAuth token is missing, unknown, revoked or expired.',
        };
      }
      return {
        json: {
          id: String(user.uid),
          login: user.login,
          client_id: found.clientId,
          display_name: user.display,
          real_name: user.display,
          first_name: user.firstName,
          last_name: user.lastName,
          default_email: user.email,
          emails: [user.email],
          psuid: `1.emulator.${user.uid}`,
        },
      };
    },
  };
}

function tokenAnswer(json: unknown): FakeResponse {
  return { status: 200, headers: { 'cache-control': 'no-store' }, json };
}

function queryValue(request: FakeRequest, name: string): string | undefined {
  const value = request.query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `Authorization: Basic base64(client_id:client_secret)`, as Yandex documents it, or undefined. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic (\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}
