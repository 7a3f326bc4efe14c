/**
 * Yandex OAuth (oauth.yandex.ru) as the emulator keeps it: apps (client id, secret, Callback URLs),
 * confirmation codes (single use, 10 minutes as Yandex documents, PKCE S256 or plain), access tokens
 * with a lifetime (`expires_in`; a year by default, configurable so tests see expiry) and refresh
 * tokens of the same lifetime (Yandex: "the tokens have the same lifetime"). A refresh answers a new
 * access token and a new refresh token; the emulator retires the refresh token it was given (the
 * stricter reading: a client must keep the newest one) and lets the old access token live out its
 * time.
 *
 * Apps and tokens are credentials, not tracker data: `reset()` keeps them and forgets pending codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { TrackerState, UserRecord } from '../tracker-state.ts';

export interface YandexOAuthApp {
  clientId: string;
  clientSecret: string;
  /** Callback URLs; an authorize request's `redirect_uri` must equal one (none given: the first). */
  redirectUris: string[];
  /** Shown on the consent page. */
  name: string;
}

/** A token pair as `POST /token` answers it. */
export interface YandexTokenResponse {
  token_type: 'bearer';
  access_token: string;
  refresh_token: string;
  /** Seconds. */
  expires_in: number;
}

interface Grant {
  clientId: string;
  /** The Tracker login of the user (`UserRecord.login`). */
  login: string;
}

interface PendingCode extends Grant {
  codeChallenge: string | undefined;
  codeChallengeMethod: 'S256' | 'plain';
  expiresAt: number;
}

interface TokenRecord extends Grant {
  expiresAt: number;
}

/** The OAuth 2.0 error a token request is refused with (`{error, error_description}`). */
export class YandexOAuthError extends Error {
  readonly status: number;
  readonly error: string;

  constructor(status: number, error: string, description: string) {
    super(description);
    this.status = status;
    this.error = error;
  }
}

// Yandex's error names; the descriptions are the emulator's wording.
const invalidClient = (description: string) => new YandexOAuthError(400, 'invalid_client', description);
const invalidGrant = (description: string) => new YandexOAuthError(400, 'invalid_grant', description);
export const invalidRequest = (description: string) =>
  new YandexOAuthError(400, 'invalid_request', description);
export const unsupportedGrantType = () =>
  new YandexOAuthError(
    400,
    'unsupported_grant_type',
    'grant_type must be authorization_code or refresh_token',
  );

export interface YandexOAuthRegistryOptions {
  state: TrackerState;
  now: () => number;
  /** Access and refresh token lifetime. */
  accessTokenTtlSeconds: number;
  codeTtlMs: number;
}

/** The user an authorize request's `login_hint` names: login, email or uid. */
export function findLoginUser(state: TrackerState, hint: string): UserRecord | undefined {
  const text = hint.trim().toLowerCase();
  return state.users.find(
    (u) => u.login.toLowerCase() === text || u.email.toLowerCase() === text || String(u.uid) === text,
  );
}

export class YandexOAuthRegistry {
  readonly #apps = new Map<string, YandexOAuthApp>();
  readonly #codes = new Map<string, PendingCode>();
  readonly #access = new Map<string, TokenRecord>();
  readonly #refresh = new Map<string, TokenRecord>();
  readonly #options: YandexOAuthRegistryOptions;
  /** Seconds; tests may change it between logins. */
  accessTokenTtlSeconds: number;

  constructor(options: YandexOAuthRegistryOptions) {
    this.#options = options;
    this.accessTokenTtlSeconds = options.accessTokenTtlSeconds;
  }

  get apps(): readonly YandexOAuthApp[] {
    return [...this.#apps.values()];
  }

  addApp(app: YandexOAuthApp): YandexOAuthApp {
    if (this.#apps.has(app.clientId)) {
      throw new Error(`An OAuth app with client id ${app.clientId} is already configured; pick another id.`);
    }
    const copy = { ...app, redirectUris: [...app.redirectUris] };
    this.#apps.set(app.clientId, copy);
    return copy;
  }

  app(clientId: string | undefined): YandexOAuthApp | undefined {
    return clientId === undefined ? undefined : this.#apps.get(clientId);
  }

  issueCode(grant: Grant & { codeChallenge?: string; codeChallengeMethod?: 'S256' | 'plain' }): string {
    const code = randomBytes(8).toString('hex');
    this.#codes.set(code, {
      clientId: grant.clientId,
      login: grant.login,
      codeChallenge: grant.codeChallenge,
      codeChallengeMethod: grant.codeChallengeMethod ?? 'plain',
      expiresAt: this.#options.now() + this.#options.codeTtlMs,
    });
    return code;
  }

  /** The app whose id and secret these are (from the body or Basic); throws invalid_client. */
  authenticateClient(clientId: string | undefined, clientSecret: string | undefined): YandexOAuthApp {
    const app = this.app(clientId);
    if (!app) throw invalidClient('Client not found');
    if (clientSecret !== app.clientSecret) throw invalidClient('Wrong client secret');
    return app;
  }

  /** `grant_type=authorization_code`: the code is spent on first use, whatever the outcome. */
  exchangeCode(
    app: YandexOAuthApp,
    code: string | undefined,
    codeVerifier: string | undefined,
  ): YandexTokenResponse {
    if (code === undefined || code === '') throw invalidRequest('code is required');
    const pending = this.#codes.get(code);
    this.#codes.delete(code);
    if (!pending || pending.clientId !== app.clientId) throw invalidGrant('Invalid code');
    if (pending.expiresAt <= this.#options.now()) throw invalidGrant('Code has expired');
    if (pending.codeChallenge !== undefined) {
      if (codeVerifier === undefined) throw invalidGrant('code_verifier is required');
      const computed =
        pending.codeChallengeMethod === 'S256'
          ? createHash('sha256').update(codeVerifier).digest('base64url')
          : codeVerifier;
      if (computed !== pending.codeChallenge) throw invalidGrant('Code verifier is not valid');
    }
    return this.#mint({ clientId: app.clientId, login: pending.login });
  }

  /** `grant_type=refresh_token`: a new pair; the refresh token given is retired. */
  refresh(app: YandexOAuthApp, refreshToken: string | undefined): YandexTokenResponse {
    if (refreshToken === undefined || refreshToken === '') throw invalidRequest('refresh_token is required');
    const record = this.#refresh.get(refreshToken);
    if (!record || record.clientId !== app.clientId) throw invalidGrant('Invalid refresh token');
    this.#refresh.delete(refreshToken);
    if (record.expiresAt <= this.#options.now()) throw invalidGrant('Refresh token has expired');
    return this.#mint({ clientId: record.clientId, login: record.login });
  }

  /** A token pair as if `login` had logged in to the default (first) app, without the flow. */
  issueToken(login: string, clientId = this.apps[0]?.clientId): YandexTokenResponse {
    const user = findLoginUser(this.#options.state, login);
    if (!user) throw new Error(`No user ${login} in the emulator: give a login, email or uid of the seed.`);
    if (clientId === undefined || !this.#apps.has(clientId)) {
      throw new Error(`No OAuth app ${String(clientId)} in the emulator: add it with oauth.addApp().`);
    }
    return this.#mint({ clientId, login: user.login });
  }

  /** The login behind an access token; `expired` once its lifetime is over; undefined when unknown. */
  lookup(accessToken: string): { login: string; clientId: string } | 'expired' | undefined {
    const record = this.#access.get(accessToken);
    if (!record) return undefined;
    if (record.expiresAt <= this.#options.now()) return 'expired';
    return { login: record.login, clientId: record.clientId };
  }

  /** Revokes an access token (the user withdrew the app's access). */
  revoke(accessToken: string): boolean {
    return this.#access.delete(accessToken);
  }

  forgetCodes(): void {
    this.#codes.clear();
  }

  #mint(grant: Grant): YandexTokenResponse {
    const ttl = this.accessTokenTtlSeconds;
    const expiresAt = this.#options.now() + ttl * 1000;
    // Yandex's shapes: `y0_…` access tokens, `1:<id>:<secret>` refresh tokens.
    const accessToken = `y0_${randomBytes(42).toString('base64url')}`;
    const refreshToken = `1:${randomBytes(12).toString('base64url')}:${randomBytes(48).toString('base64url')}`;
    this.#access.set(accessToken, { ...grant, expiresAt });
    this.#refresh.set(refreshToken, { ...grant, expiresAt });
    return { token_type: 'bearer', access_token: accessToken, refresh_token: refreshToken, expires_in: ttl };
  }
}
