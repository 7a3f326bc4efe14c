/**
 * The ClickUp emulator: a real HTTP server on 127.0.0.1 (the fake API of @toolsmith/testing) serving
 * the API v2 under `/api/v2` (and the v3 routes for moving tasks and docs under `/api/v3`) over an
 * in-memory workspace, with the API's auth, `{err, ECODE}` errors, paging, quirks, per-token rate
 * limit, signed webhook deliveries and fault injection.
 *
 * ```ts
 * await using clickup = await createClickUpEmulator();
 * // CLICKUP_API_BASE=clickup.url CLICKUP_API_TOKEN=clickup.token CLICKUP_TEAM_ID=clickup.teamId
 * clickup.faults.add({ kind: 'status', status: 503, path: '/api/v2/task/:id' });  // before handling
 * clickup.failAfterHandling({ method: 'POST', path: '/list/:list_id/task', status: 502 }); // ambiguous create
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
import { createRateLimiter, type RateLimiter } from './rate-limiter.ts';
import { toFakeRoutes, type ClickUpRoute } from './router.ts';
import { allRoutes } from './routes/index.ts';
import type { OAuthApp } from './routes/workspace.ts';
import { createSeedState } from './seed.ts';
import { createWebhookDispatcher, type WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

export interface ClickUpEmulatorOptions {
  /** Personal token, sent bare as `Authorization: <token>`. Default `pk_81000001_…`. */
  token?: string;
  /** The OAuth app: the code exchange and the access token accepted as `Authorization: Bearer <token>`. */
  oauth?: Partial<OAuthApp>;
  /** Where to listen. Default 127.0.0.1 on a free port. */
  listen?: { host?: string; port?: number };
  /** Starting state; default the seed workspace. */
  state?: ClickUpState;
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
  /** The personal token (`pk_…`). */
  readonly token: string;
  readonly oauth: OAuthApp;
  /** The workspace ("team") id. */
  readonly teamId: string;
  readonly state: ClickUpState;
  /** Faults applied BEFORE a request is handled: 429, 5xx, latency, connection resets, hangs. */
  readonly faults: FaultControl;
  /** Every request received (live array). */
  readonly requests: readonly RecordedRequest[];
  readonly rateLimit: RateLimiter;
  readonly webhooks: WebhookDispatcher;
  readonly api: FakeApi;
  /**
   * After the next `times` matching requests are HANDLED (the task is created, the change made),
   * answer a 5xx or never answer: the ambiguous write that makes naive retries duplicate data.
   */
  failAfterHandling(fault: AfterHandlingFault): void;
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'pk_81000001_EMULATOR0CLICKUP0PERSONAL0TOKEN0';

export async function createClickUpEmulator(options: ClickUpEmulatorOptions = {}): Promise<ClickUpEmulator> {
  const token = options.token ?? DEFAULT_TOKEN;
  const oauth: OAuthApp = {
    clientId: 'EMULATORCLIENTID',
    clientSecret: 'EMULATORCLIENTSECRET',
    code: 'EMULATORCODE',
    accessToken: '81000001_emulator0oauth0access0token',
    ...options.oauth,
  };
  const state = options.state ?? createSeedState();
  const now = options.now ?? Date.now;
  const rateLimit = createRateLimiter(options.rateLimitPerMinute ?? 10_000, now);
  const webhooks = createWebhookDispatcher(state, { now, timeoutMs: options.webhookTimeoutMs });

  const authenticate = (request: FakeRequest) => {
    const auth = request.headers['authorization'];
    if (auth === undefined || auth.trim() === '') throw authHeaderRequired();
    if (auth === token) return { userId: state.me, token };
    if (auth === `Bearer ${oauth.accessToken}`) return { userId: state.me, token: oauth.accessToken };
    throw tokenInvalid();
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
        ...allRoutes({ oauth, customFieldUseLimit: options.customFieldUseLimit ?? Infinity }),
      ],
      authenticate,
      rateLimiter: rateLimit,
      webhooks,
      now,
      afterHandled,
    }),
    handler: () => routeNotFound().toResponse(),
  });

  const close = async () => {
    await api.close();
    await webhooks.settled();
  };
  return {
    url: `${api.url}/api/v2`,
    v3Url: `${api.url}/api/v3`,
    origin: api.url,
    token,
    oauth,
    teamId: state.team.id,
    state,
    faults: api.faults,
    requests: api.requests,
    rateLimit,
    webhooks,
    api,
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
