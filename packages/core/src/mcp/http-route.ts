/**
 * Extra HTTP routes served beside `/mcp` and `/health` on the same listener, e.g. a webhook
 * receiver (`POST /webhooks/clickup`). They pass the same Host rule, Origin rule and body limit as
 * the MCP endpoint; a route gets the raw body (for signature checks) and answers JSON or text.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ConfigError } from '../errors/config-error.ts';

export type HttpRouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRouteRequest {
  readonly method: HttpRouteMethod;
  /** The request URL (path and query), resolved against the Host the client used. */
  readonly url: URL;
  readonly headers: IncomingHttpHeaders;
  /** The body as received, at most the server's body limit (empty for GET). */
  readonly body: Buffer;
  /** The body parsed as JSON; a body that is not JSON answers 400 without reaching the route. */
  json(): unknown;
  /** Aborted when the client goes away. */
  readonly signal: AbortSignal;
}

export interface HttpRouteResponse {
  status: number;
  /** A string is sent as text/plain, anything else as JSON. Omitted: no body. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HttpRoute {
  method: HttpRouteMethod;
  /** An exact path, e.g. `/webhooks/clickup`. */
  path: string;
  /** Errors it throws are logged and answered 500 without details; the server goes on. */
  handle(request: HttpRouteRequest): Promise<HttpRouteResponse> | HttpRouteResponse;
}

const PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/**
 * The routes by path, checked: exact paths that do not take the MCP or health path, one route per
 * method and path. Throws ConfigError naming what to change.
 */
export function indexRoutes(
  routes: readonly HttpRoute[],
  reserved: { path: string; healthPath: string },
): Map<string, Map<HttpRouteMethod, HttpRoute>> {
  const byPath = new Map<string, Map<HttpRouteMethod, HttpRoute>>();
  const problems: { variable: string; problem: string }[] = [];
  for (const route of routes) {
    const name = `route ${route.method} ${route.path}`;
    if (!PATH.test(route.path) || route.path.includes('?')) {
      problems.push({
        variable: name,
        problem: 'the path must be an exact URL path starting with "/" (no query).',
      });
      continue;
    }
    if (route.path === reserved.path || route.path === reserved.healthPath) {
      problems.push({
        variable: name,
        problem: `${route.path} is the ${route.path === reserved.path ? 'MCP endpoint' : 'health endpoint'}; choose another path.`,
      });
      continue;
    }
    const methods = byPath.get(route.path) ?? new Map<HttpRouteMethod, HttpRoute>();
    if (methods.has(route.method)) {
      problems.push({ variable: name, problem: 'is declared twice; keep one handler per method and path.' });
      continue;
    }
    methods.set(route.method, route);
    byPath.set(route.path, methods);
  }
  if (problems.length > 0) throw new ConfigError({ problems });
  return byPath;
}
