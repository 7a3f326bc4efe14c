/**
 * The MCP adapter: serves a ToolRegistry over the MCP TypeScript SDK v2 (`@modelcontextprotocol/server`),
 * to clients of both protocol eras: 2025-11-25 (`initialize`, optional sessions) and 2026-07-28
 * (`server/discover`, every request self-describing). This folder is the only place that imports
 * the SDK.
 *
 * It uses the SDK's low-level `Server` so that `tools/list` serves exactly the generated definitions
 * and `tools/call` goes through BaseTool.run (validation, budget, error classification) — no second
 * schema conversion or validation pass inside the SDK. One factory makes the instances: the serving
 * entries ask it for a fresh one per HTTP request, stdio connection or session, and it shares the
 * definitions (generated once) between them.
 */
import {
  Server,
  LOG_LEVEL_META_KEY,
  MissingRequiredClientCapabilityError,
  ProtocolErrorCode,
  type CallToolResult,
  type InputRequiredResult,
  type JSONRPCRequest,
  type LoggingLevel,
  type McpRequestContext,
  type Result,
  type ServerContext,
  type Tool,
  type Transport,
} from '@modelcontextprotocol/server';
import type { AuthContext } from '../auth/auth-context.ts';
import { authContextOf } from '../auth/resource-server.ts';
import type { ToolRegistry } from '../registry/tool-registry.ts';
import { SearchToolsTool, type SearchToolsOptions } from '../registry/search-tools.tool.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import { DEFAULT_MAX_OUTPUT_CHARS, type AnyTool } from '../tool/base-tool.ts';
import { fitErrorToBudget, previewValue } from '../tool/error-budget.ts';
import { createProgressReporter, type ToolContext } from '../tool/tool-context.ts';
import type { ToolDefinition } from '../tool/tool-definition.ts';
import { missingScopeMessage, scopeAllows, toolScope } from '../tool/tool-scope.ts';
import { closestMatches } from '../util/closest-match.ts';
import { LruMap } from '../util/lru-map.ts';
import { createClientLogger } from './client-logger.ts';
import { contextCapabilities, createContextHandlers } from './context-handlers.ts';
import { createInputRounds } from './input-round.ts';
import { JsonRpcError } from './json-rpc-error.ts';
import { signalStartupReady } from './startup-ready.ts';

export interface McpServerOptions<TDeps> {
  name: string;
  version: string;
  title?: string;
  /** Server instructions sent at initialisation (how the tools fit together). */
  instructions?: string;
  registry: ToolRegistry<TDeps>;
  /** Which tools to expose (read-only → toolsets → include → exclude). */
  selection?: ToolSelection;
  /** Dependencies handed to every tool as `ctx.deps` (to every caller, without `depsFor`). */
  deps: TDeps;
  /**
   * Per-user dependencies on a server with authentication: the `ctx.deps` of calls made with
   * `auth` (API clients with the user's upstream credentials, caches of what that user may see).
   * Made once per `auth.cacheKey` and kept for the most recent `maxUserDeps` users. Whatever caches
   * the result holds must be that user's alone: never share a per-user cache between two keys.
   * Unauthenticated calls (stdio, `--auth none`) get `deps`.
   */
  depsFor?: (auth: AuthContext) => TDeps;
  /** Users whose `depsFor` dependencies are kept (least recently used dropped). @default 1000 */
  maxUserDeps?: number;
  /**
   * Requests carry an AuthContext (`serveHttp` sets this when given `auth`): `tools/list` shows
   * each caller the tools its token's scopes allow, and its cache hint is `private`.
   */
  authenticated?: boolean;
  /** Defaults to a JSON-lines logger on stderr. */
  logger?: Logger;
  /** Output budget per result, in characters (the tool's own budget wins). */
  maxOutputChars?: number;
  /** Wall-clock limit per tool call. */
  toolTimeoutMs?: number;
  /** Add the built-in `search_tools` tool, with the server's glossary or another ranking. @default true */
  searchTools?: boolean | SearchToolsOptions;
  /**
   * Literal secrets (tokens) to scrub from log notifications sent to the client; secret-looking
   * keys are redacted anyway.
   */
  secrets?: () => readonly (string | undefined)[];
  /**
   * HMAC key (at least 32 bytes) that signs the `requestState` of multi-round-trip requests
   * (elicitation, sampling, roots). Replicas behind a load balancer need the same key; by default
   * each process draws its own, which serves every round only when one process does.
   */
  requestStateSecret?: string | Uint8Array;
}

/** A server ready to connect to one transport (a 2025-11-25 connection: `initialize` first). */
export interface ToolsmithMcpServer {
  /** The underlying SDK server (for advanced use: logging, notifications). */
  readonly server: Server;
  readonly tools: readonly ToolDefinition[];
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}

/**
 * Makes SDK server instances that serve one registry: what the SDK's serving entries
 * (`createMcpHandler`, `serveStdio`) take as their factory. The definitions are generated once.
 */
export interface McpServerFactory {
  readonly tools: readonly ToolDefinition[];
  /** A fresh instance, for one HTTP request, stdio connection or session (`ctx`: which era). */
  create(ctx?: McpRequestContext): Server;
  /**
   * Calls `listener` when the app announces a changed resource (`registry.resourceUpdated`); the
   * HTTP entry forwards it to 2026-07-28 `subscriptions/listen` streams. Returns the unsubscribe.
   */
  onResourceUpdated(listener: (uri: string) => void): () => void;
  /**
   * The scope a call of `name` needs (tool-scope.ts), for the HTTP entry's 403 before dispatch;
   * undefined for a name that is not an enabled tool (dispatch answers those).
   */
  scopeOf(name: string): string | undefined;
}

function toSdkTool(definition: ToolDefinition): Tool {
  return definition as unknown as Tool;
}

const kindOf = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'string'
        ? 'string'
        : typeof value;

/**
 * The tool name and arguments of a `tools/call`. Missing `arguments` (optional in the spec) stand
 * for `{}`: a tool without required parameters runs. The messages quote nothing unbounded.
 */
function readCallParams(params: unknown): { name: string; args: Record<string, unknown> } {
  const call = (params ?? {}) as { name?: unknown; arguments?: unknown };
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new JsonRpcError(
      ProtocolErrorCode.InvalidParams,
      `Invalid tools/call request: "params" must be an object (received ${kindOf(params)}). Send {"name": "<tool>", "arguments": {...}}.`,
    );
  }
  if (typeof call.name !== 'string') {
    throw new JsonRpcError(
      ProtocolErrorCode.InvalidParams,
      `Invalid tools/call request: "name" must be the tool's name as a string (received ${kindOf(call.name)}). Call tools/list to see the available tools.`,
    );
  }
  const args = call.arguments === undefined ? {} : call.arguments;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new JsonRpcError(
      ProtocolErrorCode.InvalidParams,
      `Invalid tools/call request: "arguments" must be an object of the tool's parameters (expected record, received ${kindOf(call.arguments)}). Send e.g. {"name": "${previewValue(call.name, 64)}", "arguments": {...}}, or leave "arguments" out for a tool without parameters.`,
    );
  }
  return { name: call.name, args: args as Record<string, unknown> };
}

type WrappedHandler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/**
 * The SDK's Server, with `tools/call` params checked by readCallParams before the SDK validates
 * the request against its schema: a malformed call gets an invalid-params error that says what
 * to send, not the schema's Zod issues. (The SDK validates inside `_wrapHandler`, whatever the
 * handler was registered with; this is the seam it offers subclasses.)
 */
class ToolsmithServer extends Server {
  protected override _wrapHandler(method: string, handler: WrappedHandler): WrappedHandler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== 'tools/call') return wrapped;
    return (request, ctx) => {
      readCallParams(request.params);
      return wrapped(request, ctx);
    };
  }
}

/** The log level a 2026-07-28 request asks for in its `_meta` envelope. */
function requestedLogLevel(extra: ServerContext): LoggingLevel | undefined {
  const envelope = extra.mcpReq.envelope as Record<string, unknown> | undefined;
  const level = envelope?.[LOG_LEVEL_META_KEY] ?? extra.mcpReq._meta?.[LOG_LEVEL_META_KEY];
  return typeof level === 'string' ? (level as LoggingLevel) : undefined;
}

/** Longest tool name the spec allows; a longer one is not worth a "did you mean". */
const MAX_TOOL_NAME = 128;

/**
 * How long a client may cache `tools/list` and `server/discover` (2026-07-28 cache hints): both are
 * fixed for the life of the process, and the same for every caller — but with authentication,
 * `tools/list` depends on the caller's scopes, so it is cached `private`.
 */
const LIST_TTL_MS = 5 * 60 * 1000;

export function createMcpServerFactory<TDeps>(options: McpServerOptions<TDeps>): McpServerFactory {
  const logger = options.logger ?? createStreamLogger();
  const selected = options.registry.select(options.selection ?? {});
  const tools: AnyTool<TDeps>[] = [...selected.tools];
  const searchTools = options.searchTools ?? true;
  if (searchTools !== false) {
    // search_tools sees every registered tool and reports which are enabled in this session.
    tools.unshift(
      new SearchToolsTool(
        options.registry as ToolRegistry<unknown>,
        () => selected,
        searchTools === true ? {} : searchTools,
      ) as AnyTool<TDeps>,
    );
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  const definitions = tools.map((t) => t.getDefinition());
  const listed = { tools: definitions.map(toSdkTool) };
  const scopes = tools.map((t) => toolScope(t.metadata));
  /** tools/list for a caller: every tool without auth, those its scopes allow with it. */
  const listFor = (auth: AuthContext | undefined) =>
    auth === undefined
      ? listed
      : { tools: listed.tools.filter((_, i) => scopeAllows(auth.scopes, scopes[i]!)) };

  const userDeps = new LruMap<string, TDeps>(options.maxUserDeps ?? 1000);
  /** Who calls (from the request's AuthInfo) and the deps that caller gets. */
  const caller = (extra: ServerContext): { auth?: AuthContext; deps: TDeps } => {
    const auth = authContextOf(extra.http?.authInfo);
    if (auth === undefined) return { deps: options.deps };
    if (options.depsFor === undefined) return { auth, deps: options.deps };
    let deps = userDeps.get(auth.cacheKey);
    if (deps === undefined) {
      deps = options.depsFor(auth);
      userDeps.set(auth.cacheKey, deps);
    }
    return { auth, deps };
  };

  const budget = options.maxOutputChars ?? DEFAULT_MAX_OUTPUT_CHARS;
  const fail = (code: number, message: string) => new JsonRpcError(code, fitErrorToBudget(message, budget));
  const runOptions = {
    ...(options.maxOutputChars !== undefined ? { maxOutputChars: options.maxOutputChars } : {}),
    ...(options.toolTimeoutMs !== undefined ? { timeoutMs: options.toolTimeoutMs } : {}),
  };

  const context = options.registry.context(selected.toolsets);
  /** The level a 2025-11-25 client set on each instance (`logging/setLevel`). */
  const levels = new WeakMap<Server, LoggingLevel>();
  const loggerFor = (extra: ServerContext, server?: Server) =>
    createClientLogger(logger, extra.mcpReq.log, {
      name: options.name,
      level: requestedLogLevel(extra) ?? (server ? levels.get(server) : undefined),
      ...(options.secrets ? { secrets: options.secrets } : {}),
    });
  const rounds = createInputRounds(
    options.requestStateSecret !== undefined ? { secret: options.requestStateSecret } : {},
  );
  const contextHandlers = createContextHandlers({
    context,
    caller,
    budget,
    rounds,
    onResourceUpdated: (listener) => options.registry.onResourceUpdated(listener),
  });

  const handleCall = async (
    server: Server,
    params: unknown,
    extra: ServerContext,
  ): Promise<CallToolResult | InputRequiredResult> => {
    const { name, args } = readCallParams(params);
    const tool = byName.get(name) ?? selected.get(name);
    if (!tool) {
      const reason = selected.disabledReason(name);
      if (reason)
        return {
          content: [{ type: 'text' as const, text: fitErrorToBudget(reason, budget) }],
          isError: true,
        };
      const near = name.length <= MAX_TOOL_NAME ? closestMatches(name, byName.keys()) : [];
      throw fail(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool "${previewValue(name)}".${near.length ? ` Did you mean ${near.map((n) => `"${n}"`).join(', ')}?` : ''} Call tools/list to see the available tools.`,
      );
    }

    const { auth, deps } = caller(extra);
    if (auth !== undefined && !scopeAllows(auth.scopes, toolScope(tool.metadata))) {
      // The HTTP entry answers a lone call with 403 before dispatch; this is the batch's answer.
      return {
        content: [{ type: 'text' as const, text: missingScopeMessage(tool.name, toolScope(tool.metadata)) }],
        isError: true,
      };
    }
    const request = extra.mcpReq;
    const progressToken = request._meta?.progressToken;
    // What the client can answer (elicitation, sampling, roots): declared at initialize
    // (2025-11-25), or in this request's envelope (2026-07-28; the SDK fills the same accessor).
    const round = rounds.begin(server, extra, () => `tools/call\0${tool.name}\0${JSON.stringify(args)}`);
    const ctx: ToolContext<TDeps> = {
      deps,
      ...(auth ? { auth } : {}),
      signal: request.signal,
      logger: loggerFor(extra, server),
      toolName: tool.name,
      requestId: request.id,
      progress: createProgressReporter(
        progressToken === undefined
          ? undefined
          : (update) =>
              request.notify({ method: 'notifications/progress', params: { progressToken, ...update } }),
      ),
      ...round.client,
    };
    try {
      return (await round.run(() => tool.run(args, ctx, runOptions))) as CallToolResult | InputRequiredResult;
    } catch (error) {
      if (error instanceof MissingRequiredClientCapabilityError) throw error;
      // Programmer error: BaseTool logged it with its stack. The client gets a protocol error
      // (-32603), never the internals.
      throw fail(
        ProtocolErrorCode.InternalError,
        `Tool "${tool.name}" failed with an internal error. This is a bug in the server, not in your input; details are in the server log.`,
      );
    }
  };

  return {
    tools: definitions,
    create() {
      const server = new ToolsmithServer(
        { name: options.name, version: options.version, ...(options.title ? { title: options.title } : {}) },
        {
          capabilities: { tools: { listChanged: false }, logging: {}, ...contextCapabilities(context) },
          ...(options.instructions ? { instructions: options.instructions } : {}),
          requestState: { verify: rounds.verify },
          cacheHints: {
            'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: options.authenticated ? 'private' : 'public' },
            'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
            'prompts/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
            'resources/templates/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
          },
        },
      );
      server.setRequestHandler('tools/list', (_request, extra) => {
        signalStartupReady();
        return listFor(authContextOf(extra.http?.authInfo));
      });
      server.setRequestHandler('tools/call', (request, extra) =>
        handleCall(server, request.params, extra).finally(signalStartupReady),
      );
      contextHandlers.register(server, (extra) => loggerFor(extra, server));
      // Replaces the SDK's own handler: the level is kept per instance and applied by the logger.
      server.setRequestHandler('logging/setLevel', (request) => {
        levels.set(server, request.params.level);
        return {};
      });
      return server;
    },
    onResourceUpdated: (listener) => options.registry.onResourceUpdated(listener),
    scopeOf(name) {
      const tool = byName.get(name) ?? selected.get(name);
      return tool === undefined ? undefined : toolScope(tool.metadata);
    },
  };
}

/** One server instance for one transport, e.g. linked in-memory transports in tests. */
export function createMcpServer<TDeps>(options: McpServerOptions<TDeps>): ToolsmithMcpServer {
  const factory = createMcpServerFactory(options);
  const server = factory.create();
  return {
    server,
    tools: factory.tools,
    connect: (transport) => server.connect(transport),
    close: () => server.close(),
  };
}
