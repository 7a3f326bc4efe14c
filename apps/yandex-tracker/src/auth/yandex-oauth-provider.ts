/**
 * Yandex OAuth as the upstream login of core's built-in authorization server: the user is sent to
 * `{YANDEX_OAUTH_BASE}/authorize` (authorization code; `login_hint` passed on), the code is
 * exchanged at `{YANDEX_OAUTH_BASE}/token` with the app's client id and secret, refreshed there
 * with the refresh token, and the account is identified by `{YANDEX_LOGIN_BASE}/info`. The tokens
 * are Yandex OAuth tokens, sent to Tracker as `Authorization: OAuth <token>`. Register the app at
 * https://oauth.yandex.ru/client/new with the Tracker scopes (tracker:read, tracker:write) and the
 * server's callback as its redirect URI.
 */
import { ApiError, createHttpClient, type Logger } from '@toolsmith/core';
import { z } from 'zod';

export const YANDEX_OAUTH_BASE = 'https://oauth.yandex.ru';
export const YANDEX_LOGIN_BASE = 'https://login.yandex.ru';

/** Upstream tokens as the built-in authorization server keeps them. */
export interface UpstreamTokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** Epoch seconds. */
  readonly expiresAt?: number;
  readonly scheme: 'OAuth';
}

export interface UpstreamIdentity {
  /** The Yandex account's id (stable; a login can be renamed). */
  readonly id: string;
  readonly name?: string;
  readonly email?: string;
}

/** Core's `UpstreamProvider` (authorization-server/upstream-provider.ts), as Yandex fills it. */
export interface YandexOAuthProvider {
  readonly name: 'yandex';
  authorizeUrl(request: { state: string; redirectUri: string; loginHint?: string | undefined }): string;
  exchangeCode(request: { code: string; redirectUri: string }, signal?: AbortSignal): Promise<UpstreamTokens>;
  refresh(refreshToken: string, signal?: AbortSignal): Promise<UpstreamTokens>;
  identify(tokens: Pick<UpstreamTokens, 'accessToken'>, signal?: AbortSignal): Promise<UpstreamIdentity>;
}

export interface YandexOAuthProviderOptions {
  /** YANDEX_OAUTH_CLIENT_ID: the app's ClientID. */
  clientId: string;
  /** YANDEX_OAUTH_CLIENT_SECRET: the app's Client secret. */
  clientSecret: string;
  /** YANDEX_OAUTH_BASE. Default {@link YANDEX_OAUTH_BASE}. */
  oauthBase?: string;
  /** YANDEX_LOGIN_BASE. Default {@link YANDEX_LOGIN_BASE}. */
  loginBase?: string;
  /** Scopes to ask for; unset, the app's registered scopes. */
  scopes?: readonly string[];
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
}

const TokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
});

const InfoAnswer = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  login: z.string().optional(),
  display_name: z.string().optional(),
  real_name: z.string().optional(),
  default_email: z.string().optional(),
});

export function createYandexOAuthProvider(options: YandexOAuthProviderOptions): YandexOAuthProvider {
  const oauthBase = (options.oauthBase ?? YANDEX_OAUTH_BASE).replace(/\/+$/, '');
  const loginBase = (options.loginBase ?? YANDEX_LOGIN_BASE).replace(/\/+$/, '');
  const common = {
    timeoutMs: options.timeoutMs ?? 30_000,
    userAgent: 'yandex-tracker-mcp/0.1.0 (toolsmith)',
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  };
  const requestSecrets: string[] = [];
  const oauth = createHttpClient({
    ...common,
    baseUrl: oauthBase,
    secrets: () => [options.clientSecret, ...requestSecrets],
  });
  const login = createHttpClient({ ...common, baseUrl: loginBase });

  const token = async (form: Record<string, string>, signal?: AbortSignal): Promise<UpstreamTokens> => {
    const sentAt = Date.now();
    let data: unknown;
    try {
      // A code is single-use and a refresh token may rotate: never sent twice (idempotent: false).
      ({ data } = await oauth.request<unknown>({
        method: 'POST',
        path: '/token',
        body: new URLSearchParams({
          ...form,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
        contentType: 'application/x-www-form-urlencoded',
        idempotent: false,
        ...(signal ? { signal } : {}),
      }));
    } catch (error) {
      throw refused(error, form['grant_type'] === 'refresh_token' ? 'refresh' : 'code');
    }
    const answer = TokenAnswer.safeParse(data);
    if (!answer.success) {
      throw new Error(
        `Yandex OAuth answered ${oauthBase}/token without an access_token; sign in again later.`,
      );
    }
    const { access_token, refresh_token, expires_in } = answer.data;
    return {
      accessToken: access_token,
      ...(refresh_token ? { refreshToken: refresh_token } : {}),
      ...(expires_in ? { expiresAt: Math.floor(sentAt / 1000) + Math.floor(expires_in) } : {}),
      scheme: 'OAuth',
    };
  };

  /** A refused token request as what to do: Yandex's error, never the code, token or secret. */
  const refused = (error: unknown, grant: 'code' | 'refresh'): Error => {
    if (!ApiError.isInstance(error) || error.status < 400 || error.status >= 500) return error as Error;
    const body = error.body as { error?: unknown; error_description?: unknown } | undefined;
    const said = [body?.error, body?.error_description].filter((part) => typeof part === 'string').join(': ');
    const what = grant === 'code' ? 'the login code' : "the user's refresh token";
    return new Error(
      `Yandex OAuth refused ${what} (HTTP ${error.status}${said ? `, ${said}` : ''}). ` +
        (grant === 'code'
          ? 'Sign in again (a code works once and for 10 minutes); if it goes on, check YANDEX_OAUTH_CLIENT_ID, YANDEX_OAUTH_CLIENT_SECRET and that the app’s Callback URL is this server’s.'
          : 'The Yandex login was revoked or expired: sign in again.'),
      { cause: error },
    );
  };

  return {
    name: 'yandex',
    authorizeUrl({ state, redirectUri, loginHint }) {
      const url = new URL(`${oauthBase}/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      if (options.scopes?.length) url.searchParams.set('scope', options.scopes.join(' '));
      if (loginHint) url.searchParams.set('login_hint', loginHint);
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }, signal) {
      requestSecrets.push(code);
      try {
        return await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }, signal);
      } finally {
        requestSecrets.splice(requestSecrets.indexOf(code), 1);
      }
    },
    async refresh(refreshToken, signal) {
      requestSecrets.push(refreshToken);
      try {
        const tokens = await token({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal);
        // Without a new refresh token in the answer, the old one stays valid.
        return tokens.refreshToken ? tokens : { ...tokens, refreshToken };
      } finally {
        requestSecrets.splice(requestSecrets.indexOf(refreshToken), 1);
      }
    },
    async identify(tokens, signal) {
      let data: unknown;
      try {
        ({ data } = await login.request<unknown>({
          method: 'GET',
          path: '/info',
          query: { format: 'json' },
          headers: { authorization: `OAuth ${tokens.accessToken}` },
          ...(signal ? { signal } : {}),
        }));
      } catch (error) {
        if (!ApiError.isInstance(error) || error.status !== 401) throw error;
        throw new Error(
          'Yandex ID did not accept the token Yandex OAuth had just issued (HTTP 401): sign in again; if it goes on, check that the OAuth app may read the account (login:info).',
          { cause: error },
        );
      }
      const info = InfoAnswer.safeParse(data);
      if (!info.success) throw new Error(`Yandex ID answered ${loginBase}/info without an account id.`);
      const { id, login: name, display_name, real_name, default_email } = info.data;
      const shown = display_name ?? real_name ?? name;
      return {
        id,
        ...(shown ? { name: shown } : {}),
        ...(default_email ? { email: default_email } : {}),
      };
    },
  };
}
