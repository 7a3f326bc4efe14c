/**
 * What an HTTP server of this package answers when it does not serve a request, written once for
 * both of its faces — node:http (streamable-http.ts) and the web-standard handler (web-handler.ts):
 * the same refusal gets the same status, JSON-RPC code, text and headers on either. Also the health
 * document, the caller key that matches a later `notifications/cancelled` to its request, and the
 * scope a `tools/call` lacks.
 * Nothing here touches node:http, so the web handler can load it on any runtime.
 */
import { isJSONRPCRequest, type AuthInfo } from '@modelcontextprotocol/server';
import type { AuthContext } from '../auth/auth-context.ts';
import { authContextOf } from '../auth/resource-server.ts';
import { sha256 } from '../auth/token-hash.ts';
import { scopeAllows } from '../tool/tool-scope.ts';
import { RequestRefusal } from './request-limits.ts';

/** The protocol revisions served: 2025-era ones through `initialize`, 2026-07-28 per request. */
export const SERVED_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'] as const;

/** An answer that is not a JSON-RPC error: a status and a JSON body. */
export interface HttpAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** The body of a JSON-RPC error answered outside any request (`id: null`). */
export function jsonRpcErrorBody(code: number, message: string) {
  return { jsonrpc: '2.0', error: { code, message }, id: null } as const;
}

/** `GET /health`: what the server is and serves, for orchestrators. */
export function healthAnswer(server: {
  name: string;
  version: string;
  tools: number;
  /** Open sessions, when stateful. */
  sessions?: number;
}): HttpAnswer {
  return {
    status: 200,
    body: {
      status: 'ok',
      name: server.name,
      version: server.version,
      tools: server.tools,
      protocolVersions: SERVED_PROTOCOL_VERSIONS,
      ...(server.sessions !== undefined ? { sessions: server.sessions } : {}),
    },
  };
}

/** A path that is neither the MCP endpoint, health, an auth endpoint nor a route. */
export function notFound(path: string, healthPath: string): HttpAnswer {
  return { status: 404, body: { error: `Not found. The MCP endpoint is ${path}; health is ${healthPath}.` } };
}

/** A route's path with a method it does not take. */
export function routeMethodNotAllowed(target: string, allow: string): HttpAnswer {
  return {
    status: 405,
    body: { error: `Method not allowed: ${target} accepts ${allow}.` },
    headers: { allow },
  };
}

/** What a route answers when its request was refused (its `json()` of a body that is not JSON). */
export function routeRefusal(refusal: RequestRefusal): HttpAnswer {
  const text = refusal.rpc === -32700 ? 'The request body is not valid JSON.' : refusal.message;
  return { status: refusal.status, body: { error: text } };
}

/** What a route that threw answers (the error is logged, never sent). */
export const ROUTE_FAILED: HttpAnswer = { status: 500, body: { error: 'Internal server error.' } };

/** A request target that is not a URL path (node:http: `GET http://…` is read, `GET *` is not). */
export const badTarget = (path: string) =>
  new RequestRefusal(
    400,
    -32000,
    `Bad request: the request target is not a URL path. Send requests to ${path}.`,
  );

/** GET or DELETE on a stateless server: there is no session to stream or end. */
export const statelessMethodNotAllowed = () =>
  new RequestRefusal(
    405,
    -32000,
    'Method not allowed: this server is stateless; send JSON-RPC requests with POST.',
  );

/** A session id the server does not know (expired, closed, another user's, another process's). */
export const sessionNotFound = () =>
  new RequestRefusal(
    404,
    -32001,
    'Session not found: it expired or the server restarted. Initialize a new session.',
  );

/** A stateful server's request without a session that is not an `initialize`. */
export const initializeFirst = () =>
  new RequestRefusal(
    400,
    -32000,
    'Bad request: send an initialize request first, then pass its Mcp-Session-Id header.',
  );

/** Every session is busy and the table is full. */
export const sessionsFull = (maxSessions: number) =>
  new RequestRefusal(
    503,
    -32000,
    `Service unavailable: the server has reached its session limit (${maxSessions} sessions, each with a request in progress). Retry later, end sessions you no longer need (DELETE with their Mcp-Session-Id), or raise the limit with --max-sessions (MCP_MAX_SESSIONS).`,
    { 'retry-after': '1' },
  );

/** A failure of the server itself (logged with its details, which are never sent). */
export const internalError = () => new RequestRefusal(500, -32603, 'Internal server error.');

/**
 * Who is calling a stateless server, to match a `notifications/cancelled` sent in a later request
 * to the request it cancels: the authenticated user, else a digest of the credentials, else — only
 * when the server can tell local clients apart (`peer`: address and user agent on a loopback
 * server) — the peer. Undefined: anonymous calls cannot be told apart.
 */
export function callerKey(caller: {
  authInfo?: AuthInfo | undefined;
  authorization?: string | null | undefined;
  peer?: string | undefined;
}): string | undefined {
  const user = authContextOf(caller.authInfo);
  if (user) return `user:${user.cacheKey}`;
  if (caller.authorization) return `auth:${sha256(caller.authorization)}`;
  return caller.peer === undefined ? undefined : `peer:${sha256(caller.peer)}`;
}

/**
 * A lone `tools/call` of a tool the user's token may not call: who, the tool and the scope to ask
 * for — answered 403 `insufficient_scope` before dispatch, so that the client steps up. Undefined
 * for anything else (no user, another request, a tool it may call or that does not exist).
 */
export function missingToolScope(
  body: unknown,
  user: AuthContext | undefined,
  scopeOf: (tool: string) => string | undefined,
): { user: AuthContext; tool: string; needed: string } | undefined {
  if (user === undefined || !isJSONRPCRequest(body) || body.method !== 'tools/call') return undefined;
  const tool = (body.params as { name?: unknown } | undefined)?.name;
  const needed = typeof tool === 'string' ? scopeOf(tool) : undefined;
  if (needed === undefined || scopeAllows(user.scopes, needed)) return undefined;
  return { user, tool: tool as string, needed };
}
