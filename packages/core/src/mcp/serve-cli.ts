/**
 * The `serve` command line shared by every toolsmith server:
 *
 *   my-server [--transport stdio|http] [--host H] [--port P] [--stateful] [--allowed-hosts a,b]
 *             [--allowed-origins u,v] [--max-sessions N] [--session-idle-timeout SECONDS]
 *             [--max-connections N] [--max-buffered-mb MIB] [--request-timeout SECONDS]
 *             [--read-only] [--toolsets a,b|default,b|all] [--tools x,y] [--exclude-tools z]
 *             [--auth none|jwt|introspection|api-key|builtin] [--auth-issuer URL]
 *             [--auth-audience URL] [--public-url URL] [--auth-api-keys FILE]
 *             [--allow-unauthenticated]
 *
 * Each flag has an environment fallback (MCP_TRANSPORT, MCP_HOST, MCP_PORT, MCP_STATEFUL,
 * MCP_ALLOWED_HOSTS, MCP_ALLOWED_ORIGINS, MCP_MAX_SESSIONS, MCP_SESSION_IDLE_TIMEOUT,
 * MCP_MAX_CONNECTIONS, MCP_MAX_BUFFERED_MB, MCP_REQUEST_TIMEOUT, MCP_READ_ONLY, MCP_TOOLSETS,
 * MCP_TOOLS, MCP_EXCLUDE_TOOLS, MCP_AUTH, MCP_AUTH_ISSUER, MCP_AUTH_AUDIENCE, MCP_PUBLIC_URL,
 * MCP_AUTH_API_KEYS, MCP_ALLOW_UNAUTHENTICATED) for container deployments; introspection's client
 * credentials only in the environment (MCP_AUTH_CLIENT_ID, MCP_AUTH_CLIENT_SECRET).
 *
 * Over HTTP, `--auth none` (the default) on an address other than loopback refuses to start unless
 * `--allow-unauthenticated` says a proxy in front authenticates: otherwise anyone who reaches the
 * port would call every tool with the server's own credentials.
 * SIGINT/SIGTERM close the server gracefully.
 */
import type { AuthContext } from '../auth/auth-context.ts';
import type { ResourceServer } from '../auth/resource-server.ts';
import { AUTH_MODES, type AuthSetting } from '../auth/auth-modes.ts';
import type { BuiltinAuthFactory } from '../auth/configure-auth.ts';
import { ConfigError } from '../errors/config-error.ts';
import { createStreamLogger, type Logger, type LogLevel } from '../logging/logger.ts';
import { hybridToolRanker } from '../registry/hybrid-tool-search.ts';
import { SearchToolsTool } from '../registry/search-tools.tool.ts';
import type { ToolRegistry } from '../registry/tool-registry.ts';
import type { ToolSelection } from '../registry/tool-selection.ts';
import { collectDefinitions, DEFINITIONS_OUT_ENV } from '../tool/precomputed-definitions.ts';
import type { McpServerOptions } from './create-mcp-server.ts';
import { toolScope, STANDARD_SCOPES } from '../tool/tool-scope.ts';
import { isLoopbackAddress, parseAllowedHost } from './host-check.ts';
import {
  DEFAULT_MAX_BUFFERED_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_REQUEST_TIMEOUT_MS,
} from './request-limits.ts';
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_TIMEOUT_MS } from './session-table.ts';
import { serveStdio, type RunningServer } from './stdio.ts';
import type { HttpRoute } from './http-route.ts';
import { serveHttp } from './serve-http.ts';

export interface ServeCliOptions<TDeps> extends Omit<
  McpServerOptions<TDeps>,
  'deps' | 'selection' | 'logger' | 'depsFor' | 'authenticated'
> {
  registry: ToolRegistry<TDeps>;
  /**
   * The command as installed, the key of the package's `bin` (`yandex-tracker-mcp`): named by
   * `--help`, usage errors and `--version`. @default name (the server name clients see)
   */
  command?: string;
  /**
   * Creates the dependencies after the command line is parsed (read config here, not at import).
   * Receives the server's logger (level from `--log-level`) to hand to API clients, the transport
   * and the `--auth` mode (over stdio, always `none`: it is ignored there).
   */
  createDeps: (context: {
    logger: Logger;
    transport: 'stdio' | 'http';
    auth: AuthSetting;
  }) => TDeps | Promise<TDeps>;
  argv?: readonly string[];
  env?: Record<string, string | undefined>;
  /** Extra lines for `--help` (environment variables the server needs, …). */
  helpText?: string;
  /** Install SIGINT/SIGTERM handlers. @default true */
  handleSignals?: boolean;
  /**
   * More HTTP endpoints beside `/mcp` and `/health` with `--transport http` (e.g. a webhook
   * receiver), made from the dependencies. Not served over stdio.
   */
  httpRoutes?: (context: { deps: TDeps; logger: Logger }) => readonly HttpRoute[];
  /**
   * Per-user dependencies with `--auth` (see McpServerOptions.depsFor), made from the caller and
   * the server's shared dependencies (`createDeps`'s).
   */
  depsFor?: (auth: AuthContext, context: { deps: TDeps; logger: Logger }) => TDeps;
  /**
   * The app's built-in authorization server (`--auth builtin`): without it the CLI refuses that
   * mode. Called once the server listens, with the canonical MCP URL.
   */
  builtinAuth?: BuiltinAuthFactory;
  /**
   * Wraps the resource server `--auth` made (undefined for `none`) once the server listens, e.g.
   * to also read a gateway's header with the user's upstream token (pass-through). Called with the
   * canonical MCP URL; returning undefined serves without authentication.
   */
  wrapAuth?: (
    auth: ResourceServer | undefined,
    context: { resource: URL; logger: Logger; env: Record<string, string | undefined> },
  ) => ResourceServer | undefined | Promise<ResourceServer | undefined>;
}

export interface ServeCliArgs {
  transport: 'stdio' | 'http';
  host: string;
  port: number;
  stateful: boolean;
  /** Host names requests may be addressed to besides localhost (empty: the default rule). */
  allowedHosts: string[];
  /** Browser origins (`scheme://host[:port]`) allowed besides local pages. */
  allowedOrigins: string[];
  maxSessions: number;
  /** 0: sessions never expire. */
  sessionIdleTimeoutMs: number;
  /** HTTP: connections served at once. */
  maxConnections: number;
  /** HTTP: request-body bytes held in memory at once, across requests. */
  maxBufferedBytes: number;
  /** HTTP: time to receive a whole request (0: no limit). */
  requestTimeoutMs: number;
  logLevel: LogLevel;
  selection: ToolSelection;
  /** Signs multi-round-trip `requestState`; the same on every replica (env only: never in argv). */
  requestStateSecret?: string;
  /** HTTP authentication (`--auth`); `none` serves without. */
  auth: AuthSetting;
  /** `--auth-issuer`: the authorization server (jwt, introspection). */
  authIssuer?: string;
  /** `--auth-audience`: the `aud` tokens must carry (default: the canonical MCP URL). */
  authAudience?: string;
  /** `--public-url`: the canonical MCP URL clients use, e.g. behind a proxy. */
  publicUrl?: string;
  /** `--auth-api-keys`: the keys file (api-key). */
  authApiKeysFile?: string;
  /** `--allow-unauthenticated`: serve `--auth none` on a non-loopback address. */
  allowUnauthenticated: boolean;
  /** `--tool-search`: how search_tools ranks (hybrid needs @toolsmith/knowledge-search). */
  toolSearch: 'lexical' | 'hybrid';
}

const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

const MIB = 1024 * 1024;

const truthy = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value);

export function usage(name: string, helpText?: string): string {
  return `Usage: ${name} [options]

Options:
  --transport <stdio|http>  Transport (default: stdio)                      [MCP_TRANSPORT]
  --host <host>             HTTP host (default: 127.0.0.1)                  [MCP_HOST]
  --port <port>             HTTP port (default: 3000)                       [MCP_PORT]
  --stateful                HTTP sessions (default: stateless)              [MCP_STATEFUL]
  --allowed-hosts <hosts>   Host names a proxy forwards (name[:port])       [MCP_ALLOWED_HOSTS]
                            (default: localhost, 127.0.0.1, [::1] when
                            --host is loopback; any host otherwise)
  --allowed-origins <urls>  Browser origins allowed to call besides local   [MCP_ALLOWED_ORIGINS]
                            pages (scheme://host[:port])
  --max-sessions <n>        Stateful: most open sessions; the least         [MCP_MAX_SESSIONS]
                            recently used idle one makes room (default: ${DEFAULT_MAX_SESSIONS})
  --session-idle-timeout <s>
                            Stateful: seconds before an idle session closes [MCP_SESSION_IDLE_TIMEOUT]
                            (default: ${DEFAULT_SESSION_IDLE_TIMEOUT_MS / 1000}; 0: never)
  --max-connections <n>     HTTP: connections served at once; past them     [MCP_MAX_CONNECTIONS]
                            503 + Retry-After (default: ${DEFAULT_MAX_CONNECTIONS})
  --max-buffered-mb <MiB>   HTTP: request bodies held in memory at once,    [MCP_MAX_BUFFERED_MB]
                            all requests together (default: ${DEFAULT_MAX_BUFFERED_BYTES / MIB})
  --request-timeout <s>     HTTP: seconds to receive a whole request        [MCP_REQUEST_TIMEOUT]
                            (default: ${DEFAULT_REQUEST_TIMEOUT_MS / 1000}; 0: no limit)
  --read-only               Hide and refuse every tool that changes data    [MCP_READ_ONLY]
  --toolsets <ids>          Toolsets to enable: "a,b", "default,b" or "all" [MCP_TOOLSETS]
  --tools <names>           Comma-separated tools to enable                 [MCP_TOOLS]
  --exclude-tools <names>   Comma-separated tools to disable                [MCP_EXCLUDE_TOOLS]
  --tool-search <ranking>   How search_tools ranks: lexical (default) or    [MCP_TOOL_SEARCH]
                            hybrid (+ full text and trigram; needs
                            @toolsmith/knowledge-search installed)
  --log-level <level>       debug|info|warn|error (default: info)           [MCP_LOG_LEVEL]
  --auth <mode>             HTTP authentication: none|jwt|introspection|    [MCP_AUTH]
                            api-key|builtin (default: none)
  --auth-issuer <url>       Authorization server issuer (jwt, introspection)[MCP_AUTH_ISSUER]
  --auth-audience <url>     Audience tokens must carry (default: the        [MCP_AUTH_AUDIENCE]
                            canonical MCP URL, --public-url)
  --public-url <url>        The MCP URL clients use, e.g. behind a proxy    [MCP_PUBLIC_URL]
                            (default: http://<host>:<port>/mcp)
  --auth-api-keys <file>    API keys, "name:key:scopes" lines or JSON       [MCP_AUTH_API_KEYS
                            (api-key)                                        holds the keys]
  --allow-unauthenticated   Serve --auth none on a non-loopback address     [MCP_ALLOW_UNAUTHENTICATED]
                            (a proxy in front authenticates)
  -h, --help                Show this help
  -v, --version             Show the version

Environment only: MCP_REQUEST_STATE_SECRET (32+ bytes) signs the state of requests that ask the
client (elicitation, sampling, roots); give every replica behind a load balancer the same one.
MCP_AUTH_CLIENT_ID and MCP_AUTH_CLIENT_SECRET: this server's client credentials for token
introspection (--auth introspection).
${helpText ? `\n${helpText}\n` : ''}`;
}

/** Parses the command line (and env fallbacks). Throws ConfigError with the fix on bad input. */
export function parseServeArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ServeCliArgs & { help: boolean; version: boolean } {
  let values;
  try {
    // process.getBuiltinModule: node:util without building its ES module facade at every start.
    ({ values } = process.getBuiltinModule('node:util').parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        transport: { type: 'string' },
        host: { type: 'string' },
        port: { type: 'string' },
        stateful: { type: 'boolean' },
        'allowed-hosts': { type: 'string' },
        'allowed-origins': { type: 'string' },
        'max-sessions': { type: 'string' },
        'session-idle-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        'max-buffered-mb': { type: 'string' },
        'request-timeout': { type: 'string' },
        'read-only': { type: 'boolean' },
        toolsets: { type: 'string' },
        tools: { type: 'string' },
        'exclude-tools': { type: 'string' },
        'log-level': { type: 'string' },
        auth: { type: 'string' },
        'auth-issuer': { type: 'string' },
        'auth-audience': { type: 'string' },
        'public-url': { type: 'string' },
        'auth-api-keys': { type: 'string' },
        'allow-unauthenticated': { type: 'boolean' },
        'tool-search': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean', short: 'v' },
      },
    }));
  } catch (error) {
    throw new ConfigError({
      problems: [
        {
          variable: 'command line',
          problem: (error as Error).message,
          howToFix: 'Run with --help to see the options.',
        },
      ],
    });
  }
  const problems = [];
  const transport = values.transport ?? env.MCP_TRANSPORT ?? 'stdio';
  if (transport !== 'stdio' && transport !== 'http') {
    problems.push({
      variable: '--transport',
      problem: `unknown transport "${transport}".`,
      howToFix: 'Use "stdio" or "http".',
    });
  }
  const portText = values.port ?? env.MCP_PORT ?? '3000';
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push({
      variable: '--port',
      problem: `"${portText}" is not a port number.`,
      howToFix: 'Use an integer from 0 to 65535.',
    });
  }
  const allowedHosts = list(values['allowed-hosts'] ?? env.MCP_ALLOWED_HOSTS) ?? [];
  for (const entry of allowedHosts) {
    if (!parseAllowedHost(entry)) {
      problems.push({
        variable: '--allowed-hosts',
        problem: `"${entry}" is not a host name.`,
        howToFix:
          'Use host names or addresses, optionally with a port: "mcp.example.com,mcp.example.com:8443".',
      });
    }
  }
  const allowedOrigins = list(values['allowed-origins'] ?? env.MCP_ALLOWED_ORIGINS) ?? [];
  for (const entry of allowedOrigins) {
    let origin: string | undefined;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = undefined;
    }
    if (origin !== entry) {
      problems.push({
        variable: '--allowed-origins',
        problem: `"${entry}" is not an origin.`,
        howToFix:
          'Use origins as browsers send them: scheme, host and port only, e.g. "https://app.example.com,http://localhost:5173".',
      });
    }
  }
  const maxSessionsText = values['max-sessions'] ?? env.MCP_MAX_SESSIONS ?? String(DEFAULT_MAX_SESSIONS);
  const maxSessions = Number(maxSessionsText);
  if (!/^\d+$/.test(maxSessionsText) || maxSessions < 1) {
    problems.push({
      variable: '--max-sessions',
      problem: `"${maxSessionsText}" is not a number of sessions.`,
      howToFix: `Use a whole number of 1 or more (default ${DEFAULT_MAX_SESSIONS}).`,
    });
  }
  const idleText =
    values['session-idle-timeout'] ??
    env.MCP_SESSION_IDLE_TIMEOUT ??
    String(DEFAULT_SESSION_IDLE_TIMEOUT_MS / 1000);
  const idleSeconds = Number(idleText);
  if (idleText.trim() === '' || !Number.isFinite(idleSeconds) || idleSeconds < 0) {
    problems.push({
      variable: '--session-idle-timeout',
      problem: `"${idleText}" is not a number of seconds.`,
      howToFix: `Use seconds, e.g. 1800 for 30 minutes, or 0 to keep idle sessions (default ${DEFAULT_SESSION_IDLE_TIMEOUT_MS / 1000}).`,
    });
  }
  const maxConnectionsText =
    values['max-connections'] ?? env.MCP_MAX_CONNECTIONS ?? String(DEFAULT_MAX_CONNECTIONS);
  const maxConnections = Number(maxConnectionsText);
  if (!/^\d+$/.test(maxConnectionsText) || maxConnections < 1) {
    problems.push({
      variable: '--max-connections',
      problem: `"${maxConnectionsText}" is not a number of connections.`,
      howToFix: `Use a whole number of 1 or more (default ${DEFAULT_MAX_CONNECTIONS}).`,
    });
  }
  const bufferedText =
    values['max-buffered-mb'] ?? env.MCP_MAX_BUFFERED_MB ?? String(DEFAULT_MAX_BUFFERED_BYTES / MIB);
  const bufferedMiB = Number(bufferedText);
  if (bufferedText.trim() === '' || !Number.isFinite(bufferedMiB) || bufferedMiB <= 0) {
    problems.push({
      variable: '--max-buffered-mb',
      problem: `"${bufferedText}" is not a size in MiB.`,
      howToFix: `Use MiB above 0, e.g. 256 (default ${DEFAULT_MAX_BUFFERED_BYTES / MIB}); at least the largest body (4 MiB) to accept every request.`,
    });
  }
  const requestTimeoutText =
    values['request-timeout'] ?? env.MCP_REQUEST_TIMEOUT ?? String(DEFAULT_REQUEST_TIMEOUT_MS / 1000);
  const requestTimeoutSeconds = Number(requestTimeoutText);
  if (
    requestTimeoutText.trim() === '' ||
    !Number.isFinite(requestTimeoutSeconds) ||
    requestTimeoutSeconds < 0
  ) {
    problems.push({
      variable: '--request-timeout',
      problem: `"${requestTimeoutText}" is not a number of seconds.`,
      howToFix: `Use seconds, e.g. 60, or 0 for no limit (default ${DEFAULT_REQUEST_TIMEOUT_MS / 1000}).`,
    });
  }
  const toolSearch = values['tool-search'] ?? env.MCP_TOOL_SEARCH ?? 'lexical';
  if (toolSearch !== 'lexical' && toolSearch !== 'hybrid') {
    problems.push({
      variable: '--tool-search',
      problem: `unknown ranking "${toolSearch}".`,
      howToFix: 'Use "lexical" (the default) or "hybrid" (with @toolsmith/knowledge-search installed).',
    });
  }
  const logLevel = values['log-level'] ?? env.MCP_LOG_LEVEL ?? 'info';
  if (!['debug', 'info', 'warn', 'error'].includes(logLevel)) {
    problems.push({
      variable: '--log-level',
      problem: `unknown level "${logLevel}".`,
      howToFix: 'Use debug, info, warn or error.',
    });
  }
  const requestStateSecret = env.MCP_REQUEST_STATE_SECRET;
  if (requestStateSecret !== undefined && Buffer.byteLength(requestStateSecret) < 32) {
    problems.push({
      variable: 'MCP_REQUEST_STATE_SECRET',
      problem: `too short (${Buffer.byteLength(requestStateSecret)} bytes): an HMAC key needs at least 32.`,
      howToFix: 'Use 32 or more random bytes, e.g. the output of `openssl rand -base64 48`.',
    });
  }
  const auth = values.auth ?? env.MCP_AUTH ?? 'none';
  if (!AUTH_MODES.includes(auth as AuthSetting)) {
    problems.push({
      variable: '--auth',
      problem: `unknown mode "${auth}".`,
      howToFix: `Use ${AUTH_MODES.join(', ')}.`,
    });
  }
  const urlSetting = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
      problems.push({
        variable: flag,
        problem: `"${value.slice(0, 200)}" is not an http(s) URL.`,
        howToFix: 'Give a full URL, e.g. https://mcp.example.com/mcp.',
      });
    }
    return value;
  };
  const authIssuer = urlSetting('--auth-issuer', values['auth-issuer'] ?? env.MCP_AUTH_ISSUER);
  const authAudience = urlSetting('--auth-audience', values['auth-audience'] ?? env.MCP_AUTH_AUDIENCE);
  const publicUrl = urlSetting('--public-url', values['public-url'] ?? env.MCP_PUBLIC_URL);
  const host = values.host ?? env.MCP_HOST ?? '127.0.0.1';
  const allowUnauthenticated = values['allow-unauthenticated'] ?? truthy(env.MCP_ALLOW_UNAUTHENTICATED);
  if (transport === 'http' && auth === 'none' && !isLoopbackAddress(host) && !allowUnauthenticated) {
    problems.push({
      variable: '--auth',
      problem: `serving HTTP on ${host} without authentication would let anyone who reaches the port call every tool with this server's own credentials.`,
      howToFix:
        'Choose --auth jwt, introspection, api-key or builtin; or listen on 127.0.0.1; or, when a proxy in front authenticates every request, pass --allow-unauthenticated (MCP_ALLOW_UNAUTHENTICATED=1).',
    });
  }
  if (transport === 'http' && auth !== 'none' && !isLoopbackAddress(host) && publicUrl === undefined) {
    problems.push({
      variable: '--public-url',
      problem: `with --auth on ${host}, the server cannot tell the URL clients reach it at, which its tokens are issued for.`,
      howToFix:
        'Pass --public-url https://mcp.example.com/mcp (or set MCP_PUBLIC_URL): the MCP URL as clients see it, behind your proxy.',
    });
  }
  if (problems.length > 0) throw new ConfigError({ problems });

  const toolsets = list(values.toolsets ?? env.MCP_TOOLSETS);
  const tools = list(values.tools ?? env.MCP_TOOLS);
  const exclude = list(values['exclude-tools'] ?? env.MCP_EXCLUDE_TOOLS);
  return {
    transport: transport as 'stdio' | 'http',
    host,
    port,
    stateful: values.stateful ?? truthy(env.MCP_STATEFUL),
    allowedHosts,
    allowedOrigins,
    maxSessions,
    sessionIdleTimeoutMs: idleSeconds * 1000,
    maxConnections,
    maxBufferedBytes: Math.round(bufferedMiB * MIB),
    requestTimeoutMs: Math.round(requestTimeoutSeconds * 1000),
    logLevel: logLevel as LogLevel,
    selection: {
      readOnly: values['read-only'] ?? truthy(env.MCP_READ_ONLY),
      ...(toolsets ? { toolsets } : {}),
      ...(tools ? { tools } : {}),
      ...(exclude ? { exclude } : {}),
    },
    ...(requestStateSecret ? { requestStateSecret } : {}),
    auth: auth as AuthSetting,
    ...(authIssuer !== undefined ? { authIssuer } : {}),
    ...(authAudience !== undefined ? { authAudience } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    ...(values['auth-api-keys'] !== undefined ? { authApiKeysFile: values['auth-api-keys'] } : {}),
    allowUnauthenticated,
    toolSearch: toolSearch as 'lexical' | 'hybrid',
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

/**
 * Parses the command line, creates the dependencies and serves. Configuration problems are printed
 * to stderr with how to fix them and set exit code 2 (usage) or 1 (config); nothing reaches stdout.
 */
export async function runServeCli<TDeps>(
  options: ServeCliOptions<TDeps>,
): Promise<RunningServer | undefined> {
  const env = options.env ?? process.env;
  const definitionsOut = env[DEFINITIONS_OUT_ENV];
  if (definitionsOut) {
    // toolsmith-bundle records the definitions beside the bundle it built; nothing is served.
    // search_tools too: createMcpServerFactory adds it to every server (its definition is static).
    const searchTools = new SearchToolsTool(options.registry as ToolRegistry<unknown>);
    const definitions = collectDefinitions([searchTools, ...options.registry.list()]);
    process.getBuiltinModule('node:fs').writeFileSync(definitionsOut, JSON.stringify(definitions));
    return undefined;
  }
  const stderr = (text: string) => void process.stderr.write(text.endsWith('\n') ? text : `${text}\n`);
  const command = options.command ?? options.name;
  let args: ReturnType<typeof parseServeArgs>;
  try {
    args = parseServeArgs(options.argv ?? process.argv.slice(2), env);
  } catch (error) {
    stderr(`${(error as Error).message}\n\n${usage(command, options.helpText)}`);
    process.exitCode = 2;
    return undefined;
  }
  if (args.help) {
    process.stdout.write(usage(command, options.helpText));
    return undefined;
  }
  if (args.version) {
    process.stdout.write(`${command} ${options.version}\n`);
    return undefined;
  }

  const logger = createStreamLogger({ level: args.logLevel, base: { server: options.name } });
  let running: RunningServer;
  try {
    const selected = options.registry.select(args.selection); // validates toolset/tool names before starting
    const deps = await options.createDeps({
      logger,
      transport: args.transport,
      auth: args.transport === 'stdio' ? 'none' : args.auth,
    });
    const secret = args.requestStateSecret;
    const clientSecret = env.MCP_AUTH_CLIENT_SECRET;
    const { depsFor, builtinAuth, wrapAuth, ...rest } = options;
    const secrets = [secret, args.auth === 'introspection' ? clientSecret : undefined].filter(
      (value): value is string => value !== undefined && value !== '',
    );
    const searchTools =
      args.toolSearch === 'hybrid' && rest.searchTools !== false
        ? {
            ...(typeof rest.searchTools === 'object' ? rest.searchTools : {}),
            ranker: hybridToolRanker(
              typeof rest.searchTools === 'object' ? rest.searchTools.glossary : undefined,
            ),
          }
        : rest.searchTools;
    const serverOptions = {
      ...rest,
      ...(searchTools !== undefined ? { searchTools } : {}),
      deps,
      logger,
      selection: args.selection,
      ...(depsFor ? { depsFor: (auth: AuthContext) => depsFor(auth, { deps, logger }) } : {}),
      ...(secret ? { requestStateSecret: secret } : {}),
      ...(secrets.length > 0 ? { secrets: () => [...secrets, ...(options.secrets?.() ?? [])] } : {}),
    };
    // The scopes this server's enabled tools need, for the metadata's scopes_supported.
    const toolScopes = new Set<string>(['read', ...selected.tools.map((t) => toolScope(t.metadata))]);
    const scopesSupported = [
      ...STANDARD_SCOPES.filter((scope) => toolScopes.has(scope)),
      ...[...toolScopes].filter((scope) => !(STANDARD_SCOPES as readonly string[]).includes(scope)),
    ];
    const configured =
      args.auth === 'none'
        ? undefined
        : // Loaded only when a mode is chosen: configure-auth brings jose and the verifiers, which a
          // server without --auth (stdio, every local install) never needs at start.
          async ({ url }: { url: URL }) =>
            (await import('../auth/configure-auth.ts'))
              .configureAuth(
                {
                  mode: args.auth,
                  ...(args.authIssuer !== undefined ? { issuer: args.authIssuer } : {}),
                  ...(args.authAudience !== undefined ? { audience: args.authAudience } : {}),
                  ...(args.authApiKeysFile !== undefined ? { apiKeysFile: args.authApiKeysFile } : {}),
                  ...(env.MCP_AUTH_API_KEYS !== undefined ? { apiKeysEnv: env.MCP_AUTH_API_KEYS } : {}),
                  ...(env.MCP_AUTH_CLIENT_ID !== undefined ? { clientId: env.MCP_AUTH_CLIENT_ID } : {}),
                  ...(clientSecret !== undefined ? { clientSecret } : {}),
                },
                {
                  resource: new URL(args.publicUrl ?? url),
                  logger,
                  env,
                  scopesSupported,
                  resourceName: options.title ?? options.name,
                  ...(builtinAuth ? { builtinAuth } : {}),
                },
              )
              .then((made) => made!); // undefined only for none
    const auth = wrapAuth
      ? async ({ url }: { url: URL }) => {
          return wrapAuth(configured ? await configured({ url }) : undefined, {
            resource: new URL(args.publicUrl ?? url),
            logger,
            env,
          });
        }
      : configured;
    running =
      args.transport === 'http'
        ? await serveHttp({
            ...serverOptions,
            host: args.host,
            port: args.port,
            stateful: args.stateful,
            allowedHosts: args.allowedHosts,
            allowedOrigins: args.allowedOrigins,
            maxSessions: args.maxSessions,
            sessionIdleTimeoutMs: args.sessionIdleTimeoutMs,
            maxConnections: args.maxConnections,
            maxBufferedBytes: args.maxBufferedBytes,
            requestTimeoutMs: args.requestTimeoutMs,
            ...(auth ? { auth } : {}),
            ...(options.httpRoutes ? { routes: options.httpRoutes({ deps, logger }) } : {}),
          })
        : await serveStdio(serverOptions);
    if (args.transport === 'stdio' && args.auth !== 'none') {
      logger.warn('--auth is ignored over stdio: the server answers only the process that started it', {
        auth: args.auth,
      });
    }
  } catch (error) {
    if (ConfigError.isInstance(error)) {
      stderr(error.message);
      process.exitCode = 1;
      return undefined;
    }
    throw error;
  }

  if (options.handleSignals ?? true) {
    const shutdown = (signal: string) => {
      logger.info('shutting down', { signal });
      const force = setTimeout(() => process.exit(1), 5000);
      force.unref();
      void running.close().then(() => process.exit(0));
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
  }
  if (args.transport === 'stdio') void running.closed.then(() => process.exit(0));
  return running;
}
