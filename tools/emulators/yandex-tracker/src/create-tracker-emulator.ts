/**
 * The Yandex Tracker emulator: a real HTTP server on 127.0.0.1 (the fake API of @toolsmith/testing)
 * with in-memory state, the API's auth and organisation checks, its error bodies and pagination, and
 * fault injection (`emulator.faults`: 429 with Retry-After, 5xx, latency, malformed bodies, resets).
 *
 * ```ts
 * await using tracker = await createTrackerEmulator();
 * // YANDEX_TRACKER_API_BASE=tracker.url YANDEX_TRACKER_TOKEN=tracker.token YANDEX_ORG_ID=tracker.orgId
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
import { toFakeRoutes, type TrackerRoute } from './router.ts';
import { forgetScrolls } from './routes/issues.ts';
import { allRoutes } from './routes/index.ts';
import { createSeedState } from './seed.ts';
import { TrackerHttpError } from './tracker-error.ts';
import { cloneState, type TrackerState } from './tracker-state.ts';

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
   * records do not); `requests`, pending faults, after-handling faults and open scrolls are
   * forgotten. Synchronous; call it between requests, not while one is in flight.
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

  const authenticate = (request: FakeRequest): string => {
    const auth = request.headers['authorization'] ?? '';
    const org = request.headers['x-org-id'];
    const cloudOrg = request.headers['x-cloud-org-id'];
    const oauth = auth === `OAuth ${token}`;
    const iam = auth === `Bearer ${iamToken}`;
    if (!oauth && !iam) {
      throw new TrackerHttpError(401, 'Не авторизован. Unauthorized.');
    }
    if (org !== undefined && cloudOrg !== undefined) {
      throw new TrackerHttpError(400, 'Only one of X-Org-ID or X-Cloud-Org-ID may be sent.');
    }
    if (iam && cloudOrg === undefined) {
      throw new TrackerHttpError(403, 'IAM token works only with cloud organizations (X-Cloud-Org-ID).');
    }
    if ((org === undefined || org !== orgId) && (cloudOrg === undefined || cloudOrg !== cloudOrgId)) {
      throw new TrackerHttpError(403, 'Organization is not available, not ready or not found');
    }
    return state.me;
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
    routes: toFakeRoutes({
      state,
      routes: [...(options.routes ?? []), ...allRoutes()],
      authenticate,
      now: () => Date.now(),
      afterHandled,
    }),
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
      const fresh = cloneState(template);
      for (const key of Object.keys(state))
        if (!(key in fresh)) delete (state as Partial<TrackerState>)[key as keyof TrackerState];
      Object.assign(state, fresh);
    },
    close: () => api.close(),
    [Symbol.asyncDispose]: () => api.close(),
  };
}
