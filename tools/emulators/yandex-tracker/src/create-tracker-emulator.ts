/**
 * The Yandex Tracker emulator: a real HTTP server on 127.0.0.1 (the fake API of @toolsmith/testing)
 * with in-memory state, the API's auth and organisation checks, its error bodies and pagination, and
 * fault injection (`emulator.faults`: 429 with Retry-After, 5xx, latency, malformed bodies, resets).
 *
 * ```ts
 * await using tracker = await createTrackerEmulator();
 * // YANDEX_TRACKER_API_BASE=tracker.url YANDEX_TRACKER_TOKEN=tracker.token YANDEX_ORG_ID=tracker.orgId
 *
 * // Yandex OAuth on the same origin: oauthBase = tracker.oauth.base (`<url>/oauth.yandex.ru`),
 * // loginBase = tracker.oauth.loginBase (`<url>/login.yandex.ru`).
 * tracker.oauth.addRedirectUri('http://127.0.0.1:3000/oauth/callback');
 * // GET …/authorize?response_type=code&client_id&redirect_uri&state&login_hint=bob → 302 ?code=…
 * // POST …/token grant_type=authorization_code|refresh_token → {access_token, refresh_token, expires_in}
 *
 * // Service-account IAM: a key file bound to a user, its PS256 JWT exchanged at tracker.iam.tokenUrl.
 * const keyFile = await tracker.iam.createKey({ login: 'carol' });
 * ```
 */
import {
  compilePathPattern,
  createFakeApi,
  type FakeApi,
  type FakeRequest,
  type FakeResponse,
  type FaultControl,
  type RecordedRequest,
} from '@toolsmith/testing';
import { IamService } from './auth/iam-service.ts';
import { IAM_TOKENS_PATH, iamRoutes } from './auth/iam-routes.ts';
import {
  createServiceAccountKey,
  IAM_TOKEN_AUDIENCE,
  type ServiceAccountKeyFile,
  type ServiceAccountKeyOptions,
} from './auth/service-account-key.ts';
import {
  YandexOAuthRegistry,
  type YandexOAuthApp,
  type YandexTokenResponse,
} from './auth/yandex-oauth-registry.ts';
import { LOGIN_PREFIX, OAUTH_PREFIX, yandexOAuthRoutes } from './auth/yandex-oauth-routes.ts';
import { toFakeRoutes, type TrackerRoute } from './router.ts';
import { forgetScrolls } from './routes/issues.ts';
import { allRoutes } from './routes/index.ts';
import { createSeedState } from './seed.ts';
import { TrackerHttpError } from './tracker-error.ts';
import { cloneState, type TrackerState } from './tracker-state.ts';

/** The default Yandex OAuth app and the token lifetimes. */
export interface TrackerOAuthOptions {
  /** Default `emulator-client-id`. */
  clientId?: string;
  /** Default `emulator-client-secret`. */
  clientSecret?: string;
  /** The app's Callback URLs (exact match). Default none: add them with `oauth.addRedirectUri()`. */
  redirectUris?: string[];
  /** Shown on the consent page. Default `Emulator App`. */
  name?: string;
  /** `expires_in` of access (and refresh) tokens. Default a year, as Yandex's usual tokens. */
  accessTokenTtlSeconds?: number;
  /** How long a confirmation code may wait for its exchange. Default 10 minutes (Yandex's). */
  codeTtlMs?: number;
}

/** Yandex OAuth (oauth.yandex.ru) and Yandex ID (login.yandex.ru/info) on the emulator's origin. */
export interface TrackerOAuth {
  readonly clientId: string;
  readonly clientSecret: string;
  /** `<url>/oauth.yandex.ru` — `https://oauth.yandex.ru` in production (`/authorize`, `/token` below it). */
  readonly base: string;
  readonly authorizeUrl: string;
  readonly tokenUrl: string;
  /** `<url>/login.yandex.ru` — `https://login.yandex.ru` in production (`/info` below it). */
  readonly loginBase: string;
  readonly infoUrl: string;
  readonly apps: readonly YandexOAuthApp[];
  /** `expires_in` of tokens issued from now on (seconds). */
  accessTokenTtlSeconds: number;
  addApp(app: {
    clientId: string;
    clientSecret?: string;
    redirectUris?: string[];
    name?: string;
  }): YandexOAuthApp;
  addRedirectUri(uri: string, clientId?: string): void;
  /** A token pair as if `login` (login, email or uid) had logged in, without the flow. */
  issueToken(login: string, clientId?: string): YandexTokenResponse;
  /** Revokes an access token: Tracker and /info answer 401 from then on. */
  revokeToken(accessToken: string): boolean;
}

/** Yandex Cloud IAM's service-account token exchange on the emulator's origin. */
export interface TrackerIam {
  /** `<url>/iam/v1/tokens` — `https://iam.api.cloud.yandex.net/iam/v1/tokens` in production. */
  readonly tokenUrl: string;
  /** The `aud` a service account's JWT must carry (the production URL, wherever the emulator runs). */
  readonly audience: string;
  /** Lifetime of IAM tokens issued from now on (ms). */
  tokenTtlMs: number;
  /**
   * A new authorized key file (Yandex's JSON format) whose public key the emulator accepts, for a
   * service account acting in Tracker as `login` (default the seed's `me`, alice).
   */
  createKey(options?: ServiceAccountKeyOptions & { login?: string }): Promise<ServiceAccountKeyFile>;
  /** Accepts an existing key file's public key, bound to `login` (default alice). */
  addKey(
    file: Pick<ServiceAccountKeyFile, 'id' | 'service_account_id' | 'public_key'>,
    login?: string,
  ): Promise<void>;
  removeKey(keyId: string): boolean;
  revokeToken(iamToken: string): boolean;
}

export interface TrackerEmulatorOptions {
  /** OAuth token the emulator accepts (`Authorization: OAuth <token>`). Default `emulator-oauth-token`. */
  token?: string;
  /** IAM token accepted as `Authorization: Bearer <token>` (Cloud organisations only). Default `emulator-iam-token`. */
  iamToken?: string;
  /** Where to listen. Default 127.0.0.1 on a free port. */
  listen?: { host?: string; port?: number };
  /** Yandex 360 organisation id (`X-Org-ID`). Default `7700001`. */
  orgId?: string;
  /** Cloud organisation id (`X-Cloud-Org-ID`). Default `bpf-emulator-cloud-org`. */
  cloudOrgId?: string;
  /**
   * Starting state; default the seed data. `reset()` goes back to a copy of it as it was when the
   * emulator was created.
   */
  state?: TrackerState;
  /** Extra routes tried before the built-in ones. */
  routes?: readonly TrackerRoute[];
  /** The default Yandex OAuth app and the token lifetimes. */
  oauth?: TrackerOAuthOptions;
  /** IAM token lifetime (ms). Default 12 hours, as Yandex Cloud's. */
  iamTokenTtlMs?: number;
  /** The clock (ms) of tokens, codes and the API's dates. Default `Date.now`. */
  now?: () => number;
}

/** A failure after the request was handled (its change made). */
export interface AfterHandlingFault {
  method: string;
  /** A path pattern, e.g. `/v3/issues` or `/v3/issues/:key/comments`. */
  path: string;
  /** Answer this status (a 5xx) after the change was made… */
  status?: number;
  /** …or never answer (the client times out) after the change was made. */
  timeout?: boolean;
  /** How many matching requests. Default 1. */
  times?: number;
}

export interface TrackerEmulator extends AsyncDisposable {
  readonly url: string;
  readonly token: string;
  readonly iamToken: string;
  readonly orgId: string;
  readonly cloudOrgId: string;
  readonly state: TrackerState;
  readonly oauth: TrackerOAuth;
  readonly iam: TrackerIam;
  readonly faults: FaultControl;
  readonly requests: readonly RecordedRequest[];
  readonly api: FakeApi;
  /**
   * After the next `times` matching requests are HANDLED (the change is made), answer `status`
   * instead, or (`timeout: true`) never answer, so the client times out: the "5xx after the write
   * happened" case that makes naive retries duplicate data.
   */
  failAfterHandling(fault: AfterHandlingFault): void;
  /**
   * Puts the emulator back as it was created, for adversarial runs that call it thousands of times:
   * `state` becomes a fresh copy of the starting state (the seed: same ids, keys, sequences), the
   * same object mutated in place so references to `state` stay valid (references to its arrays and
   * records do not); `requests`, pending faults, after-handling faults, open scrolls and pending
   * OAuth codes are forgotten. OAuth apps and tokens, IAM keys and tokens stay (credentials, not
   * tracker data). Synchronous; call it between requests, not while one is in flight.
   */
  reset(): void;
  close(): Promise<void>;
}

export async function createTrackerEmulator(options: TrackerEmulatorOptions = {}): Promise<TrackerEmulator> {
  const token = options.token ?? 'emulator-oauth-token';
  const iamToken = options.iamToken ?? 'emulator-iam-token';
  const orgId = options.orgId ?? '7700001';
  const cloudOrgId = options.cloudOrgId ?? 'bpf-emulator-cloud-org';
  const state = options.state ?? createSeedState();
  // What reset() restores: a private copy nobody else can change.
  const template = cloneState(state);
  const now = options.now ?? Date.now;

  const registry = new YandexOAuthRegistry({
    state,
    now,
    accessTokenTtlSeconds: options.oauth?.accessTokenTtlSeconds ?? 31_536_000,
    codeTtlMs: options.oauth?.codeTtlMs ?? 600_000,
  });
  const defaultApp = registry.addApp({
    clientId: options.oauth?.clientId ?? 'emulator-client-id',
    clientSecret: options.oauth?.clientSecret ?? 'emulator-client-secret',
    redirectUris: options.oauth?.redirectUris ?? [],
    name: options.oauth?.name ?? 'Emulator App',
  });
  const iamService = new IamService({ now, tokenTtlMs: options.iamTokenTtlMs ?? 12 * 3_600_000 });

  /** The caller's login and whether an IAM token (Bearer) was used; 401 for anything else. */
  const caller = (auth: string): { login: string; iam: boolean } => {
    const unauthorized = () => new TrackerHttpError(401, 'Не авторизован. Unauthorized.');
    const [scheme, credential] = auth.split(' ', 2) as [string, string | undefined];
    if (credential === undefined || credential === '') throw unauthorized();
    if (scheme === 'OAuth') {
      if (credential === token) return { login: state.me, iam: false };
      const found = registry.lookup(credential);
      if (typeof found === 'object') return { login: found.login, iam: false };
    } else if (scheme === 'Bearer') {
      if (credential === iamToken) return { login: state.me, iam: true };
      const found = iamService.lookup(credential);
      if (typeof found === 'object') return { login: found.login, iam: true };
    }
    throw unauthorized();
  };

  const authenticate = (request: FakeRequest): string => {
    const org = request.headers['x-org-id'];
    const cloudOrg = request.headers['x-cloud-org-id'];
    const { login, iam } = caller(request.headers['authorization'] ?? '');
    if (org !== undefined && cloudOrg !== undefined) {
      throw new TrackerHttpError(400, 'Only one of X-Org-ID or X-Cloud-Org-ID may be sent.');
    }
    if (iam && cloudOrg === undefined) {
      throw new TrackerHttpError(403, 'IAM token works only with cloud organizations (X-Cloud-Org-ID).');
    }
    if ((org === undefined || org !== orgId) && (cloudOrg === undefined || cloudOrg !== cloudOrgId)) {
      throw new TrackerHttpError(403, 'Organization is not available, not ready or not found');
    }
    return login;
  };

  const postFaults: Array<{
    method: string;
    match: (path: string) => unknown;
    status: number;
    timeout: boolean;
    left: number;
  }> = [];
  const afterHandled = (request: FakeRequest): FakeResponse | Promise<FakeResponse> | undefined => {
    const fault = postFaults.find((f) => f.left > 0 && f.method === request.method && f.match(request.path));
    if (!fault) return undefined;
    fault.left -= 1;
    if (fault.timeout) return new Promise<FakeResponse>(() => undefined);
    return new TrackerHttpError(
      fault.status,
      'Внутренняя ошибка сервера. Internal server error.',
    ).toResponse();
  };

  const api = await createFakeApi({
    ...options.listen,
    routes: {
      ...yandexOAuthRoutes(state, registry),
      ...iamRoutes(iamService),
      ...toFakeRoutes({
        state,
        routes: [...(options.routes ?? []), ...allRoutes()],
        authenticate,
        now,
        afterHandled,
      }),
    },
    handler: (request) =>
      new TrackerHttpError(404, `Ресурс ${request.method} ${request.path} не найден.`).toResponse(),
  });

  return {
    url: api.url,
    token,
    iamToken,
    orgId,
    cloudOrgId,
    state,
    oauth: {
      clientId: defaultApp.clientId,
      clientSecret: defaultApp.clientSecret,
      base: `${api.url}${OAUTH_PREFIX}`,
      authorizeUrl: `${api.url}${OAUTH_PREFIX}/authorize`,
      tokenUrl: `${api.url}${OAUTH_PREFIX}/token`,
      loginBase: `${api.url}${LOGIN_PREFIX}`,
      infoUrl: `${api.url}${LOGIN_PREFIX}/info`,
      get apps() {
        return registry.apps;
      },
      get accessTokenTtlSeconds() {
        return registry.accessTokenTtlSeconds;
      },
      set accessTokenTtlSeconds(seconds: number) {
        registry.accessTokenTtlSeconds = seconds;
      },
      addApp: (app) =>
        registry.addApp({
          clientSecret: `${app.clientId}-secret`,
          name: app.clientId,
          ...app,
          redirectUris: app.redirectUris ?? [],
        }),
      addRedirectUri(uri, clientId = defaultApp.clientId) {
        const app = registry.app(clientId);
        if (!app) throw new Error(`No OAuth app ${clientId} in the emulator: add it with oauth.addApp().`);
        if (!app.redirectUris.includes(uri)) app.redirectUris.push(uri);
      },
      issueToken: (login, clientId) => registry.issueToken(login, clientId),
      revokeToken: (accessToken) => registry.revoke(accessToken),
    },
    iam: {
      tokenUrl: `${api.url}${IAM_TOKENS_PATH}`,
      audience: IAM_TOKEN_AUDIENCE,
      get tokenTtlMs() {
        return iamService.tokenTtlMs;
      },
      set tokenTtlMs(ms: number) {
        iamService.tokenTtlMs = ms;
      },
      async createKey({ login, ...keyOptions } = {}) {
        const file = await createServiceAccountKey(keyOptions);
        await iamService.addKey(file, login ?? state.me);
        return file;
      },
      addKey: (file, login) => iamService.addKey(file, login ?? state.me),
      removeKey: (keyId) => iamService.removeKey(keyId),
      revokeToken: (revoked) => iamService.revoke(revoked),
    },
    faults: api.faults,
    requests: api.requests,
    api,
    failAfterHandling({ method, path, status = 500, timeout = false, times = 1 }) {
      const pattern = compilePathPattern(path);
      postFaults.push({
        method: method.toUpperCase(),
        match: (p) => pattern.match(p),
        status,
        timeout,
        left: times,
      });
    },
    reset() {
      api.reset();
      postFaults.length = 0;
      forgetScrolls(state);
      registry.forgetCodes();
      const fresh = cloneState(template);
      for (const key of Object.keys(state))
        if (!(key in fresh)) delete (state as Partial<TrackerState>)[key as keyof TrackerState];
      Object.assign(state, fresh);
    },
    close: () => api.close(),
    [Symbol.asyncDispose]: () => api.close(),
  };
}
