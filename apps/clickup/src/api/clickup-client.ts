/**
 * The ClickUp HTTP client: core's HTTP kit (retries honouring X-RateLimit-Reset and Retry-After,
 * bounded waits, no blind POST retries, a concurrency cap, redaction) with ClickUp's auth header,
 * its error body, its workspace (resolved once from GET /team when not configured) and task
 * references: a custom id ("DEV-123") gets `custom_task_ids=true&team_id=…` on every task-scoped
 * request, automatically.
 *
 * API errors are translated to their real cause. ClickUp answers 401 "Team not authorized" both for
 * a workspace the token does not see and for a task id that does not exist (a custom id included),
 * which reads like a token problem. When a request fails that way and the token itself is valid
 * (GET /team answers, once, cached), the error says what is missing: "No task DEV-99999 in workspace
 * …, find tasks with clickup_search_tasks" (a NotFoundError), or that CLICKUP_TEAM_ID names a
 * workspace the token does not see (a user-facing configuration error listing the ones it does).
 * Several workspaces and no CLICKUP_TEAM_ID is a user-facing configuration error naming them.
 *
 * One client serves one caller: the server's token (`authorization` a string), or a user of the
 * built-in authorization server (`authorization` a function, asked before every request, so a
 * token the vault replaced is used at once). `inWorkspace(id)` is the same client working in the
 * workspace a call chose (`team_id`): same connection limits, same list of workspaces.
 */
import {
  apiClientTuning,
  apiRequest,
  AuthError,
  createHttpClient,
  TtlCache,
  type ApiClientSettings,
  type HttpResponse,
  type Query,
  type ResponseType,
} from '@toolsmith/core';
import { parseClickUpError } from './clickup-error-body.ts';
import { NOT_VISIBLE } from './not-found-hint.ts';
import { CUSTOM_ID_PATTERN, parseTaskRef, type TaskRef } from './task-ref.ts';
import {
  taskNotInWorkspace,
  workspaceNotChosen,
  workspaceNotFound,
  workspaceNotVisible,
  type Workspace,
} from './workspace-errors.ts';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** With core's client settings (timeout, retries, concurrency — default 4 — and the rate-limit wait). */
export interface ClickUpClientOptions extends ApiClientSettings {
  baseUrl: string;
  /**
   * The `Authorization` header value (see config.ts authorizationFor), or a function that gives it
   * for each request (the calling user's token, read from the authorization server's vault).
   */
  authorization: string | (() => string | Promise<string>);
  /** The configured workspace; else resolved from GET /team. */
  teamId?: string | undefined;
  /**
   * The token is a signed-in user's (`--auth builtin`): a token ClickUp refuses (revoked in ClickUp,
   * the app uninstalled) is explained as a sign-in to renew, not as CLICKUP_API_TOKEN to fix.
   */
  signedIn?: boolean;
}

export interface ClickUpRequest {
  query?: Query;
  json?: unknown;
  body?: FormData | Uint8Array<ArrayBuffer>;
  contentType?: string;
  signal?: AbortSignal | undefined;
  /** Safe to send twice. Default: every verb but POST. */
  idempotent?: boolean;
  responseType?: ResponseType;
  expectStatus?: number | readonly number[];
}

export interface TeamMember {
  id: number;
  username: string | null;
  email: string | null;
  initials?: string | null;
  role?: number;
}

export interface ClickUpClient {
  request<T>(method: HttpVerb, path: string, options?: ClickUpRequest): Promise<HttpResponse<T>>;
  get<T>(path: string, options?: ClickUpRequest): Promise<T>;
  post<T>(path: string, options?: ClickUpRequest): Promise<T>;
  put<T>(path: string, options?: ClickUpRequest): Promise<T>;
  delete<T = unknown>(path: string, options?: ClickUpRequest): Promise<T>;
  /**
   * The workspace id: the one this client works in (configured, or chosen with `inWorkspace`), or
   * the only one GET /team returns (cached). Several workspaces (or none) and none chosen: a
   * user-facing configuration error naming them.
   */
  teamId(signal?: AbortSignal): Promise<string>;
  /**
   * The workspaces the token sees (GET /team, kept for a few minutes; `fresh` reads them again, e.g.
   * when a call names one not among them). A failed read is tried again next time.
   */
  workspaces(signal?: AbortSignal, options?: { fresh?: boolean }): Promise<Workspace[]>;
  /**
   * This client working in workspace `teamId` (a call's `team_id`): custom ids are sent with it, and
   * a 401 "Team not authorized" there is explained against it. Shares the connection, its limits and
   * the list of workspaces.
   */
  inWorkspace(teamId: string): ClickUpClient;
  /**
   * A task-scoped path and query for a reference in any accepted form: custom ids get
   * `custom_task_ids=true&team_id=…`. `suffix` is appended to `/task/{id}` (e.g. `/comment`).
   */
  task(ref: string | TaskRef, suffix?: string, signal?: AbortSignal): Promise<{ path: string; query: Query }>;
  /**
   * The absolute URL of an API v3 path (`/workspaces/{id}/docs`) on the same host, for the
   * endpoints v2 lacks (docs, moving a task). v3 takes no custom task ids: resolve them first.
   */
  v3(path: string): string;
  /** The real id of a task reference (one GET for a custom id, none otherwise). */
  resolveTaskId(ref: string | TaskRef, signal?: AbortSignal): Promise<string>;
}

interface TeamList {
  teams: { id: string; name: string; members?: { user: TeamMember }[] }[];
}

/** ClickUp's codes for a token it does not accept (missing, revoked, mistyped). */
const TOKEN_REFUSED: ReadonlySet<string> = new Set([
  'OAUTH_017',
  'OAUTH_019',
  'OAUTH_021',
  'OAUTH_025',
  'OAUTH_077',
]);

const tokenRefused = (error: unknown): error is AuthError =>
  AuthError.isInstance(error) && TOKEN_REFUSED.has(error.apiCode ?? '');

/** A signed-in user's token ClickUp no longer accepts: theirs to renew, by signing in again. */
function signInAgain(error: AuthError): AuthError {
  return new AuthError({
    message: `ClickUp no longer accepts your sign-in (HTTP ${error.status}${error.apiCode ? ` ${error.apiCode}` : ''}): it was revoked in ClickUp, or the app was removed from your workspace. Sign in to ClickUp again — reconnect this MCP server in your client, which opens the ClickUp login — then call again.`,
    status: error.status,
    method: error.method,
    url: error.url,
    ...(error.apiCode ? { apiCode: error.apiCode } : {}),
    ...(error.requestId ? { requestId: error.requestId } : {}),
    body: error.body,
    cause: error,
  });
}

/** GET /team is read again after this: a user who joined or left a workspace is seen without a restart. */
const WORKSPACES_TTL_MS = 5 * 60_000;

export function createClickUpClient(options: ClickUpClientOptions): ClickUpClient {
  const authorization = options.authorization;
  const http = createHttpClient({
    baseUrl: options.baseUrl,
    // A function's value is redacted as a secret header (core's request redactor) on every request.
    headers:
      typeof authorization === 'string'
        ? () => ({ authorization })
        : async () => ({ authorization: await authorization() }),
    secrets: () =>
      typeof authorization === 'string' ? [authorization, authorization.replace(/^Bearer /, '')] : [],
    parseError: parseClickUpError,
    userAgent: 'clickup-mcp/0.1.0 (toolsmith)',
    ...apiClientTuning(options, { concurrency: 4 }),
  });

  const send = <T>(method: HttpVerb, path: string, o: ClickUpRequest = {}) =>
    http.request<T>(apiRequest(method, path, o));

  // GET /team: the workspaces the token sees, kept a few minutes. A failure (network, token) is tried again next time.
  const workspaces = new TtlCache<'team', Workspace[]>({ ttlMs: WORKSPACES_TTL_MS });
  const visibleWorkspaces = (signal?: AbortSignal, fresh = false) =>
    workspaces.get(
      'team',
      () =>
        send<TeamList>('GET', '/team', signal ? { signal } : {}).then(
          ({ data }) => data.teams.map((t) => ({ id: String(t.id), name: t.name })),
          (error: unknown) => {
            throw options.signedIn && tokenRefused(error) ? signInAgain(error) : error;
          },
        ),
      fresh ? 0 : WORKSPACES_TTL_MS,
    );

  /** Whether GET /task/{ref} finds the task: true, false (401 "not visible"), undefined (anything else). */
  const taskVisible = async (ref: string, query: Query, signal?: AbortSignal) => {
    try {
      await send('GET', `/task/${encodeURIComponent(ref)}`, { query, ...(signal ? { signal } : {}) });
      return true;
    } catch (error) {
      return AuthError.isInstance(error) && NOT_VISIBLE.has(error.apiCode ?? '') ? false : undefined;
    }
  };

  const views = new Map<string, ClickUpClient>();
  return build(options.teamId, 'config');

  /**
   * The client working in `fixed` (or, undefined, in the only workspace the token sees). `source`
   * says where the workspace came from, for the error when the token does not see it.
   */
  function build(fixed: string | undefined, source: 'config' | 'call'): ClickUpClient {
    let team: Promise<string> | undefined = fixed ? Promise.resolve(fixed) : undefined;
    let resolvedTeam: string | undefined = fixed;
    const teamId = (signal?: AbortSignal) => {
      team ??= (async () => {
        const teams = await visibleWorkspaces(signal);
        if (teams.length !== 1) throw workspaceNotChosen(teams);
        resolvedTeam = teams[0]!.id;
        return resolvedTeam;
      })();
      // A failed lookup (network, token, no choice yet) is tried again on the next call.
      team.catch(() => (team = fixed ? team : undefined));
      return team;
    };

    /** The real cause of a 401 "Team not authorized", or the error as it was. Never throws. */
    const explain = async (error: unknown, method: HttpVerb, path: string, o: ClickUpRequest) => {
      if (options.signedIn && tokenRefused(error)) return signInAgain(error);
      if (!AuthError.isInstance(error) || !NOT_VISIBLE.has(error.apiCode ?? '')) return error;
      try {
        // Only with a valid token: when GET /team fails too, the token is the problem.
        const teams = await visibleWorkspaces(o.signal);
        const sees = (id: string) => teams.some((t) => t.id === id);
        const query = o.query ?? {};
        const workspaceId =
          /^\/team\/(\d+)(?:\/|$)/.exec(path)?.[1] ??
          /\/api\/v3\/workspaces\/(\d+)(?:\/|$)/.exec(path)?.[1] ??
          (typeof query['team_id'] === 'string' ? query['team_id'] : undefined);
        if (workspaceId !== undefined && !sees(workspaceId)) {
          return workspaceId === fixed && source === 'config'
            ? workspaceNotVisible(workspaceId, teams, error)
            : workspaceNotFound(workspaceId, teams, error);
        }
        const task = /^\/?task\/([^/?#]+)(\/[^?#]*)?$/.exec(path);
        if (!task) return error;
        const ref = decodeURIComponent(task[1]!);
        const custom = query['custom_task_ids'] === 'true' || query['custom_task_ids'] === true;
        if (!custom && CUSTOM_ID_PATTERN.test(ref)) return error; // a custom id sent without its flag
        // Another path under the task (a comment, a link to a second task…): is it the task that is missing?
        const exact = method === 'GET' && task[2] === undefined;
        if (!exact && (await taskVisible(ref, custom ? query : {}, o.signal)) !== false) return error;
        const id = workspaceId ?? resolvedTeam;
        const workspace =
          id === undefined ? (teams.length === 1 ? teams[0]! : teams) : teams.find((t) => t.id === id);
        return taskNotInWorkspace(ref, custom, workspace ?? teams, error);
      } catch {
        return error;
      }
    };

    const request = async <T>(method: HttpVerb, path: string, o: ClickUpRequest = {}) => {
      try {
        return await send<T>(method, path, o);
      } catch (error) {
        throw await explain(error, method, path, o);
      }
    };

    const client: ClickUpClient = {
      request,
      get: async (path, o) => (await request<never>('GET', path, o)).data,
      post: async (path, o) => (await request<never>('POST', path, o)).data,
      put: async (path, o) => (await request<never>('PUT', path, o)).data,
      delete: async (path, o) => (await request<never>('DELETE', path, o)).data,
      teamId,
      workspaces: (signal, o) => visibleWorkspaces(signal, o?.fresh ?? false),
      inWorkspace(id) {
        if (id === fixed) return client;
        let view = views.get(id);
        if (!view) views.set(id, (view = build(id, 'call')));
        return view;
      },
      v3: (path) => `${options.baseUrl.replace(/\/v2\/?$/, '/v3')}/${path.replace(/^\/+/, '')}`,
      async resolveTaskId(ref, signal) {
        const parsed = typeof ref === 'string' ? parseTaskRef(ref) : ref;
        if (!parsed.custom) return parsed.id;
        const path = `/task/${encodeURIComponent(parsed.id)}`;
        const query = { custom_task_ids: 'true', team_id: await teamId(signal) };
        return (await request<{ id: string }>('GET', path, { query, ...(signal ? { signal } : {}) })).data.id;
      },
      async task(ref, suffix = '', signal) {
        const parsed = typeof ref === 'string' ? parseTaskRef(ref) : ref;
        const path = `/task/${encodeURIComponent(parsed.id)}${suffix}`;
        if (!parsed.custom) return { path, query: {} };
        return { path, query: { custom_task_ids: 'true', team_id: await teamId(signal) } };
      },
    };
    return client;
  }
}
