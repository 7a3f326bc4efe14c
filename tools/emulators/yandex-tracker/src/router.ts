/**
 * Routes of the emulator, written once without the API version: each is served under `/v2` and
 * `/v3` (the API takes the same paths under both, research §3.1). A handler returns JSON (200), a
 * full FakeResponse via `respond()`, or throws a TrackerHttpError that becomes the API's error body.
 */
import type { FakeRequest, FakeResponse, FakeRoutes } from '@toolsmith/testing';
import { TrackerHttpError } from './tracker-error.ts';
import type { TrackerState } from './tracker-state.ts';

export interface RouteContext {
  request: FakeRequest;
  params: Record<string, string>;
  state: TrackerState;
  /** Login of the caller. */
  me: string;
  /** `v2` or `v3`. */
  version: string;
  /** Emulator clock (ms). */
  now: number;
}

export type RouteHandler = (ctx: RouteContext) => unknown;

export interface TrackerRoute {
  method: string;
  /** Path without the version, e.g. `/issues/:key`. */
  path: string;
  handler: RouteHandler;
}

const RESPONSE = Symbol('response');

/** Marks a full response (status, headers) so the router does not wrap it as JSON. */
export function respond(response: FakeResponse): unknown {
  return { [RESPONSE]: response };
}

/** 201 Created with the entity, as the API answers a create. */
export const created = (json: unknown): unknown => respond({ status: 201, json });

export const route = (method: string, path: string, handler: RouteHandler): TrackerRoute => ({
  method,
  path,
  handler,
});

/** The body as an object (the API answers 400 to anything else). */
export function objectBody(request: FakeRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === '') return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new TrackerHttpError(400, 'Тело запроса должно быть JSON-объектом.');
  }
  return body as Record<string, unknown>;
}

export function queryString(request: FakeRequest, name: string): string | undefined {
  const value = request.query[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface RouterOptions {
  state: TrackerState;
  routes: readonly TrackerRoute[];
  /** Checks auth headers; returns the caller's login or throws a TrackerHttpError. */
  authenticate: (request: FakeRequest) => string;
  now: () => number;
  /**
   * Called after a handler succeeded (its change is made): a response returned here replaces the
   * real one — a 5xx AFTER the work was done, the case retries must survive (a promise that never
   * settles: no answer at all).
   */
  afterHandled?: (request: FakeRequest) => FakeResponse | Promise<FakeResponse> | undefined;
}

export function toFakeRoutes({ state, routes, authenticate, now, afterHandled }: RouterOptions): FakeRoutes {
  const table: Record<string, FakeRoutes[string]> = {};
  for (const version of ['v2', 'v3']) {
    for (const r of routes) {
      table[`${r.method} /${version}${r.path}`] = async (request) => {
        try {
          const me = authenticate(request);
          const result = await r.handler({ request, params: request.params, state, me, version, now: now() });
          const response: FakeResponse =
            result && typeof result === 'object' && RESPONSE in result
              ? (result as { [RESPONSE]: FakeResponse })[RESPONSE]
              : result === undefined
                ? { status: 204 }
                : { status: 200, json: result };
          return afterHandled?.(request) ?? response;
        } catch (error) {
          if (error instanceof TrackerHttpError) return error.toResponse();
          throw error;
        }
      };
    }
  }
  return table;
}
