/**
 * Configuration of the ClickUp server from the environment, validated at start. Every problem is
 * reported at once with what to set (ConfigError); token values are never echoed.
 */
import { ConfigError, envInteger, httpClientEnv, loadEnvConfig, type EnvSource } from '@toolsmith/core';
import { z } from 'zod';

export const ConfigSchema = z.object({
  CLICKUP_API_TOKEN: z
    .string()
    .optional()
    .describe(
      'Personal API token (pk_…, ClickUp → Settings → Apps → API Token), sent as "Authorization: <token>"; an OAuth access token is sent as "Bearer <token>".',
    ),
  CLICKUP_API_BASE: z
    .url()
    .default('https://api.clickup.com/api/v2')
    .describe(
      'API v2 base URL (default https://api.clickup.com/api/v2); point it at the emulator for tests and the demo.',
    ),
  CLICKUP_TEAM_ID: z
    .string()
    .regex(/^\d+$/, 'a workspace (team) id is a number, e.g. 9012345678')
    .optional()
    .describe(
      'Default workspace (team) id of every call; a call may name another with team_id. Unset: the only workspace the user sees (GET /team); with several, each call names one.',
    ),
  CLICKUP_OAUTH_CLIENT_ID: z
    .string()
    .optional()
    .describe(
      "--auth builtin: the Client ID of your ClickUp OAuth app (ClickUp → Settings → Apps → Create new app; its Redirect URL is this server's /oauth/callback).",
    ),
  CLICKUP_OAUTH_CLIENT_SECRET: z
    .string()
    .optional()
    .describe('--auth builtin: the Client Secret of the same ClickUp OAuth app.'),
  CLICKUP_OAUTH_AUTHORIZE_URL: z
    .url()
    .optional()
    .describe(
      'Where users sign in to ClickUp (default https://app.clickup.com/api, or CLICKUP_APP_URL + /api).',
    ),
  CLICKUP_APP_URL: z
    .url()
    .optional()
    .describe(
      "ClickUp's web app origin (default https://app.clickup.com): the emulator's URL for tests and the demo.",
    ),
  CLICKUP_AUTH_STORE: z
    .string()
    .optional()
    .describe(
      '--auth builtin: directory of the embedded store (PGlite) of sign-ins and encrypted ClickUp tokens. Default: .clickup-auth in the working directory; DATABASE_URL (PostgreSQL) wins, for replicas.',
    ),
  ...httpClientEnv('CLICKUP', {
    concurrency: 4,
    concurrencyNote: 'ClickUp allows 100 requests a minute on most plans.',
  }),
  CLICKUP_MAX_WAIT_MS: envInteger({ min: 0, max: 300_000, fallback: 60_000 }).describe(
    'Longest wait for a rate-limit reset (X-RateLimit-Reset) before a call fails saying when to retry.',
  ),
  CLICKUP_MAX_BATCH: envInteger({ min: 1, max: 500, fallback: 50 }).describe(
    'Most items one batch tool call may take (1–500).',
  ),
  CLICKUP_UPLOAD_DIR: z
    .string()
    .optional()
    .describe(
      'Directory from which clickup_upload_attachment may read files by path (unset: no uploads from disk).',
    ),
  CLICKUP_DOWNLOAD_MAX_BYTES: envInteger({
    min: 1024,
    max: 100 * 1024 * 1024,
    fallback: 5 * 1024 * 1024,
  }).describe(
    'Largest attachment clickup_get_attachment downloads and shows, in bytes (default 5 MiB, at most 100 MiB).',
  ),
  CLICKUP_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe(
      'Secret of a ClickUp webhook created outside this server that posts to /webhooks/clickup; webhooks created with clickup_create_webhook have their secret kept in the store. A delivery with neither is refused.',
    ),
  CLICKUP_WEBHOOK_STORE: z
    .string()
    .optional()
    .describe(
      'Directory of the embedded webhook event store (PGlite). Default: .clickup-webhooks in the working directory.',
    ),
  DATABASE_URL: z
    .string()
    .optional()
    .describe(
      'PostgreSQL URL for the webhook event store and the knowledge search shared by replicas (instead of the embedded stores).',
    ),
  KNOWLEDGE_DB: z
    .string()
    .optional()
    .describe(
      'Directory of the embedded knowledge-search store (PGlite) behind clickup_search_knowledge. Default: in memory, indexed at the first search.',
    ),
  KNOWLEDGE_EMBEDDING_MODEL: z
    .string()
    .optional()
    .describe(
      'Embedding model for knowledge search by meaning, e.g. openai:text-embedding-3-small (docs/knowledge-search.md). Default: none (full text + trigram).',
    ),
  KNOWLEDGE_EMBEDDING_BASE_URL: z
    .string()
    .optional()
    .describe('Base URL of an OpenAI-compatible embedding server for KNOWLEDGE_EMBEDDING_MODEL.'),
  KNOWLEDGE_EMBEDDING_API_KEY: z.string().optional().describe('API key of the embedding provider.'),
});

export type ClickUpEnvConfig = z.output<typeof ConfigSchema>;

/** ClickUp OAuth: where users sign in with `--auth builtin`. */
export interface ClickUpOAuthConfig {
  clientId: string;
  clientSecret: string;
  /** `https://app.clickup.com/api` (or the emulator's `/api`). */
  authorizeUrl: string;
  /** The embedded store's directory (PGlite); DATABASE_URL wins. */
  store: string | undefined;
}

export interface ClickUpConfig {
  apiBase: string;
  /**
   * The header value: the personal token as is, an OAuth token as `Bearer <token>`. Empty with
   * `--auth builtin`, where every call uses its user's own token.
   */
  authorization: string;
  token: string;
  /** Set with `--auth builtin`: users sign in with ClickUp OAuth and call ClickUp as themselves. */
  oauth: ClickUpOAuthConfig | undefined;
  /** Undefined: resolved from GET /team on first use. */
  teamId: string | undefined;
  timeoutMs: number;
  retries: number;
  concurrency: number;
  maxWaitMs: number;
  maxBatch: number;
  uploadDir: string | undefined;
  /** CLICKUP_DOWNLOAD_MAX_BYTES: the largest attachment a download reads. */
  downloadMaxBytes: number;
  webhookSecret: string | undefined;
  webhookStore: string | undefined;
  databaseUrl: string | undefined;
  /** The knowledge-search store's directory (PGlite); unset: in memory (DATABASE_URL wins). */
  knowledgeDb: string | undefined;
  /** KNOWLEDGE_EMBEDDING_* as given, for @toolsmith/knowledge-search's model resolution. */
  knowledgeEmbedding: Record<string, string | undefined>;
}

/** `Authorization` for a token: personal tokens (pk_…) as is, anything else as an OAuth bearer token. */
export function authorizationFor(token: string): string {
  const trimmed = token.trim();
  if (/^bearer\s+/i.test(trimmed)) return `Bearer ${trimmed.replace(/^bearer\s+/i, '')}`;
  return trimmed.startsWith('pk_') ? trimmed : `Bearer ${trimmed}`;
}

export interface LoadConfigOptions {
  /**
   * `login` with `--auth builtin` over HTTP: users sign in with ClickUp OAuth, so the OAuth app's
   * credentials are required and the personal token is not used.
   */
  upstreamAuth?: 'login';
}

/** ClickUp's OAuth authorize page (research §2.1). */
export const CLICKUP_APP_URL = 'https://app.clickup.com';

/** Reads and validates the environment. Throws ConfigError naming every problem and its fix. */
export function loadConfig(env: EnvSource = process.env, options: LoadConfigOptions = {}): ClickUpConfig {
  const raw = loadEnvConfig(ConfigSchema, env);
  const oauth = options.upstreamAuth === 'login' ? oauthConfig(raw) : undefined;
  if (!oauth && !raw.CLICKUP_API_TOKEN?.trim()) {
    throw new ConfigError({
      problems: [
        {
          variable: 'CLICKUP_API_TOKEN',
          problem: 'is not set.',
          howToFix:
            'Create a personal token in ClickUp (avatar → Settings → Apps → API Token, starts with pk_) and set CLICKUP_API_TOKEN to it.',
        },
      ],
    });
  }
  // With --auth builtin the server never calls ClickUp with a token of its own: each user's is used.
  const token = oauth ? '' : raw.CLICKUP_API_TOKEN!.trim();
  return {
    apiBase: raw.CLICKUP_API_BASE.replace(/\/+$/, ''),
    authorization: oauth ? '' : authorizationFor(token),
    token: token.replace(/^bearer\s+/i, ''),
    oauth,
    teamId: raw.CLICKUP_TEAM_ID,
    timeoutMs: raw.CLICKUP_TIMEOUT_MS,
    retries: raw.CLICKUP_RETRIES,
    concurrency: raw.CLICKUP_CONCURRENCY,
    maxWaitMs: raw.CLICKUP_MAX_WAIT_MS,
    maxBatch: raw.CLICKUP_MAX_BATCH,
    uploadDir: raw.CLICKUP_UPLOAD_DIR,
    downloadMaxBytes: raw.CLICKUP_DOWNLOAD_MAX_BYTES,
    webhookSecret: raw.CLICKUP_WEBHOOK_SECRET,
    webhookStore: raw.CLICKUP_WEBHOOK_STORE,
    databaseUrl: raw.DATABASE_URL,
    knowledgeDb: raw.KNOWLEDGE_DB,
    knowledgeEmbedding: {
      KNOWLEDGE_EMBEDDING_MODEL: raw.KNOWLEDGE_EMBEDDING_MODEL,
      KNOWLEDGE_EMBEDDING_BASE_URL: raw.KNOWLEDGE_EMBEDDING_BASE_URL,
      KNOWLEDGE_EMBEDDING_API_KEY: raw.KNOWLEDGE_EMBEDDING_API_KEY,
    },
  };
}

/** The OAuth app's settings for `--auth builtin`; a ConfigError naming what is missing. */
function oauthConfig(raw: ClickUpEnvConfig): ClickUpOAuthConfig {
  const missing = (['CLICKUP_OAUTH_CLIENT_ID', 'CLICKUP_OAUTH_CLIENT_SECRET'] as const).filter(
    (name) => !raw[name]?.trim(),
  );
  if (missing.length > 0) {
    throw new ConfigError({
      problems: missing.map((variable) => ({
        variable,
        problem: 'is not set, and --auth builtin signs users in with ClickUp OAuth.',
        howToFix:
          "Create an OAuth app in ClickUp (Settings → Apps → Create new app) with this server's /oauth/callback as its Redirect URL, and set CLICKUP_OAUTH_CLIENT_ID and CLICKUP_OAUTH_CLIENT_SECRET to its Client ID and Client Secret.",
      })),
    });
  }
  const app = (raw.CLICKUP_APP_URL ?? CLICKUP_APP_URL).replace(/\/+$/, '');
  return {
    clientId: raw.CLICKUP_OAUTH_CLIENT_ID!.trim(),
    clientSecret: raw.CLICKUP_OAUTH_CLIENT_SECRET!.trim(),
    authorizeUrl: raw.CLICKUP_OAUTH_AUTHORIZE_URL ?? `${app}/api`,
    store: raw.CLICKUP_AUTH_STORE,
  };
}

/** The variables for `--help`, from the schema's descriptions. */
export function configHelp(): string {
  const entries = Object.entries(ConfigSchema.shape);
  const width = Math.max(...entries.map(([name]) => name.length));
  const lines = entries.map(([name, schema]) => `  ${name.padEnd(width)}  ${schema.description ?? ''}`);
  return ['Environment variables:', ...lines].join('\n');
}
