/**
 * Serve over MCP Streamable HTTP on node:http, to clients of both protocol eras.
 *
 * A request that carries the 2026-07-28 envelope (`_meta` `io.modelcontextprotocol/protocolVersion`)
 * goes to the SDK's `createMcpHandler`: stateless by the protocol, a fresh server instance per
 * request. Anything else is 2025-11-25 traffic (`initialize`, sessions, SSE), served as before:
 * stateless by default — every POST gets a fresh server + transport, so replicas can sit behind a
 * load balancer with no sticky sessions — or, with `stateful`, with sessions (`Mcp-Session-Id`) in
 * memory, bounded in number and idle time (SessionTable). A health endpoint answers `GET /health`
 * for orchestrators. Every request first passes the connection bound, the Host rule (host-check.ts:
 * DNS rebinding), the Origin rule and the body limits (request-limits.ts: size, memory held across
 * requests, JSON depth), whichever era it is; node:http times out slow headers and bodies.
 *
 * Cancellation without sessions: a client that closes the response stream cancels the call (the
 * instance is closed, which aborts the handler). A `notifications/cancelled` sent in a later POST is
 * matched to the running request by JSON-RPC id and caller — on the replica that runs it. The caller
 * is the credentials (`Authorization`) when the request has some; without them, only a server bound
 * to loopback matches, by address and user agent (clients on one machine), and never when two calls
 * in flight share that caller and id (JSON-RPC ids start at 0 in every client: it would be a
 * guess). Bound elsewhere, anonymous notifications are ignored — behind a proxy every client has
 * the proxy's address — and closing the stream is the way to cancel; `--stateful` matches within
 * the session. With authentication the caller is the authenticated user (its `cacheKey`).
 *
 * Authentication (`auth`, a ResourceServer from auth/resource-server.ts): its metadata documents and
 * endpoints (the built-in authorization server's) are served after the connection and Host checks,
 * before MCP routing and without the Origin rule; every request to the MCP endpoint, of either era,
 * is authenticated before its body is read, and its `AuthInfo` set on `req.auth`, which the SDK
 * hands to handlers (`ctx.http.authInfo`; tools get `ctx.auth`). A lone `tools/call` of a tool the
 * token's scopes do not cover is answered 403 `insufficient_scope` before dispatch. A stateful
 * session belongs to the user who opened it: another user's token on its id gets 404, as an unknown
 * session does. `/health` and the app's routes stay open.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import {
  createMcpHandler,
  type AuthInfo,
  isInitializeRequest,
  isLegacyRequest,
  type Server,
} from '@modelcontextprotocol/server';
import { authContextOf, type ResourceServer } from '../auth/resource-server.ts';
import { createStreamLogger } from '../logging/logger.ts';
import { createMcpServerFactory, type McpServerOptions } from './create-mcp-server.ts';
import { createHostCheck, createOriginCheck, isLoopbackAddress } from './host-check.ts';
import type { HttpEndpointOptions } from './http-options.ts';
import {
  badTarget,
  callerKey,
  healthAnswer,
  initializeFirst,
  missingToolScope,
  notFound,
  ROUTE_FAILED,
  routeMethodNotAllowed,
  routeRefusal,
  sessionNotFound,
  sessionsFull,
  statelessMethodNotAllowed,
  type HttpAnswer,
} from './http-answers.ts';
import { indexRoutes, type HttpRoute, type HttpRouteMethod, type HttpRouteResponse } from './http-route.ts';
import {
  BodyMemory,
  ClientGone,
  ConnectionTable,
  connectionsFull,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  parseJsonBody,
  readBody,
  RequestRefusal,
  type BodyLimits,
} from './request-limits.ts';
import { SessionTable } from './session-table.ts';
import { StatelessRequests } from './stateless-requests.ts';
import type { RunningServer } from './stdio.ts';

export interface HttpServeOptions extends HttpEndpointOptions {
  /** @default '127.0.0.1' */
  host?: string;
  /** 0 picks a free port. @default 3000 */
  port?: number;
  /**
   * Connections served at once: at the bound the longest idle one is closed to make room, and when
   * all are busy a request is refused with 503 and `Retry-After`. @default 512
   */
  maxConnections?: number;
  /** Time to receive a request's headers; then 408 and the connection closes. @default 10 s */
  headersTimeoutMs?: number;
  /**
   * Time to receive a whole request, headers and body (not the time to answer it); then 408 and the
   * connection closes. 0: no limit. @default 30 s
   */
  requestTimeoutMs?: number;
  /**
   * Authentication (`createResourceServer`): every MCP request needs a valid bearer token, tools are
   * listed and callable per the token's scopes, and the mode's endpoints are served on the listener.
   * Without it the server is open to whoever reaches it: keep it on loopback, or behind a proxy that
   * authenticates. A function is called once the server listens, with its MCP URL (the canonical
   * URL of a server on a port picked at start); requests wait for it.
   */
  auth?: ResourceServer | ((listening: { url: URL }) => Promise<ResourceServer | undefined>);
}

export interface RunningHttpServer extends RunningServer {
  /** Base URL of the MCP endpoint, e.g. `http://127.0.0.1:3000/mcp`. */
  readonly url: string;
  readonly port: number;
}

interface HttpSession {
  mcp: Server;
  /** The `cacheKey` of the user who opened it, with authentication. */
  owner?: string;
  transport: NodeStreamableHTTPServerTransport;
  close(): Promise<void>;
}

export { SERVED_PROTOCOL_VERSIONS } from './http-answers.ts';

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    })
    .end(text);
}

function jsonRpcError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { jsonrpc: '2.0', error: { code, message }, id: null }, headers);
}

/** An answer that is not a JSON-RPC error (http-answers.ts). */
const sendAnswer = (res: ServerResponse, answer: HttpAnswer) =>
  sendJson(res, answer.status, answer.body, answer.headers);

/**
 * Who is calling, without sessions (see the file comment): the credentials, or — on a server bound
 * to loopback — the address and user agent; `undefined` when anonymous calls cannot be told apart.
 */
const callerOf = (req: IncomingMessage, loopback: boolean, authInfo?: AuthInfo) =>
  callerKey({
    authInfo,
    authorization: req.headers.authorization,
    peer: loopback ? `${req.socket.remoteAddress ?? ''}\u0000${req.headers['user-agent'] ?? ''}` : undefined,
  });

/** The values of the request's `Host` headers (node:http keeps only the first in `req.headers`). */
function hostHeaders(req: IncomingMessage): string[] | undefined {
  let hosts: string[] | undefined;
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') (hosts ??= []).push(raw[i + 1] as string);
  }
  return hosts;
}

/**
 * The path of a request target and, in absolute form (`http://host/path`), the host it names;
 * undefined when the target is neither a path nor an http(s) URL.
 */
function readTarget(target: string | undefined): { pathname: string; authority?: string } | undefined {
  const text = target ?? '/';
  try {
    if (text.startsWith('/')) return { pathname: new URL(`http://localhost${text}`).pathname };
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return { pathname: url.pathname, authority: url.host };
  } catch {
    return undefined;
  }
}

export async function serveHttp<TDeps>(
  options: McpServerOptions<TDeps> & HttpServeOptions,
): Promise<RunningHttpServer> {
  const logger = options.logger ?? createStreamLogger();
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/mcp';
  const healthPath = options.healthPath ?? '/health';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodyLimits: BodyLimits = {
    maxBodyBytes: maxBody,
    memory: new BodyMemory(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES),
  };
  const connections = new ConnectionTable(options.maxConnections ?? DEFAULT_MAX_CONNECTIONS);
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  // node:http wants the headers no later than the whole request.
  const headersTimeout = Math.min(
    options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS,
    requestTimeout || Number.POSITIVE_INFINITY,
  );
  const checkOrigin = createOriginCheck(options.allowedOrigins);
  const checkHost = createHostCheck(host, options.allowedHosts);
  const routes = indexRoutes(options.routes ?? [], { path, healthPath });
  const sessions = new SessionTable<HttpSession>({
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.sessionIdleTimeoutMs !== undefined ? { idleTimeoutMs: options.sessionIdleTimeoutMs } : {}),
  });
  let auth = typeof options.auth === 'function' ? undefined : options.auth;
  /** Made once listening (the function form of `auth`): every request waits for it. */
  let authMade: Promise<unknown> | undefined;
  const factory = createMcpServerFactory({ ...options, logger, authenticated: options.auth !== undefined });
  const onerror = (error: Error) => logger.warn('MCP request failed', { error: error.message });
  // 2026-07-28: the SDK's per-request handler. 2025-era requests never reach it (routed below).
  const modern = createMcpHandler((ctx) => factory.create(ctx), {
    legacy: 'reject',
    maxRequestBodySize: maxBody,
    onerror,
  });
  const serveModern = toNodeHandler(modern, { maxRequestBodySize: maxBody, onerror });
  // The app's resource announcements reach 2026-07-28 `subscriptions/listen` streams too.
  const stopForwarding = factory.onResourceUpdated((uri) => modern.notify.resourceUpdated(uri));
  const inFlight = new Set<Server>();
  // Stateless requests in flight, by caller and JSON-RPC id, for a later `notifications/cancelled`.
  const statelessRequests = new StatelessRequests();
  const loopback = isLoopbackAddress(host);
  const toolCount = factory.tools.length;
  const refuse = (res: ServerResponse, refusal: RequestRefusal) =>
    jsonRpcError(res, refusal.status, refusal.rpc, refusal.message, refusal.headers);

  const handleStateless = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    authInfo: AuthInfo | undefined,
  ) => {
    if (req.method !== 'POST') {
      refuse(res, statelessMethodNotAllowed());
      return;
    }
    const caller = callerOf(req, loopback, authInfo);
    const target = statelessRequests.cancelled(caller, body);
    if (target) {
      // Closing the instance aborts the request's handler (ctx.signal) and ends its stream.
      void target.close();
      res.writeHead(202).end();
      return;
    }
    const mcp = factory.create();
    const transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: false,
    });
    inFlight.add(mcp);
    const forget = statelessRequests.track(caller, body, mcp);
    res.on('close', () => {
      inFlight.delete(mcp);
      forget();
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  };

  const handleStateful = async (
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    authInfo: AuthInfo | undefined,
  ) => {
    const sessionId = req.headers['mcp-session-id'];
    const owner = authContextOf(authInfo)?.cacheKey;
    const found = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined;
    // Another user's session is as unknown to this caller as one that never existed.
    const existing = found !== undefined && found.owner === owner ? found : undefined;
    if (found !== undefined && existing === undefined) {
      logger.info('Session refused: it belongs to another user', {
        subject: authContextOf(authInfo)?.subject,
      });
    }
    if (existing && typeof sessionId === 'string') {
      // Busy until the response (or SSE stream) closes: a session with one open is not idle.
      const done = sessions.begin(sessionId);
      res.once('close', done);
      try {
        await existing.transport.handleRequest(req, res, body);
      } finally {
        if (res.writableEnded) done();
      }
      return;
    }
    if (sessionId !== undefined) {
      refuse(res, sessionNotFound());
      return;
    }
    if (req.method !== 'POST' || !isInitializeRequest(body)) {
      refuse(res, initializeFirst());
      return;
    }
    if (!sessions.reserve()) {
      refuse(res, sessionsFull(sessions.maxSessions));
      return;
    }
    const mcp = factory.create();
    let added = false;
    const transport: NodeStreamableHTTPServerTransport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        added = true;
        sessions.add(id, { mcp, transport, close: () => mcp.close(), ...(owner ? { owner } : {}) });
        res.once('close', sessions.begin(id));
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    try {
      await mcp.connect(transport);
      await transport.handleRequest(req, res, body);
    } finally {
      if (!added) {
        sessions.release();
        void mcp.close();
      }
    }
  };

  const serveRoute = async (
    req: IncomingMessage,
    res: ServerResponse,
    methods: Map<HttpRouteMethod, HttpRoute>,
  ) => {
    const route = methods.get(req.method as HttpRouteMethod);
    if (route === undefined) {
      sendAnswer(res, routeMethodNotAllowed(req.url ?? '/', [...methods.keys()].join(', ')));
      return;
    }
    let body: Buffer;
    try {
      body = await readBody(req, res, bodyLimits);
    } catch (error) {
      if (error instanceof RequestRefusal)
        sendJson(res, error.status, { error: error.message }, error.headers);
      else clientGone(req, error);
      return;
    }
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const answer: HttpRouteResponse = await Promise.resolve()
      .then(() =>
        route.handle({
          method: route.method,
          url: new URL(req.url ?? '/', 'http://localhost'),
          headers: req.headers,
          body,
          json: () => parseJsonBody(body.toString('utf8')),
          signal: aborted.signal,
        }),
      )
      .catch((error: unknown): HttpRouteResponse => {
        if (error instanceof RequestRefusal) return routeRefusal(error);
        logger.error('HTTP route failed', { route: `${route.method} ${route.path}`, error });
        return ROUTE_FAILED;
      });
    if (res.headersSent) return;
    if (answer.body === undefined) {
      res.writeHead(answer.status, answer.headers ?? {}).end();
    } else if (typeof answer.body === 'string') {
      res
        .writeHead(answer.status, { 'content-type': 'text/plain; charset=utf-8', ...answer.headers })
        .end(answer.body);
    } else {
      sendJson(res, answer.status, answer.body, answer.headers);
    }
  };

  /** A request whose body never came: the client left (or node:http timed it out). Not our fault. */
  const clientGone = (req: IncomingMessage, error: unknown) => {
    if (!(error instanceof ClientGone)) throw error;
    logger.info('HTTP request abandoned: the connection closed before the body arrived', {
      method: req.method,
      path: req.url?.slice(0, 200),
      receivedBytes: error.received,
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (authMade !== undefined) await authMade;
    if (!connections.admit(req, res)) {
      refuse(res, connectionsFull(connections));
      return;
    }
    const verdict = checkHost(hostHeaders(req));
    if (!verdict.ok) {
      jsonRpcError(res, verdict.status, -32000, verdict.message);
      return;
    }
    const target = readTarget(req.url);
    if (target === undefined) {
      refuse(res, badTarget(path));
      return;
    }
    if (target.authority !== undefined) {
      // Absolute form: the host it names is the one the request is addressed to.
      const named = checkHost(target.authority);
      if (!named.ok) {
        jsonRpcError(res, named.status, -32000, named.message);
        return;
      }
    }
    const pathname = target.pathname;
    if (req.method === 'GET' && pathname === healthPath) {
      sendAnswer(
        res,
        healthAnswer({
          name: options.name,
          version: options.version,
          tools: toolCount,
          ...(options.stateful ? { sessions: sessions.size } : {}),
        }),
      );
      return;
    }
    // The auth mode's metadata and endpoints: behind the Host check, before the Origin rule (an
    // authorization server's pages are opened by browsers of any origin).
    if (auth !== undefined && (await auth.serveEndpoints(req, res, pathname))) return;
    const route = routes.get(pathname);
    if (pathname !== path && route === undefined) {
      sendAnswer(res, notFound(path, healthPath));
      return;
    }
    const origin = checkOrigin(req.headers.origin);
    if (!origin.ok) {
      jsonRpcError(res, origin.status, -32000, origin.message);
      return;
    }
    if (route !== undefined) {
      await serveRoute(req, res, route);
      return;
    }
    // Authenticated before the body is read: an anonymous flood costs no body memory.
    const authInfo = auth === undefined ? undefined : await auth.authenticate(req, res);
    if (auth !== undefined) {
      if (authInfo === undefined) return; // answered: 401, 400 or 503
      (req as IncomingMessage & { auth?: AuthInfo }).auth = authInfo; // the SDK hands it to handlers
    }
    try {
      const body =
        req.method === 'POST'
          ? parseJsonBody((await readBody(req, res, bodyLimits)).toString('utf8'))
          : undefined;
      if (auth !== undefined) {
        // A tool the token may not call: 403 with the scope to ask for, so that the client steps up.
        const refused = missingToolScope(body, authContextOf(authInfo), (tool) => factory.scopeOf(tool));
        if (refused) {
          await auth.refuseScope(res, refused.user, refused.tool, refused.needed);
          return;
        }
      }
      if (body !== undefined && !(await isLegacyRequest(await toWebRequest(req, body), body))) {
        await serveModern(req, res, body);
        return;
      }
      await (options.stateful
        ? handleStateful(req, res, body, authInfo)
        : handleStateless(req, res, body, authInfo));
    } catch (error) {
      if (error instanceof RequestRefusal) {
        if (!res.headersSent) refuse(res, error);
        return;
      }
      clientGone(req, error); // anything else goes on to be logged as a failure
    }
  };

  const http = createServer(
    {
      headersTimeout,
      requestTimeout,
      // How often node:http looks for connections past those timeouts.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor((headersTimeout || 4000) / 4))),
    },
    (req, res) => {
      // Nothing a request does may escape: an unhandled rejection would end the process.
      handle(req, res).catch((error: unknown) => {
        logger.error('HTTP request failed', { error });
        if (!res.headersSent) jsonRpcError(res, 500, -32603, 'Internal server error.');
        else res.destroy();
      });
    },
  );

  // Connections that never send a request are not admitted (ConnectionTable) and close after
  // headersTimeout; past twice the bound node:http closes new ones at once, so a flood of them
  // cannot use up the process's file descriptors.
  http.maxConnections = connections.maxConnections * 2;
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(options.port ?? 3000, host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  if (typeof options.auth === 'function') {
    const make = options.auth;
    authMade = make({ url: new URL(`http://${urlHost}:${port}${path}`) }).then((made) => void (auth = made));
    try {
      await authMade;
    } catch (error) {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      stopForwarding();
      await modern.close();
      throw error;
    }
    authMade = undefined;
  }
  logger.info('MCP server listening', {
    url: `http://${urlHost}:${port}${path}`,
    stateful: options.stateful ?? false,
  });

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}${path}`,
    port,
    closed,
    close() {
      closing ??= (async () => {
        stopForwarding();
        const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
        await Promise.allSettled([
          sessions.closeAll(),
          modern.close(),
          ...[...inFlight].map((mcp) => mcp.close()),
          auth?.close(),
        ]);
        http.closeAllConnections();
        await stopped;
        resolveClosed();
      })();
      return closing;
    },
  };
}
