/**
 * The ClickUp emulator: a real HTTP server on 127.0.0.1 (the fake API of @toolsmith/testing) serving
 * the API v2 under `/api/v2` (and the v3 routes for moving tasks and docs under `/api/v3`) over an
 * in-memory workspace, with the API's auth, `{err, ECODE}` errors, paging, quirks, per-token rate
 * limit, signed webhook deliveries and fault injection.
 *
 * ```ts
 * await using clickup = await createClickUpEmulator();
 * // CLICKUP_API_BASE=clickup.url CLICKUP_API_TOKEN=clickup.token CLICKUP_TEAM_ID=clickup.teamId
 * clickup.personalToken('bob@example.com'); // another user's own pk_… token
 *
 * // OAuth (research §2.1): the authorize URL and the code exchange on the same origin.
 * clickup.oauth.addRedirectUri('http://127.0.0.1:3000/oauth/callback');
 * // GET clickup.oauth.authorizeUrl?client_id=…&redirect_uri=…&state=…&login_hint=bob@example.com
 * //   → 302 redirect_uri?code=…&state=…; POST clickup.oauth.tokenUrl?client_id&client_secret&code
 * //   → { access_token }, then Authorization: Bearer <token> acts as Bob.
 * clickup.faults.add({ kind: 'status', status: 503, path: '/api/v2/task/:id' });  // before handling
 * clickup.failAfterHandling({ method: 'POST', path: '/list/:list_id/task', status: 502 }); // ambiguous create
 *
 * // Adversarial runs: one emulator, a fresh seed before each call (about 0.1 ms), writes read back.
 * clickup.reset();
 * const mark = clickup.requests.length;
 * // … one call …
 * expect(clickup.writes(mark)).toEqual([]); // nothing but GETs reached the API
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
import { authHeaderRequired, routeNotFound, serverError, tokenInvalid } from './clickup-error.ts';
import type { ClickUpState } from './clickup-state.ts';
import { findAnyUser, resolveUser, workspacesOf } from './members.ts';
import { OAuthRegistry, type IssueTokenOptions, type OAuthAppConfig } from './oauth/oauth-registry.ts';
import { oauthRoutes } from './oauth/oauth-routes.ts';
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { toFakeRoutes, type Caller, type ClickUpRoute } from './router.ts';
import { allRoutes } from './routes/index.ts';
import { createSeedState, type SeedOptions } from './seed.ts';
import { serveAttachmentsAt } from './attachment-origin.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

/** The default OAuth app and the OAuth settings. */
export interface ClickUpOAuthOptions {
  /** Default `EMULATORCLIENTID`. */
  clientId?: string;
  /** Default `EMULATORCLIENTSECRET`. */
  clientSecret?: string;
  /** The app's Redirect URLs (exact match). Default none: add them with `oauth.addRedirectUri()`. */
  redirectUris?: string[];
  /** The app's name on the consent page. Default `Emulator App`. */
  name?: string;
  /**
   * A token issued up front to the personal token's owner (Alice) for every workspace she is a
   * member of, accepted as `Authorization: Bearer <token>`. Default `81000001_emulator0oauth0access0token`.
   */
  accessToken?: string;
  /** How long an authorization code may wait for its exchange. Default 10 minutes (emulator's choice). */
  codeTtlMs?: number;
}

/** The emulator's OAuth: ClickUp's authorization-code flow on the emulator's origin. */
export interface ClickUpOAuth {
  /** The default app's client id. */
  readonly clientId: string;
  readonly clientSecret: string;
  /** `http://127.0.0.1:<port>/api` — app.clickup.com/api in production. */
  readonly authorizeUrl: string;
  /** `http://127.0.0.1:<port>/api/v2/oauth/token` — the code exchange (query parameters). */
  readonly tokenUrl: string;
  /** The token issued up front to Alice (option `oauth.accessToken`). */
  readonly accessToken: string;
  /** Every configured app, the default one first. */
  readonly apps: readonly OAuthAppConfig[];
  /** Configures another app; its client id must be new. Secret and name get defaults. */
  addApp(app: {
    clientId: string;
    clientSecret?: string;
    redirectUris?: string[];
    name?: string;
  }): OAuthAppConfig;
  /** Allows one more Redirect URL for an app (default the default app). */
  addRedirectUri(uri: string, clientId?: string): void;
  /** A token as if `user` (id, email or username) had logged in: every workspace of theirs unless `teamIds`. */
  issueToken(user: number | string, options?: IssueTokenOptions): string;
  /** Revokes an OAuth token (the user removed the app): 401 OAUTH_025 from then on. */
  revokeToken(token: string): boolean;
}

export interface ClickUpEmulatorOptions {
  /**
   * The personal token of the seed's token owner (Alice, `state.me`), sent bare as `Authorization:
   * <token>`. Default `pk_81000001_…`. Every other user has `personalToken(user)`.
   */
  token?: string;
  /** The default OAuth app and the code lifetime. */
  oauth?: ClickUpOAuthOptions;
  /** Where to listen. Default 127.0.0.1 on a free port. */
  listen?: { host?: string; port?: number };
  /**
   * Starting state; default the seed workspace (`createSeedState({ workspaces, timezone })`). A state
   * given here is deep-copied when the emulator starts: `reset()` goes back to that copy.
   */
  state?: ClickUpState;
  /**
   * Workspaces the token sees (`GET /team`) when `state` is not given: 1 (default) or 2 to 4 — the
   * extra ones are empty (SEED_OTHER_TEAMS), for a server started without CLICKUP_TEAM_ID.
   */
  workspaces?: SeedOptions['workspaces'];
  /** The token owner's IANA time zone (`GET /user` → `timezone`) when `state` is not given. Default SEED_TIMEZONE. */
  timezone?: SeedOptions['timezone'];
  /** Requests per token per minute before 429 (research §2.2). Default 10,000 (Enterprise). */
  rateLimitPerMinute?: number;
  /** Custom-field value sets allowed in all (Free Forever: 60); beyond it FIELD_033. Default unlimited. */
  customFieldUseLimit?: number;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
  /** How long a webhook receiver may take. Default 7 s, as ClickUp. */
  webhookTimeoutMs?: number;
  /** Extra routes tried before the built-in ones. */
  routes?: readonly ClickUpRoute[];
}

export interface AfterHandlingFault {
  method: string;
  /** A path pattern; without the `/api/v2` or `/api/v3` prefix it means `/api/v2…`. */
  path: string;
  /** Answer this status (a 5xx) after the change was made… */
  status?: number;
  /** …or never answer (the client times out) after the change was made. */
  timeout?: boolean;
  /** How many matching requests. Default 1. */
  times?: number;
}

export interface ClickUpEmulator extends AsyncDisposable {
  /** The API v2 base, `http://127.0.0.1:<port>/api/v2` (what a client's base URL is set to). */
  readonly url: string;
  /** The API v3 base, `http://127.0.0.1:<port>/api/v3`. */
  readonly v3Url: string;
  /** `http://127.0.0.1:<port>`. */
  readonly origin: string;
  /** The personal token (`pk_…`) of the token owner, Alice (`state.me`). */
  readonly token: string;
  readonly oauth: ClickUpOAuth;
  /**
   * A user's own personal token (`pk_<id>_…`), the user named by id, email or username: a second
   * API identity for tests of attribution. Alice's is `token`.
   */
  personalToken(user: number | string): string;
  /** The workspace ("team") id. */
  readonly teamId: string;
  /** The live state. Always the same object: `reset()` refills it in place, so a reference stays valid. */
  readonly state: ClickUpState;
  /** Faults applied BEFORE a request is handled: 429, 5xx, latency, connection resets, hangs. */
  readonly faults: FaultControl;
  /** Every request received since the start or the last `reset()` (live array; `reset()` empties it). */
  readonly requests: readonly RecordedRequest[];
  readonly rateLimit: RateLimiter;
  readonly webhooks: WebhookDispatcher;
  readonly api: FakeApi;
  /**
   * After the next `times` matching requests are HANDLED (the task is created, the change made),
   * answer a 5xx or never answer: the ambiguous write that makes naive retries duplicate data.
   */
  failAfterHandling(fault: AfterHandlingFault): void;
  /**
   * Back to the starting state, cheaply (about 0.1 ms: meant to run before each of thousands of
   * calls): the state is refilled in place with a fresh seed (the same ids as `createSeedState()`, or
   * a new copy of the `state` option); recorded requests, pending faults (before and after handling),
   * rate-limit windows (and `rateLimit.perMinute`, back to the option), webhook deliveries (those in
   * flight are aborted), pending OAuth codes and the in-flight high-water mark are forgotten. OAuth
   * apps and issued tokens stay (credentials, not workspace data). The server keeps listening.
   */
  reset(): void;
  /**
   * The recorded requests that may change something — every method but GET and HEAD (the OAuth code
   * exchange included) — from index `since` of `requests` on: take `requests.length` before a call,
   * pass it after.
   */
  writes(since?: number): RecordedRequest[];
  close(): Promise<void>;
}

/** A deep copy of plain state (objects, arrays, primitives, attachment bytes): 2–3× structuredClone's speed. */
function copyState<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copyState) as T;
  if (value instanceof Uint8Array) return value.slice() as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copyState(item);
  return copy as T;
}

export const DEFAULT_TOKEN = 'pk_81000001_EMULATOR0CLICKUP0PERSONAL0TOKEN0';

/** Every user's personal token but the token owner's (whose is the `token` option): `pk_<id>_…`. */
const PERSONAL_TOKEN = /^pk_(\d+)_EMULATOR0CLICKUP0PERSONAL0TOKEN0$/;
const personalTokenOf = (userId: number) => `pk_${userId}_EMULATOR0CLICKUP0PERSONAL0TOKEN0`;

export async function createClickUpEmulator(options: ClickUpEmulatorOptions = {}): Promise<ClickUpEmulator> {
  const token = options.token ?? DEFAULT_TOKEN;
  const seedOptions: SeedOptions = {
    ...(options.workspaces === undefined ? {} : { workspaces: options.workspaces }),
    ...(options.timezone === undefined ? {} : { timezone: options.timezone }),
  };
  const initial = options.state === undefined ? undefined : copyState(options.state);
  const freshState = () => (initial ? copyState(initial) : createSeedState(seedOptions));
  const state = options.state ?? freshState();
  const now = options.now ?? Date.now;
  const perMinute = options.rateLimitPerMinute ?? 10_000;
  const rateLimit = createRateLimiter(perMinute, now);
  const webhooks = createWebhookDispatcher(state, { now, timeoutMs: options.webhookTimeoutMs });

  const registry = new OAuthRegistry({ state, now, codeTtlMs: options.oauth?.codeTtlMs ?? 600_000 });
  const defaultApp = registry.addApp({
    clientId: options.oauth?.clientId ?? 'EMULATORCLIENTID',
    clientSecret: options.oauth?.clientSecret ?? 'EMULATORCLIENTSECRET',
    redirectUris: options.oauth?.redirectUris ?? [],
    name: options.oauth?.name ?? 'Emulator App',
  });
  const accessToken = options.oauth?.accessToken ?? '81000001_emulator0oauth0access0token';
  registry.register(accessToken, {
    clientId: defaultApp.clientId,
    userId: state.me,
    teamIds: workspacesOf(state, state.me),
  });

  const personalTokenOwner = (auth: string): number | undefined => {
    if (auth === token) return state.me;
    const id = Number(PERSONAL_TOKEN.exec(auth)?.[1]);
    return id !== state.me && findAnyUser(state, id) ? id : undefined;
  };
  const authenticate = (request: FakeRequest): Caller => {
    const auth = request.headers['authorization'];
    if (auth === undefined || auth.trim() === '') throw authHeaderRequired();
    if (auth.startsWith('Bearer ')) {
      const bearer = auth.slice('Bearer '.length);
      const grant = registry.lookup(bearer);
      if (!grant) throw tokenInvalid();
      // A workspace the user has left since the approval is no longer the token's.
      const member = workspacesOf(state, grant.userId);
      return {
        userId: grant.userId,
        token: bearer,
        teams: grant.teamIds.filter((id) => member.includes(id)),
      };
    }
    const userId = personalTokenOwner(auth);
    if (userId === undefined) throw tokenInvalid();
    return { userId, token: auth, teams: workspacesOf(state, userId) };
  };

  const postFaults: Array<{
    method: string;
    match: (path: string) => unknown;
    fault: AfterHandlingFault;
    left: number;
  }> = [];
  const afterHandled = (request: FakeRequest): Promise<FakeResponse> | FakeResponse | undefined => {
    const entry = postFaults.find((f) => f.left > 0 && f.method === request.method && f.match(request.path));
    if (!entry) return undefined;
    entry.left -= 1;
    if (entry.fault.timeout) return new Promise<FakeResponse>(() => undefined);
    return serverError(entry.fault.status ?? 500).toResponse();
  };

  const api = await createFakeApi({
    ...options.listen,
    routes: toFakeRoutes({
      state,
      routes: [
        ...(options.routes ?? []),
        ...oauthRoutes(registry),
        ...allRoutes({ customFieldUseLimit: options.customFieldUseLimit ?? Infinity }),
      ],
      authenticate,
      rateLimiter: rateLimit,
      webhooks,
      now,
      afterHandled,
    }),
    handler: () => routeNotFound().toResponse(),
  });

  serveAttachmentsAt(state, api.url);
  const close = async () => {
    await api.close();
    await webhooks.settled();
  };
  return {
    url: `${api.url}/api/v2`,
    v3Url: `${api.url}/api/v3`,
    origin: api.url,
    token,
    oauth: {
      clientId: defaultApp.clientId,
      clientSecret: defaultApp.clientSecret,
      authorizeUrl: `${api.url}/api`,
      tokenUrl: `${api.url}/api/v2/oauth/token`,
      accessToken,
      get apps() {
        return registry.apps;
      },
      addApp: (app) =>
        registry.addApp({
          clientSecret: `${app.clientId}SECRET`,
          name: app.clientId,
          ...app,
          redirectUris: app.redirectUris ?? [],
        }),
      addRedirectUri(uri, clientId = defaultApp.clientId) {
        const app = registry.apps.find((a) => a.clientId === clientId);
        if (!app) throw new Error(`No OAuth app ${clientId} in the emulator: add it with oauth.addApp().`);
        if (!app.redirectUris.includes(uri)) app.redirectUris.push(uri);
      },
      issueToken: (user, issueOptions) => registry.issueToken(user, issueOptions),
      revokeToken: (revoked) => registry.revoke(revoked),
    },
    personalToken(user) {
      const found = resolveUser(state, user);
      if (!found) throw new Error(`No user ${String(user)} in the emulator: give an id, email or username.`);
      return found.id === state.me ? token : personalTokenOf(found.id);
    },
    teamId: state.team.id,
    state,
    faults: api.faults,
    requests: api.requests,
    rateLimit,
    webhooks,
    api,
    reset() {
      const fresh = freshState();
      for (const key of Object.keys(state) as Array<keyof ClickUpState>) {
        if (!(key in fresh)) delete (state as Partial<ClickUpState>)[key];
      }
      Object.assign(state, fresh);
      api.reset();
      postFaults.length = 0;
      rateLimit.reset();
      rateLimit.perMinute = perMinute;
      webhooks.reset();
      registry.forgetCodes();
    },
    writes(since = 0) {
      return api.requests.slice(since).filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
    },
    failAfterHandling(fault) {
      const path = fault.path.startsWith('/api/') ? fault.path : `/api/v2${fault.path}`;
      const pattern = compilePathPattern(path);
      postFaults.push({
        method: fault.method.toUpperCase(),
        match: (p) => pattern.match(p),
        fault,
        left: fault.times ?? 1,
      });
    },
    close,
    [Symbol.asyncDispose]: close,
  };
}
