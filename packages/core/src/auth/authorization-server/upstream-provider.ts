/**
 * The upstream OAuth provider users log in with (ClickUp, Yandex): the built-in authorization
 * server sends the browser to its authorize URL, exchanges the code it returns, asks who the user
 * is, and keeps the tokens (encrypted) to call the upstream API as that user. An app implements
 * `UpstreamProvider`, or builds one with `createOAuth2UpstreamProvider` when the provider's token
 * endpoint is standard OAuth 2 (form-encoded) or ClickUp's (query parameters).
 */
import { z } from 'zod';
import type { UpstreamCredentials } from '../auth-context.ts';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** What the upstream token endpoint gave for a user. Kept encrypted; never logged. */
export interface UpstreamTokens {
  readonly accessToken: string;
  readonly refreshToken?: string;
  /** Epoch seconds; absent when the token does not expire (ClickUp). */
  readonly expiresAt?: number;
  /** How the upstream API takes the token in `Authorization`. */
  readonly scheme: UpstreamCredentials['scheme'];
}

/** Who the upstream provider says the user is. */
export interface UpstreamAccount {
  /** Stable upstream user id; the account id becomes `<provider name>:<id>`. */
  readonly id: string;
  readonly name?: string;
  readonly email?: string;
}

export interface UpstreamProvider {
  /** Short lower-case name (`clickup`, `yandex`): the prefix of account ids, shown in messages. */
  readonly name: string;
  /** Where to send the browser. `loginHint` is passed on when the MCP client's request had one. */
  authorizeUrl(request: { state: string; redirectUri: string; loginHint?: string }): string | URL;
  exchangeCode(request: { code: string; redirectUri: string }, signal?: AbortSignal): Promise<UpstreamTokens>;
  /** Absent when upstream tokens do not expire or cannot be refreshed (the user logs in again). */
  refresh?(refreshToken: string, signal?: AbortSignal): Promise<UpstreamTokens>;
  identify(tokens: UpstreamTokens, signal?: AbortSignal): Promise<UpstreamAccount>;
}

export interface OAuth2UpstreamOptions {
  name: string;
  /** The provider's authorization endpoint (`https://oauth.yandex.ru/authorize`). */
  authorizationEndpoint: string;
  /** The provider's token endpoint (`https://oauth.yandex.ru/token`). */
  tokenEndpoint: string;
  clientId: string;
  clientSecret: string;
  /** Space-separated scopes to ask for; absent: the provider's defaults for the app. */
  scope?: string;
  /** How the API takes the access token; default `Bearer`. */
  scheme?: UpstreamCredentials['scheme'];
  /**
   * How the token request is sent: `form` (RFC 6749: an `application/x-www-form-urlencoded` body
   * with the client credentials), or `query` (ClickUp: `POST {token}?client_id&client_secret&code`).
   */
  tokenRequest?: 'form' | 'query';
  /** Extra query parameters of the authorize URL (`force_confirm`, `prompt`…). */
  authorizeParams?: Readonly<Record<string, string>>;
  /** Asks the upstream API who holds `tokens` (ClickUp `GET /user`, Yandex `login.yandex.ru/info`). */
  identify(tokens: UpstreamTokens, fetch: FetchLike, signal?: AbortSignal): Promise<UpstreamAccount>;
  fetch?: FetchLike;
  /** Clock for `expiresAt`, injectable for tests. Epoch milliseconds. */
  now?: () => number;
}

const TokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
});

const ErrorResponse = z.object({ error: z.string().optional(), error_description: z.string().optional() });

/** An `UpstreamProvider` for an OAuth 2 authorization-code provider. */
export function createOAuth2UpstreamProvider(options: OAuth2UpstreamOptions): UpstreamProvider {
  const fetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const scheme = options.scheme ?? 'Bearer';

  async function tokenCall(params: Record<string, string>, signal?: AbortSignal): Promise<UpstreamTokens> {
    const credentials = { client_id: options.clientId, client_secret: options.clientSecret };
    let response: Response;
    if (options.tokenRequest === 'query') {
      const url = new URL(options.tokenEndpoint);
      for (const [name, value] of Object.entries({ ...credentials, ...params }))
        url.searchParams.set(name, value);
      response = await fetch(url, { method: 'POST', headers: { accept: 'application/json' }, signal });
    } else {
      response = await fetch(options.tokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ ...params, ...credentials }),
        signal,
      });
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      // Only the provider's error code and description are repeated: never the request or a token.
      const error = ErrorResponse.safeParse(body);
      const said = error.success && error.data.error ? `: ${error.data.error}` : '';
      const described =
        error.success && error.data.error_description ? ` (${error.data.error_description})` : '';
      const next =
        response.status >= 500 || response.status === 429
          ? 'Try again shortly.'
          : `Check the ${options.name} OAuth app's client id, secret and redirect URI, then sign in again.`;
      throw new Error(
        `${options.name} refused the token request with HTTP ${response.status}${said}${described}. ${next}`,
      );
    }
    const parsed = TokenResponse.safeParse(body);
    if (!parsed.success) {
      throw new Error(
        `${options.name}'s token endpoint answered without an access_token; sign in again later.`,
      );
    }
    return {
      accessToken: parsed.data.access_token,
      scheme,
      ...(parsed.data.refresh_token ? { refreshToken: parsed.data.refresh_token } : {}),
      ...(parsed.data.expires_in ? { expiresAt: Math.floor(now() / 1000 + parsed.data.expires_in) } : {}),
    };
  }

  return {
    name: options.name,
    authorizeUrl({ state, redirectUri, loginHint }) {
      const url = new URL(options.authorizationEndpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      if (options.scope) url.searchParams.set('scope', options.scope);
      if (loginHint) url.searchParams.set('login_hint', loginHint);
      for (const [name, value] of Object.entries(options.authorizeParams ?? {}))
        url.searchParams.set(name, value);
      return url;
    },
    exchangeCode({ code, redirectUri }, signal) {
      return tokenCall(
        options.tokenRequest === 'query'
          ? { code }
          : { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
        signal,
      );
    },
    async refresh(refreshToken, signal) {
      const tokens = await tokenCall({ grant_type: 'refresh_token', refresh_token: refreshToken }, signal);
      // A provider that does not rotate refresh tokens answers without one: the old one stays valid.
      return tokens.refreshToken ? tokens : { ...tokens, refreshToken };
    },
    identify(tokens, signal) {
      return options.identify(tokens, fetch, signal);
    },
  };
}

/** The `Authorization` header value for upstream credentials. */
export function authorizationHeader(credentials: Pick<UpstreamCredentials, 'scheme' | 'token'>): string {
  return credentials.scheme === 'raw' ? credentials.token : `${credentials.scheme} ${credentials.token}`;
}
