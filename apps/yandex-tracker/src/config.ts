/**
 * Server configuration from the environment, validated at start. Every problem is reported at once
 * with what to set (ConfigError); token values are never echoed.
 */
import {
  ConfigError,
  envInteger,
  envList,
  httpClientEnv,
  loadEnvConfig,
  type ConfigProblem,
  type EnvSource,
} from '@toolsmith/core';
import { z } from 'zod';
import { DEFAULT_PASSTHROUGH_HEADER } from './auth/passthrough-authenticator.ts';
import { YANDEX_IAM_TOKEN_URL } from './auth/service-account-credentials.ts';
import {
  hasServiceAccountKey,
  readServiceAccountKey,
  type ServiceAccountKey,
} from './auth/service-account-key.ts';
import { YANDEX_LOGIN_BASE, YANDEX_OAUTH_BASE } from './auth/yandex-oauth-provider.ts';

// node:path as Node's own module object: an `import` would build its ES module facade at every start.
const path = process.getBuiltinModule('node:path');

const queueKey = z
  .string()
  .regex(/^[A-Z][A-Z0-9]*$/, 'queue keys are upper-case letters and digits, e.g. DEMO');

const TrackerEnv = z.object({
  YANDEX_TRACKER_TOKEN: z
    .string()
    .optional()
    .describe(
      'OAuth token sent as "Authorization: OAuth <token>". Get one at https://oauth.yandex.ru/ for an app with tracker:read and tracker:write.',
    ),
  YANDEX_TRACKER_IAM_TOKEN: z
    .string()
    .optional()
    .describe(
      'IAM token sent as "Authorization: Bearer <token>" (Yandex Cloud organisations only; `yc iam create-token`; it expires within 12 hours, a service account key refreshes itself). Set this or YANDEX_TRACKER_TOKEN.',
    ),
  YANDEX_SA_KEY_FILE: z
    .string()
    .optional()
    .describe(
      "Path of a service account's authorized key file (`yc iam key create --output key.json`): the server exchanges it for IAM tokens and refreshes them itself (Yandex Cloud organisations only).",
    ),
  YANDEX_SA_KEY_ID: z
    .string()
    .optional()
    .describe(
      'The authorized key\'s "id", with YANDEX_SA_SERVICE_ACCOUNT_ID and YANDEX_SA_PRIVATE_KEY (instead of YANDEX_SA_KEY_FILE).',
    ),
  YANDEX_SA_SERVICE_ACCOUNT_ID: z
    .string()
    .optional()
    .describe(
      'The authorized key\'s "service_account_id" (with YANDEX_SA_KEY_ID and YANDEX_SA_PRIVATE_KEY).',
    ),
  YANDEX_SA_PRIVATE_KEY: z
    .string()
    .optional()
    .describe(
      'The authorized key\'s "private_key" PEM; "\\n" in one line is read as a line break (with YANDEX_SA_KEY_ID and YANDEX_SA_SERVICE_ACCOUNT_ID).',
    ),
  YANDEX_IAM_ENDPOINT: z
    .url()
    .default(YANDEX_IAM_TOKEN_URL)
    .describe(
      `Where a service account's JWT is exchanged for an IAM token (default ${YANDEX_IAM_TOKEN_URL}).`,
    ),
  YANDEX_TRACKER_UPSTREAM_AUTH: z
    .enum(['server', 'passthrough'])
    .default('server')
    .describe(
      "server (default): Tracker is called with the credentials above (or, with --auth builtin, each user's own Yandex login); passthrough: with the Yandex token a gateway sends in YANDEX_TRACKER_UPSTREAM_HEADER for each request (the gateway must set that header and strip it from clients). Also --upstream-auth.",
    ),
  YANDEX_TRACKER_UPSTREAM_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'an HTTP header name, e.g. X-Upstream-Authorization')
    .default(DEFAULT_PASSTHROUGH_HEADER)
    .describe(
      `Pass-through mode: the header the gateway puts the user's "OAuth <token>" or "Bearer <IAM token>" in (default ${DEFAULT_PASSTHROUGH_HEADER}; never Authorization). Also --upstream-auth-header.`,
    ),
  YANDEX_OAUTH_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      'With --auth builtin: ClientID of the Yandex OAuth app users log in with (https://oauth.yandex.ru/client/new, scopes tracker:read and tracker:write, redirect URI <server>/oauth/callback).',
    ),
  YANDEX_OAUTH_CLIENT_SECRET: z
    .string()
    .optional()
    .describe("With --auth builtin: the Yandex OAuth app's Client secret."),
  YANDEX_OAUTH_BASE: z
    .url()
    .default(YANDEX_OAUTH_BASE)
    .describe(`Yandex OAuth (authorize and token endpoints), default ${YANDEX_OAUTH_BASE}.`),
  YANDEX_LOGIN_BASE: z
    .url()
    .default(YANDEX_LOGIN_BASE)
    .describe(`Yandex ID (/info: who logged in), default ${YANDEX_LOGIN_BASE}.`),
  YANDEX_ORG_ID: z
    .string()
    .regex(/^\d+$/, 'a Yandex 360 organisation id is a number')
    .optional()
    .describe(
      'Yandex 360 for Business organisation id (sent as X-Org-ID). Tracker → Administration → Organizations.',
    ),
  YANDEX_CLOUD_ORG_ID: z
    .string()
    .optional()
    .describe('Yandex Cloud organisation id (sent as X-Cloud-Org-ID). Set this or YANDEX_ORG_ID, not both.'),
  YANDEX_TRACKER_API_BASE: z
    .url()
    .default('https://api.tracker.yandex.net')
    .describe('API base URL; point it at the emulator for tests and the demo.'),
  YANDEX_TRACKER_WEB_URL: z
    .url()
    .default('https://tracker.yandex.ru')
    .describe('Web UI base URL used for issue links (https://tracker.yandex.com for the international UI).'),
  ...httpClientEnv('YANDEX_TRACKER', {
    concurrency: 5,
    concurrencyNote: 'The API rate-limits bursts; 5 is a safe default.',
  }),
  YANDEX_TRACKER_MAX_BATCH: envInteger({ min: 1, max: 1000, fallback: 50 }).describe(
    'Most items one batch tool call may take (1–1000).',
  ),
  YANDEX_TRACKER_QUEUES: envList(queueKey)
    .optional()
    .describe(
      'Comma-separated queue keys this server may touch (allow-list), e.g. "DEMO,OPS". Unset: all queues.',
    ),
  YANDEX_TRACKER_READ_ONLY_QUEUES: envList(queueKey)
    .optional()
    .describe('Comma-separated queue keys that are read-only for this server, e.g. "OPS".'),
  YANDEX_TRACKER_UPLOAD_DIR: z
    .string()
    .optional()
    .describe('Directory from which upload_attachment may read files by path (unset: base64 content only).'),
  YANDEX_TRACKER_UPLOAD_URL_HOSTS: envList(
    z
      .string()
      .regex(
        /^(\*\.)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.?$|^\[?[0-9A-Fa-f:.]+\]?$/,
        'a host name (files.example.com), *.example.com for its subdomains, or an IP address',
      ),
  )
    .optional()
    .describe(
      'Comma-separated hosts upload_attachment may fetch a `url` from, e.g. "files.example.com,*.cdn.example.com". Unset: URL uploads off. A private or loopback host must be named exactly (not by a wildcard).',
    ),
  YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES: envInteger({
    min: 1,
    max: 50 * 1024 * 1024,
    fallback: 10 * 1024 * 1024,
  }).describe(
    'Largest file upload_attachment fetches from a `url`, in bytes (default 10 MiB, at most 50 MiB): enforced while reading.',
  ),
  YANDEX_TRACKER_DOWNLOAD_DIR: z
    .string()
    .optional()
    .describe(
      'Directory into which download tools may save files (unset: content is returned as base64 only).',
    ),
  YANDEX_TRACKER_MAX_DOWNLOAD_BYTES: envInteger({ min: 1024, fallback: 10 * 1024 * 1024 }).describe(
    'Largest attachment a download returns or saves, in bytes (default 10 MiB).',
  ),
  YANDEX_TRACKER_CONFIRM_DESTRUCTIVE: z
    .stringbool()
    .default(true)
    .describe(
      'Deletes, moves to another queue and other irreversible changes first ask the user (elicitation) or, when the client cannot ask, need confirm: true (default true; false turns this off).',
    ),
  YANDEX_TRACKER_BULK_POLL_MS: envInteger({ min: 10, fallback: 1000 }).describe(
    'Delay between bulk-change status polls (ms).',
  ),
  YANDEX_TRACKER_BULK_TIMEOUT_MS: envInteger({ min: 100, fallback: 120_000 }).describe(
    'How long a bulk tool waits for the operation to finish before returning its id (ms).',
  ),
  YANDEX_TRACKER_REFERENCE_TTL_MS: envInteger({ min: 0, max: 86_400_000, fallback: 600_000 }).describe(
    'How long the reference values calls are checked against (users, queues, statuses, priorities, types, resolutions, components, boards, sprints, projects, fields) are kept (ms, default 10 minutes; 0 reads them for every call).',
  ),
  YANDEX_TRACKER_TIMEZONE: z
    .string()
    .refine(isTimeZone, 'an IANA time zone such as Europe/Moscow')
    .optional()
    .describe(
      "Time zone (IANA, e.g. Europe/Moscow) that times without an offset are read in when the token owner's Tracker profile has none. Unset: UTC, and answers say so.",
    ),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type TrackerEnvConfig = z.output<typeof TrackerEnv>;

/** The server's own credentials (upstream auth `server`). */
export type ServerCredentialsConfig =
  | { kind: 'oauth-token'; scheme: 'OAuth'; token: string }
  | { kind: 'iam-token'; scheme: 'Bearer'; token: string }
  | { kind: 'service-account'; key: ServiceAccountKey; iamEndpoint: string };

/** Whose credentials Tracker is called with. */
export type UpstreamAuthConfig =
  /** The server's own, for every caller. */
  | { mode: 'server'; credentials: ServerCredentialsConfig }
  /** Each user's, from the gateway's header. */
  | { mode: 'passthrough'; header: string }
  /** Each user's, from their Yandex login through the built-in authorization server (`--auth builtin`). */
  | {
      mode: 'login';
      yandexOAuth: { clientId: string; clientSecret: string; oauthBase: string; loginBase: string };
    };

export interface LoadConfigOptions {
  /**
   * `login` when the server's MCP auth mode is the built-in authorization server (`--auth builtin`):
   * each user logs in at Yandex and calls Tracker as themselves.
   */
  upstreamAuth?: 'login';
  /** Reads YANDEX_SA_KEY_FILE (tests pass their own). */
  readFile?: (path: string) => string;
}

export interface TrackerConfig {
  apiBase: string;
  webUrl: string;
  upstreamAuth: UpstreamAuthConfig;
  org: { header: 'X-Org-ID' | 'X-Cloud-Org-ID'; id: string };
  timeoutMs: number;
  retries: number;
  concurrency: number;
  maxBatch: number;
  /** Undefined: every queue. */
  queues: readonly string[] | undefined;
  readOnlyQueues: readonly string[];
  uploadDir: string | undefined;
  /** Where upload_attachment's `url` may point, and how much it reads (within `timeoutMs`). */
  uploadUrl: { hosts: readonly string[]; maxBytes: number; timeoutMs: number };
  downloadDir: string | undefined;
  maxDownloadBytes: number;
  /** Irreversible changes need the user's yes (YANDEX_TRACKER_CONFIRM_DESTRUCTIVE). */
  confirmDestructive: boolean;
  bulkPollMs: number;
  bulkTimeoutMs: number;
  /** How long reference values (users, queues, statuses, priorities, …) are cached. */
  referenceTtlMs: number;
  /** The zone times without an offset are read in when the profile has none (YANDEX_TRACKER_TIMEZONE). */
  timezone: string | undefined;
}

/** Reads and validates the environment. Throws ConfigError naming every problem and its fix. */
export function loadConfig(env: EnvSource = process.env, options: LoadConfigOptions = {}): TrackerConfig {
  const raw = loadEnvConfig(TrackerEnv, env);
  const problems: ConfigProblem[] = [];
  const mode = options.upstreamAuth ?? raw.YANDEX_TRACKER_UPSTREAM_AUTH;
  if (options.upstreamAuth === 'login' && raw.YANDEX_TRACKER_UPSTREAM_AUTH === 'passthrough') {
    problems.push({
      variable: 'YANDEX_TRACKER_UPSTREAM_AUTH',
      problem: 'is passthrough, but --auth builtin logs each user in at Yandex itself.',
      howToFix:
        "Use one: pass-through behind a gateway that holds the users' Yandex tokens (with --auth none, jwt or introspection), or --auth builtin without pass-through.",
    });
  }
  const serverCredentials = readServerCredentials(raw, mode, problems, options.readFile);
  if (mode === 'passthrough' && /^(proxy-)?authorization$/i.test(raw.YANDEX_TRACKER_UPSTREAM_HEADER)) {
    problems.push({
      variable: 'YANDEX_TRACKER_UPSTREAM_HEADER',
      problem: `is ${raw.YANDEX_TRACKER_UPSTREAM_HEADER}, which carries the MCP client's token for this server: it must never be passed on to Tracker.`,
      howToFix: `Have the gateway send the user's Yandex token in a header of its own, e.g. ${DEFAULT_PASSTHROUGH_HEADER} (the default).`,
    });
  }
  if (mode === 'login') {
    for (const variable of ['YANDEX_OAUTH_CLIENT_ID', 'YANDEX_OAUTH_CLIENT_SECRET'] as const) {
      if (raw[variable] === undefined)
        problems.push({
          variable,
          problem: 'is not set, and --auth builtin logs users in at Yandex OAuth with it.',
          howToFix:
            "Register an app at https://oauth.yandex.ru/client/new (scopes tracker:read, tracker:write; redirect URI: this server's callback) and set YANDEX_OAUTH_CLIENT_ID and YANDEX_OAUTH_CLIENT_SECRET to its ClientID and Client secret.",
        });
    }
  }
  const bearer = serverCredentials?.kind === 'iam-token' || serverCredentials?.kind === 'service-account';
  if (raw.YANDEX_ORG_ID && raw.YANDEX_CLOUD_ORG_ID) {
    problems.push({
      variable: 'YANDEX_ORG_ID',
      problem: 'and YANDEX_CLOUD_ORG_ID are both set; the API takes exactly one organisation header.',
      howToFix:
        'Unset one: YANDEX_ORG_ID for a Yandex 360 organisation, YANDEX_CLOUD_ORG_ID for a Yandex Cloud organisation (if both are linked, use YANDEX_ORG_ID).',
    });
  } else if (!raw.YANDEX_ORG_ID && !raw.YANDEX_CLOUD_ORG_ID) {
    problems.push({
      variable: 'YANDEX_ORG_ID',
      problem: 'is not set (nor YANDEX_CLOUD_ORG_ID).',
      howToFix:
        'Set YANDEX_ORG_ID (Yandex 360) or YANDEX_CLOUD_ORG_ID (Yandex Cloud) to the id shown in Tracker → Administration → Organizations.',
    });
  }
  if (bearer && raw.YANDEX_ORG_ID && !raw.YANDEX_CLOUD_ORG_ID) {
    const service = serverCredentials.kind === 'service-account';
    problems.push({
      variable: service
        ? raw.YANDEX_SA_KEY_FILE
          ? 'YANDEX_SA_KEY_FILE'
          : 'YANDEX_SA_KEY_ID'
        : 'YANDEX_TRACKER_IAM_TOKEN',
      problem: service
        ? 'gives IAM tokens, which work only with Cloud organisations.'
        : 'works only with Cloud organisations.',
      howToFix:
        'Use YANDEX_CLOUD_ORG_ID with an IAM token or a service account, or an OAuth token (YANDEX_TRACKER_TOKEN) with YANDEX_ORG_ID.',
    });
  }
  if (problems.length > 0) throw new ConfigError({ problems });
  return {
    apiBase: raw.YANDEX_TRACKER_API_BASE.replace(/\/+$/, ''),
    webUrl: raw.YANDEX_TRACKER_WEB_URL.replace(/\/+$/, ''),
    upstreamAuth:
      mode === 'passthrough'
        ? { mode, header: raw.YANDEX_TRACKER_UPSTREAM_HEADER }
        : mode === 'login'
          ? {
              mode,
              yandexOAuth: {
                clientId: raw.YANDEX_OAUTH_CLIENT_ID!,
                clientSecret: raw.YANDEX_OAUTH_CLIENT_SECRET!,
                oauthBase: raw.YANDEX_OAUTH_BASE.replace(/\/+$/, ''),
                loginBase: raw.YANDEX_LOGIN_BASE.replace(/\/+$/, ''),
              },
            }
          : { mode, credentials: serverCredentials! },
    org: raw.YANDEX_ORG_ID
      ? { header: 'X-Org-ID', id: raw.YANDEX_ORG_ID }
      : { header: 'X-Cloud-Org-ID', id: raw.YANDEX_CLOUD_ORG_ID! },
    timeoutMs: raw.YANDEX_TRACKER_TIMEOUT_MS,
    retries: raw.YANDEX_TRACKER_RETRIES,
    concurrency: raw.YANDEX_TRACKER_CONCURRENCY,
    maxBatch: raw.YANDEX_TRACKER_MAX_BATCH,
    queues: raw.YANDEX_TRACKER_QUEUES,
    readOnlyQueues: raw.YANDEX_TRACKER_READ_ONLY_QUEUES ?? [],
    uploadDir: raw.YANDEX_TRACKER_UPLOAD_DIR,
    uploadUrl: {
      hosts: raw.YANDEX_TRACKER_UPLOAD_URL_HOSTS ?? [],
      maxBytes: raw.YANDEX_TRACKER_UPLOAD_URL_MAX_BYTES,
      timeoutMs: raw.YANDEX_TRACKER_TIMEOUT_MS,
    },
    downloadDir: raw.YANDEX_TRACKER_DOWNLOAD_DIR,
    maxDownloadBytes: raw.YANDEX_TRACKER_MAX_DOWNLOAD_BYTES,
    confirmDestructive: raw.YANDEX_TRACKER_CONFIRM_DESTRUCTIVE,
    bulkPollMs: raw.YANDEX_TRACKER_BULK_POLL_MS,
    bulkTimeoutMs: raw.YANDEX_TRACKER_BULK_TIMEOUT_MS,
    referenceTtlMs: raw.YANDEX_TRACKER_REFERENCE_TTL_MS,
    timezone: raw.YANDEX_TRACKER_TIMEZONE,
  };
}

type RawEnv = z.output<typeof TrackerEnv>;

const SERVER_CREDENTIALS = [
  'YANDEX_TRACKER_TOKEN',
  'YANDEX_TRACKER_IAM_TOKEN',
  'YANDEX_SA_KEY_FILE',
  'YANDEX_SA_KEY_ID',
  'YANDEX_SA_SERVICE_ACCOUNT_ID',
  'YANDEX_SA_PRIVATE_KEY',
] as const;

/**
 * The server's own credentials: exactly one of the OAuth token, the IAM token and a service account
 * key when Tracker is called as the server; none when it is called as each user (never a silent
 * fallback to the server's account).
 */
function readServerCredentials(
  raw: RawEnv,
  mode: 'server' | 'passthrough' | 'login',
  problems: ConfigProblem[],
  readFile: ((path: string) => string) | undefined,
): ServerCredentialsConfig | undefined {
  if (mode !== 'server') {
    const set = SERVER_CREDENTIALS.filter((name) => raw[name] !== undefined);
    if (set.length > 0) {
      const why =
        mode === 'passthrough'
          ? 'in pass-through mode every call uses the Yandex token the gateway sends for its user'
          : 'with --auth builtin every call uses the Yandex login of its user';
      problems.push({
        variable: set[0]!,
        problem: `is set${set.length > 1 ? ` (and ${set.slice(1).join(', ')})` : ''}, but ${why}; the server never calls Tracker as itself.`,
        howToFix: `Unset ${set.join(', ')}.`,
      });
    }
    return undefined;
  }
  const serviceAccount = hasServiceAccountKey(raw);
  const given = [
    raw.YANDEX_TRACKER_TOKEN !== undefined && 'YANDEX_TRACKER_TOKEN',
    raw.YANDEX_TRACKER_IAM_TOKEN !== undefined && 'YANDEX_TRACKER_IAM_TOKEN',
    serviceAccount && (raw.YANDEX_SA_KEY_FILE !== undefined ? 'YANDEX_SA_KEY_FILE' : 'YANDEX_SA_KEY_ID'),
  ].filter((name) => name !== false);
  if (given.length > 1) {
    problems.push({
      variable: given[0]!,
      problem: `and ${given.slice(1).join(' and ')} are both set.`,
      howToFix:
        'Keep one: the OAuth token (any organisation), the IAM token or a service account key (Cloud organisations).',
    });
    return undefined;
  }
  if (given.length === 0) {
    problems.push({
      variable: 'YANDEX_TRACKER_TOKEN',
      problem: 'is not set (nor YANDEX_TRACKER_IAM_TOKEN, nor a service account key).',
      howToFix:
        "Set YANDEX_TRACKER_TOKEN to an OAuth token (https://oauth.yandex.ru/, scopes tracker:read and tracker:write), YANDEX_TRACKER_IAM_TOKEN to an IAM token, or YANDEX_SA_KEY_FILE to a service account's authorized key file.",
    });
    return undefined;
  }
  if (raw.YANDEX_TRACKER_TOKEN !== undefined)
    return { kind: 'oauth-token', scheme: 'OAuth', token: raw.YANDEX_TRACKER_TOKEN };
  if (raw.YANDEX_TRACKER_IAM_TOKEN !== undefined)
    return { kind: 'iam-token', scheme: 'Bearer', token: raw.YANDEX_TRACKER_IAM_TOKEN };
  const key = readServiceAccountKey(raw, readFile);
  if (key.problems) {
    problems.push(...key.problems);
    return undefined;
  }
  return { kind: 'service-account', key: key.key, iamEndpoint: raw.YANDEX_IAM_ENDPOINT };
}

/**
 * Where `--auth builtin` keeps its logins (clients, grants, refresh tokens, the users' Yandex tokens,
 * all hashed or encrypted): read only in that mode, so a `DATABASE_URL` set for something else
 * never stops a server that has no store.
 */
const AuthStoreEnv = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres://user:password@host:5432/database URL')
    .optional()
    .describe(
      'With --auth builtin: the PostgreSQL database every replica keeps logins in (postgres://user:password@host:5432/database). Required for several replicas; unset YANDEX_TRACKER_AUTH_DB.',
    ),
  YANDEX_TRACKER_AUTH_DB: z
    .string()
    .optional()
    .describe(
      'With --auth builtin and one server: the directory of the embedded store (PGlite) of logins, or "memory" to keep them in the process only (tests, a demo). Default: yandex-tracker-mcp/auth in the user\'s data directory.',
    ),
});

/** The value of YANDEX_TRACKER_AUTH_DB that keeps logins in memory. */
export const MEMORY_AUTH_DB = 'memory';

/** Where `--auth builtin` keeps logins. */
export type AuthStoreConfig =
  /** PostgreSQL (DATABASE_URL): shared by replicas. */
  | { kind: 'postgres'; url: string }
  /** PGlite in a directory: one process. `defaulted`: no YANDEX_TRACKER_AUTH_DB, the user's data directory. */
  | { kind: 'pglite'; directory: string; defaulted: boolean }
  /** In the process (YANDEX_TRACKER_AUTH_DB=memory): gone on restart, not shared. */
  | { kind: 'memory' };

export interface AuthStorePlace {
  platform?: NodeJS.Platform;
  /** The user's home directory; '' when there is none. @default os.homedir() */
  home?: string;
  /** Relative directories are resolved against it. @default process.cwd() */
  cwd?: string;
}

/**
 * The store of `--auth builtin` from the environment: DATABASE_URL (PostgreSQL), else
 * YANDEX_TRACKER_AUTH_DB (a PGlite directory, or `memory`), else PGlite in the user's data
 * directory. Both set is refused rather than one silently winning. Throws ConfigError.
 */
export function loadAuthStoreConfig(
  env: EnvSource = process.env,
  place: AuthStorePlace = {},
): AuthStoreConfig {
  const { DATABASE_URL: url, YANDEX_TRACKER_AUTH_DB: db } = loadEnvConfig(AuthStoreEnv, env);
  if (url !== undefined && db !== undefined) {
    throw new ConfigError({
      problems: [
        {
          variable: 'DATABASE_URL',
          problem: 'and YANDEX_TRACKER_AUTH_DB are both set; --auth builtin keeps its logins in one store.',
          howToFix:
            'Unset YANDEX_TRACKER_AUTH_DB to keep them in PostgreSQL (what several replicas need), or unset DATABASE_URL for the embedded store of one server.',
        },
      ],
    });
  }
  if (url !== undefined) return { kind: 'postgres', url };
  if (db === MEMORY_AUTH_DB) return { kind: 'memory' };
  if (db !== undefined) {
    return { kind: 'pglite', directory: path.resolve(place.cwd ?? process.cwd(), db), defaulted: false };
  }
  const directory = defaultAuthDirectory(env, place);
  if (directory === undefined) {
    throw new ConfigError({
      problems: [
        {
          variable: 'YANDEX_TRACKER_AUTH_DB',
          problem:
            "is not set, and this user has no home directory for the default store of --auth builtin (yandex-tracker-mcp/auth in the user's data directory).",
          howToFix:
            'Set YANDEX_TRACKER_AUTH_DB to a directory the server may write (one server), or DATABASE_URL to a PostgreSQL database (replicas).',
        },
      ],
    });
  }
  return { kind: 'pglite', directory, defaulted: true };
}

/**
 * `yandex-tracker-mcp/auth` in the user's data directory: $XDG_DATA_HOME or ~/.local/share (Linux
 * and other Unixes), ~/Library/Application Support (macOS), %LOCALAPPDATA% (Windows). Undefined
 * without a home directory.
 */
export function defaultAuthDirectory(env: EnvSource, place: AuthStorePlace = {}): string | undefined {
  const platform = place.platform ?? process.platform;
  const join = platform === 'win32' ? path.win32.join : path.posix.join;
  const absolute = (dir: string | undefined) =>
    dir && (platform === 'win32' ? path.win32.isAbsolute(dir) : path.posix.isAbsolute(dir)) ? dir : undefined;
  const home = absolute(place.home ?? safeHomedir());
  let base: string | undefined;
  if (platform === 'win32') base = absolute(env.LOCALAPPDATA) ?? (home && join(home, 'AppData', 'Local'));
  else if (platform === 'darwin') base = home && join(home, 'Library', 'Application Support');
  // XDG: a relative XDG_DATA_HOME is invalid and ignored
  else base = absolute(env.XDG_DATA_HOME) ?? (home && join(home, '.local', 'share'));
  return base && join(base, 'yandex-tracker-mcp', 'auth');
}

function safeHomedir(): string {
  try {
    return process.getBuiltinModule('node:os').homedir();
  } catch {
    return ''; // no home directory (a user without one, as some containers run)
  }
}
