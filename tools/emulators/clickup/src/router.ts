/**
 * Routes of the emulator. A route names its full path (`/api/v2/task/:task_id`); a handler returns
 * JSON (200), a full FakeResponse via `respond()`, or throws a ClickUpHttpError that becomes the
 * API's `{err, ECODE}` body. The router authenticates, counts the rate limit per token (its headers
 * go on every answer), and lets a post-handling fault replace the answer after the work is done.
 */
import type { FakeRequest, FakeResponse, FakeRoutes } from '@toolsmith/testing';
import { ClickUpHttpError, teamNotAuthorized } from './clickup-error.ts';
import type { ClickUpState } from './clickup-state.ts';
import type { RateLimiter } from './rate-limiter.ts';
import type { WebhookDispatcher } from './webhooks/webhook-dispatcher.ts';

export interface RouteContext {
  request: FakeRequest;
  params: Record<string, string>;
  state: ClickUpState;
  /** The caller's user id. */
  me: number;
  /**
   * The workspaces the caller's token may act in: a personal token, every workspace its user is a
   * member of; an OAuth token, those the user authorized for the app. Empty for anonymous routes.
   */
  teams: readonly string[];
  /** Emulator clock (ms). */
  now: number;
  webhooks: WebhookDispatcher;
}

export type RouteHandler = (ctx: RouteContext) => unknown;

export interface ClickUpRoute {
  method: string;
  /** Full path pattern, e.g. `/api/v2/task/:task_id`. */
  path: string;
  handler: RouteHandler;
  /** Served without the Authorization header (the OAuth authorize and token endpoints). */
  anonymous?: boolean;
  /**
   * Served whichever workspaces the token may act in (`GET /user`, `GET /team`). Any other route
   * without a `:team_id` / `:workspace_id` reaches the seed workspace's data, so it answers 401
   * Team not authorized to a token that was not granted that workspace.
   */
  teamless?: boolean;
}

/** The caller behind an Authorization header. */
export interface Caller {
  userId: number;
  /** The token, the rate limit's key. */
  token: string;
  teams: readonly string[];
}

const RESPONSE = Symbol('response');

/** Marks a full response (status, headers) so the router does not wrap it as JSON. */
export function respond(response: FakeResponse): unknown {
  return { [RESPONSE]: response };
}

/** A route under `/api/v2`. */
export const v2 = (method: string, path: string, handler: RouteHandler): ClickUpRoute => ({
  method,
  path: `/api/v2${path}`,
  handler,
});

/** A route under `/api/v3`. */
export const v3 = (method: string, path: string, handler: RouteHandler): ClickUpRoute => ({
  method,
  path: `/api/v3${path}`,
  handler,
});

export interface RouterOptions {
  state: ClickUpState;
  routes: readonly ClickUpRoute[];
  /** Checks the Authorization header; returns the caller, or throws. */
  authenticate: (request: FakeRequest) => Caller;
  rateLimiter: RateLimiter;
  webhooks: WebhookDispatcher;
  now: () => number;
  /** A response returned here replaces the real one after the handler succeeded (its change is made). */
  afterHandled?: (request: FakeRequest) => FakeResponse | Promise<FakeResponse> | undefined;
}

export function toFakeRoutes(options: RouterOptions): FakeRoutes {
  const { state, routes, authenticate, rateLimiter, webhooks, now, afterHandled } = options;
  const table: Record<string, FakeRoutes[string]> = {};
  for (const r of routes) {
    const key = `${r.method} ${r.path}`;
    if (key in table) continue;
    const teamScoped = /\/:(team_id|workspace_id)\b/.test(r.path);
    table[key] = async (request) => {
      let limitHeaders: Record<string, string> = {};
      try {
        let me = state.me;
        let teams: readonly string[] = [];
        if (!r.anonymous) {
          const caller = authenticate(request);
          me = caller.userId;
          teams = caller.teams;
          limitHeaders = rateLimiter.hit(caller.token);
          if (!r.teamless && !teamScoped && !teams.includes(state.team.id)) throw teamNotAuthorized();
        }
        const result = await r.handler({
          request,
          params: request.params,
          state,
          me,
          teams,
          now: now(),
          webhooks,
        });
        const response: FakeResponse =
          result && typeof result === 'object' && RESPONSE in result
            ? (result as { [RESPONSE]: FakeResponse })[RESPONSE]
            : result === undefined
              ? { status: 204 }
              : { status: 200, json: result };
        const final = (await afterHandled?.(request)) ?? response;
        return { ...final, headers: { ...limitHeaders, ...final.headers } };
      } catch (error) {
        if (error instanceof ClickUpHttpError) {
          const response = error.toResponse();
          return { ...response, headers: { ...limitHeaders, ...response.headers } };
        }
        throw error;
      }
    };
  }
  return table;
}

/** The body as an object (the API answers 400 to anything else). */
export function objectBody(request: FakeRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === '') return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ClickUpHttpError(400, 'Body must be a JSON object', 'INPUT_001');
  }
  return body as Record<string, unknown>;
}

/** One query value (the first when repeated). */
export function queryString(request: FakeRequest, name: string): string | undefined {
  const value = request.query[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Every value of an array parameter, sent as `name[]=a&name[]=b` (or `name=a&name=b`). */
export function queryList(request: FakeRequest, name: string): string[] {
  const values = [request.query[`${name}[]`], request.query[name]].flat();
  return values.filter((v): v is string => typeof v === 'string' && v !== '');
}

export function queryBoolean(request: FakeRequest, name: string): boolean | undefined {
  const value = queryString(request, name);
  return value === undefined ? undefined : value === 'true' || value === '1';
}

export function queryNumber(request: FakeRequest, name: string): number | undefined {
  const value = queryString(request, name);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new ClickUpHttpError(400, `${name} must be a number`, 'INPUT_001');
  return n;
}
