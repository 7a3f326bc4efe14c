/**
 * The server `serveHttp` serves on node:http, as a web-standard handler: `fetch(Request) →
 * Response`, the shape Bun (`Bun.serve`), Deno (`Deno.serve`), Cloudflare Workers
 * (`export default { fetch }`), Next.js route handlers and Hono take. Both protocol eras: a request
 * with the 2026-07-28 envelope goes to the SDK's `createMcpHandler` (stateless by the protocol),
 * anything else is 2025-11-25 traffic on the SDK's `WebStandardStreamableHTTPServerTransport` —
 * stateless by default (a fresh server instance per POST), or with `stateful`, sessions kept in
 * this process's memory (bounded in number and idle time, as on node:http). Serverless platforms
 * run many short-lived isolates, so keep them stateless there: a session lives in one isolate only.
 *
 * The same rules as node:http, from the same functions: the Host rule and the Origin rule
 * (host-check.ts), the body limits — size, bodies held in memory at once, JSON depth
 * (request-limits.ts) —, the refusals and their texts (http-answers.ts), authentication with a
 * ResourceServer (its web form: RFC 9728 metadata, 401/403 challenges, `tools/list` per scope,
 * `ctx.auth` for tools), the app's routes (http-route.ts) and `GET /health`. What node:http does
 * with connections — the connection bound, header and request timeouts — belongs to the platform
 * here and is not repeated. The built-in authorization server (oidc-provider) takes node:http
 * requests only: a ResourceServer with its endpoints is refused at creation (`serveHttp` serves it).
 *
 * Made once per process or isolate. Tools that need what the runtime lacks (`requires:
 * ['node-addons']`: the isolated-vm sandbox of knowledge packs) stop the creation with a
 * ConfigError naming them (runtime-requirements.ts).
 */
import {
  createMcpHandler,
  isInitializeRequest,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type Server,
} from '@modelcontextprotocol/server';
import { authContextOf, type ResourceServer } from '../auth/resource-server.ts';
import { ConfigError } from '../errors/config-error.ts';
import { createStreamLogger } from '../logging/logger.ts';
import { createMcpServerFactory, type McpServerOptions } from './create-mcp-server.ts';
import { createHostCheck, createOriginCheck } from './host-check.ts';
import type { HttpEndpointOptions } from './http-options.ts';
import {
  callerKey,
  healthAnswer,
  initializeFirst,
  internalError,
  jsonRpcErrorBody,
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
  BodyHold,
  BodyMemory,
  ClientGone,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_BUFFERED_BYTES,
  parseJsonBody,
  readWebBody,
  RequestRefusal,
  type BodyLimits,
} from './request-limits.ts';
import { checkRuntimeRequirements, detectRuntime, type RuntimeName } from './runtime-requirements.ts';
import { SessionTable } from './session-table.ts';
import { StatelessRequests } from './stateless-requests.ts';

export interface WebHandlerOptions extends HttpEndpointOptions {
  /**
   * Where the runtime listens, as `serveHttp`'s `host`, for the Host rule: on a loopback address
   * (the default) only requests addressed to localhost, 127.0.0.1 or [::1] — plus `allowedHosts` —
   * are answered (DNS rebinding); on another (`0.0.0.0`), any Host unless `allowedHosts` is given.
   * Deployed on a platform, give `allowedHosts` (your domain). @default '127.0.0.1'
   */
  host?: string;
  /**
   * Authentication: a ResourceServer (`createResourceServer`, `configureAuth`), or a function that
   * makes one on the first request that needs it — platforms such as Workers allow no I/O outside a
   * request, and `configureAuth` reads the issuer's metadata. Its canonical URL is yours to give
   * (the public URL of the MCP endpoint). Not the built-in authorization server (node:http only).
   */
  auth?: ResourceServer | (() => Promise<ResourceServer>);
  /** The runtime whose abilities the tools are checked against. @default detected */
  runtime?: RuntimeName;
}

export interface WebHandler {
  /** Serves one request. Bound: pass it as it is (`Bun.serve({ fetch: handler.fetch })`). */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Closes sessions and the requests in flight. */
  close(): Promise<void>;
}

interface WebSession {
  mcp: Server;
  /** The `cacheKey` of the user who opened it, with authentication. */
  owner?: string;
  transport: WebStandardStreamableHTTPServerTransport;
  close(): Promise<void>;
}

function nodeOnlyAuth(mode: string): ConfigError {
  return new ConfigError({
    problems: [
      {
        variable: 'auth',
        problem: `the ${mode} mode serves its authorization server's endpoints on node:http only (oidc-provider), so the web-standard handler cannot serve it.`,
        howToFix:
          'Serve this server with serveHttp (runServeCli --transport http) on Node, or run the authorization server there and give the web handler --auth jwt against it.',
      },
    ],
  });
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

const answerResponse = (answer: HttpAnswer) => jsonResponse(answer.status, answer.body, answer.headers);

const refusalResponse = (refusal: RequestRefusal) =>
  jsonResponse(refusal.status, jsonRpcErrorBody(refusal.rpc, refusal.message), refusal.headers);

/**
 * The values of the request's `Host`: a runtime joins two headers with ", " (no host name has a
 * comma); without one (HTTP/2 `:authority`), the host of the URL the runtime built.
 */
function hostValues(request: Request, url: URL): string[] {
  const header = request.headers.get('host');
  return header === null ? [url.host] : header.split(',').map((value) => value.trim());
}

/**
 * What happens when one exchange is over. For a response the SDK streams (`watch`): when its body
 * has been sent, or abandoned by the client (the stream cancelled, or the request's signal
 * aborted). For any other — refusals, health, routes, made whole here — as soon as it is made.
 */
class Exchange {
  readonly #done: (() => void)[] = [];
  #over = false;
  #watched = false;
  readonly #signal: AbortSignal | undefined;

  constructor(signal: AbortSignal | undefined) {
    this.#signal = signal;
    signal?.addEventListener('abort', this.#end, { once: true });
  }

  onDone(callback: () => void): void {
    if (this.#over) callback();
    else this.#done.push(callback);
  }

  /** The response will come from the SDK: the exchange lasts as long as its body. */
  watch(): void {
    this.#watched = true;
  }

  /** `response`, whose end (or cancellation) ends the exchange when watched. */
  finish(response: Response): Response {
    if (!this.#watched || response.body === null || this.#over) {
      this.#end();
      return response;
    }
    const reader = response.body.getReader();
    const end = this.#end;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await reader.read();
          if (next.done) {
            end();
            controller.close();
          } else controller.enqueue(next.value);
        } catch (error) {
          end();
          controller.error(error);
        }
      },
      cancel(reason) {
        end();
        return reader.cancel(reason).catch(() => {});
      },
    });
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  }

  readonly #end = () => {
    if (this.#over) return;
    this.#over = true;
    this.#signal?.removeEventListener('abort', this.#end);
    for (const callback of this.#done.splice(0)) callback();
  };
}

export function createWebHandler<TDeps>(options: McpServerOptions<TDeps> & WebHandlerOptions): WebHandler {
  const logger = options.logger ?? createStreamLogger();
  const path = options.path ?? '/mcp';
  const healthPath = options.healthPath ?? '/health';
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodyLimits: BodyLimits = {
    maxBodyBytes: maxBody,
    memory: new BodyMemory(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES),
  };
  const checkHost = createHostCheck(options.host ?? '127.0.0.1', options.allowedHosts);
  const checkOrigin = createOriginCheck(options.allowedOrigins);
  const routes = indexRoutes(options.routes ?? [], { path, healthPath });
  checkRuntimeRequirements(
    options.registry.select(options.selection ?? {}).tools,
    options.runtime ?? detectRuntime(),
  );
  if (typeof options.auth === 'object' && options.auth.endpointsNeedNode)
    throw nodeOnlyAuth(options.auth.mode);
  const sessions = new SessionTable<WebSession>({
    ...(options.maxSessions !== undefined ? { maxSessions: options.maxSessions } : {}),
    ...(options.sessionIdleTimeoutMs !== undefined ? { idleTimeoutMs: options.sessionIdleTimeoutMs } : {}),
  });
  const makeAuth = typeof options.auth === 'function' ? options.auth : undefined;
  let auth = typeof options.auth === 'object' ? options.auth : undefined;
  let making: Promise<ResourceServer> | undefined;
  /** The ResourceServer, made on the first request when given as a function (retried if that failed). */
  const authNow = async (): Promise<ResourceServer | undefined> => {
    if (auth !== undefined || makeAuth === undefined) return auth;
    making ??= makeAuth().then(
      (made) => {
        if (made.endpointsNeedNode) throw nodeOnlyAuth(made.mode);
        auth = made;
        return made;
      },
      (error: unknown) => {
        making = undefined;
        throw error;
      },
    );
    return making;
  };
  const factory = createMcpServerFactory({ ...options, logger, authenticated: options.auth !== undefined });
  const onerror = (error: Error) => logger.warn('MCP request failed', { error: error.message });
  // 2026-07-28: the SDK's per-request handler. 2025-era requests never reach it (routed below).
  const modern = createMcpHandler((ctx) => factory.create(ctx), {
    legacy: 'reject',
    maxRequestBodySize: maxBody,
    onerror,
  });
  const stopForwarding = factory.onResourceUpdated((uri) => modern.notify.resourceUpdated(uri));
  const inFlight = new Set<Server>();
  // Stateless requests in flight, by caller and JSON-RPC id, for a later `notifications/cancelled`.
  const statelessRequests = new StatelessRequests();
  const toolCount = factory.tools.length;

  const serveStateless = async (
    request: Request,
    body: unknown,
    authInfo: AuthInfo | undefined,
    exchange: Exchange,
  ): Promise<Response> => {
    if (request.method !== 'POST') throw statelessMethodNotAllowed();
    exchange.watch();
    // The runtime does not tell who the peer is: anonymous callers are never matched.
    const caller = callerKey({ authInfo, authorization: request.headers.get('authorization') });
    const target = statelessRequests.cancelled(caller, body);
    if (target) {
      void target.close(); // aborts the request's handler (ctx.signal) and ends its stream
      return new Response(null, { status: 202 });
    }
    const mcp = factory.create();
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: false,
      maxRequestBodySize: maxBody,
    });
    inFlight.add(mcp);
    const forget = statelessRequests.track(caller, body, mcp);
    exchange.onDone(() => {
      inFlight.delete(mcp);
      forget();
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    return transport.handleRequest(request, { parsedBody: body, ...(authInfo ? { authInfo } : {}) });
  };

  const serveStateful = async (
    request: Request,
    body: unknown,
    authInfo: AuthInfo | undefined,
    exchange: Exchange,
  ): Promise<Response> => {
    const sessionId = request.headers.get('mcp-session-id') ?? undefined;
    const owner = authContextOf(authInfo)?.cacheKey;
    const found = sessionId !== undefined ? sessions.get(sessionId) : undefined;
    // Another user's session is as unknown to this caller as one that never existed.
    const existing = found !== undefined && found.owner === owner ? found : undefined;
    if (found !== undefined && existing === undefined) {
      logger.info('Session refused: it belongs to another user', {
        subject: authContextOf(authInfo)?.subject,
      });
    }
    const handled = { parsedBody: body, ...(authInfo ? { authInfo } : {}) };
    if (existing && sessionId !== undefined) {
      // Busy until the response (or SSE stream) is over: a session with one open is not idle.
      exchange.watch();
      exchange.onDone(sessions.begin(sessionId));
      return existing.transport.handleRequest(request, handled);
    }
    if (sessionId !== undefined) throw sessionNotFound();
    if (request.method !== 'POST' || !isInitializeRequest(body)) throw initializeFirst();
    if (!sessions.reserve()) throw sessionsFull(sessions.maxSessions);
    const mcp = factory.create();
    let added = false;
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      maxRequestBodySize: maxBody,
      onsessioninitialized: (id) => {
        added = true;
        sessions.add(id, { mcp, transport, close: () => mcp.close(), ...(owner ? { owner } : {}) });
        exchange.onDone(sessions.begin(id));
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    exchange.watch();
    try {
      await mcp.connect(transport);
      return await transport.handleRequest(request, handled);
    } finally {
      if (!added) {
        sessions.release();
        void mcp.close();
      }
    }
  };

  const serveRoute = async (
    request: Request,
    url: URL,
    methods: Map<HttpRouteMethod, HttpRoute>,
    hold: BodyHold,
  ): Promise<Response> => {
    const target = `${url.pathname}${url.search}`;
    const route = methods.get(request.method as HttpRouteMethod);
    if (route === undefined)
      return answerResponse(routeMethodNotAllowed(target, [...methods.keys()].join(', ')));
    let bytes: Uint8Array;
    try {
      bytes = await readWebBody(request, hold);
    } catch (error) {
      if (error instanceof RequestRefusal)
        return jsonResponse(error.status, { error: error.message }, error.headers);
      throw error;
    }
    const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const answer: HttpRouteResponse = await Promise.resolve()
      .then(() =>
        route.handle({
          method: route.method,
          url: new URL(target, 'http://localhost'),
          headers: Object.fromEntries(request.headers),
          body,
          json: () => parseJsonBody(new TextDecoder().decode(bytes)),
          signal: request.signal,
        }),
      )
      .catch((error: unknown): HttpRouteResponse => {
        if (error instanceof RequestRefusal) return routeRefusal(error);
        logger.error('HTTP route failed', { route: `${route.method} ${route.path}`, error });
        return ROUTE_FAILED;
      });
    if (answer.body === undefined)
      return new Response(null, { status: answer.status, headers: answer.headers ?? {} });
    if (typeof answer.body === 'string') {
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'text/plain; charset=utf-8', ...answer.headers },
      });
    }
    return jsonResponse(answer.status, answer.body, answer.headers);
  };

  const serve = async (request: Request, hold: BodyHold, exchange: Exchange): Promise<Response> => {
    const url = new URL(request.url);
    const values = hostValues(request, url);
    const verdict = checkHost(values);
    if (!verdict.ok) return refusalResponse(new RequestRefusal(verdict.status, -32000, verdict.message));
    if (values.length === 1 && values[0]?.toLowerCase() !== url.host) {
      // The URL names another host than the header (an absolute-form target): it is held to the rule too.
      const named = checkHost(url.host);
      if (!named.ok) return refusalResponse(new RequestRefusal(named.status, -32000, named.message));
    }
    const pathname = url.pathname;
    if (request.method === 'GET' && pathname === healthPath) {
      return answerResponse(
        healthAnswer({
          name: options.name,
          version: options.version,
          tools: toolCount,
          ...(options.stateful ? { sessions: sessions.size } : {}),
        }),
      );
    }
    const resourceServer = await authNow();
    // The protected-resource metadata: behind the Host rule, before the Origin rule (any page may read it).
    const metadata = resourceServer?.metadataResponse(request, pathname);
    if (metadata !== undefined) return metadata;
    const route = routes.get(pathname);
    if (pathname !== path && route === undefined) return answerResponse(notFound(path, healthPath));
    const origin = checkOrigin(request.headers.get('origin'));
    if (!origin.ok) return refusalResponse(new RequestRefusal(origin.status, -32000, origin.message));
    if (route !== undefined) return serveRoute(request, url, route, hold);
    // Authenticated before the body is read: an anonymous flood costs no body memory.
    let authInfo: AuthInfo | undefined;
    if (resourceServer !== undefined) {
      const checked = await resourceServer.authenticateRequest(request);
      if (checked instanceof Response) return checked; // 401, 400 or 503
      authInfo = checked;
    }
    const body =
      request.method === 'POST'
        ? parseJsonBody(new TextDecoder().decode(await readWebBody(request, hold)))
        : undefined;
    if (resourceServer !== undefined) {
      // A tool the token may not call: 403 with the scope to ask for, so that the client steps up.
      const refused = missingToolScope(body, authContextOf(authInfo), (tool) => factory.scopeOf(tool));
      if (refused) return resourceServer.scopeRefusal(refused.user, refused.tool, refused.needed);
    }
    if (body !== undefined && !(await isLegacyRequest(request, body))) {
      exchange.watch(); // the body is held until the response is over, as on node:http
      return modern.fetch(request, { parsedBody: body, ...(authInfo ? { authInfo } : {}) });
    }
    return options.stateful
      ? serveStateful(request, body, authInfo, exchange)
      : serveStateless(request, body, authInfo, exchange);
  };

  const fetch = async (request: Request): Promise<Response> => {
    const exchange = new Exchange(request.signal);
    const hold = new BodyHold(bodyLimits);
    exchange.onDone(() => hold.release());
    let response: Response;
    try {
      response = await serve(request, hold, exchange);
    } catch (error) {
      if (error instanceof RequestRefusal) response = refusalResponse(error);
      else if (error instanceof ClientGone) {
        logger.info('HTTP request abandoned: the connection closed before the body arrived', {
          method: request.method,
          path: new URL(request.url).pathname.slice(0, 200),
          receivedBytes: error.received,
        });
        response = new Response(null, { status: 400 }); // nobody reads it
      } else {
        logger.error('HTTP request failed', { error });
        response = refusalResponse(internalError());
      }
    }
    return exchange.finish(response);
  };

  let closing: Promise<void> | undefined;
  return {
    fetch,
    close() {
      closing ??= (async () => {
        stopForwarding();
        await Promise.allSettled([
          sessions.closeAll(),
          modern.close(),
          ...[...inFlight].map((mcp) => mcp.close()),
          auth?.close(),
        ]);
      })();
      return closing;
    },
  };
}
