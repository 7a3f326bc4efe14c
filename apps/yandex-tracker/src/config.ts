/**
 * Server configuration from the environment, validated at start. Every problem is reported at once
 * with what to set (ConfigError); token values are never echoed.
 */
import { ConfigError, envList, loadEnvConfig, type EnvSource } from '@toolsmith/core';
import { z } from 'zod';

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
      'IAM token sent as "Authorization: Bearer <token>" (Yandex Cloud organisations only; `yc iam create-token`). Set this or YANDEX_TRACKER_TOKEN.',
    ),
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
  YANDEX_TRACKER_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(300_000)
    .default(30_000)
    .describe('Per-request timeout in milliseconds (1000–300000).'),
  YANDEX_TRACKER_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(3)
    .describe(
      'Retries after a 429, 502, 503 or 504, a timeout or a network failure (0–10); a 500 is not retried. A POST only when safe to repeat.',
    ),
  YANDEX_TRACKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(5)
    .describe('Requests in flight at once (1–32). The API rate-limits bursts; 5 is a safe default.'),
  YANDEX_TRACKER_MAX_BATCH: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(50)
    .describe('Most items one batch tool call may take (1–1000).'),
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
  YANDEX_TRACKER_DOWNLOAD_DIR: z
    .string()
    .optional()
    .describe(
      'Directory into which download tools may save files (unset: content is returned as base64 only).',
    ),
  YANDEX_TRACKER_MAX_DOWNLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024)
    .describe('Largest attachment a download returns or saves, in bytes (default 10 MiB).'),
  YANDEX_TRACKER_BULK_POLL_MS: z.coerce
    .number()
    .int()
    .min(10)
    .default(1000)
    .describe('Delay between bulk-change status polls (ms).'),
  YANDEX_TRACKER_BULK_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(120_000)
    .describe('How long a bulk tool waits for the operation to finish before returning its id (ms).'),
  YANDEX_TRACKER_REFERENCE_TTL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400_000)
    .default(600_000)
    .describe(
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

export interface TrackerConfig {
  apiBase: string;
  webUrl: string;
  auth: { scheme: 'OAuth' | 'Bearer'; token: string };
  org: { header: 'X-Org-ID' | 'X-Cloud-Org-ID'; id: string };
  timeoutMs: number;
  retries: number;
  concurrency: number;
  maxBatch: number;
  /** Undefined: every queue. */
  queues: readonly string[] | undefined;
  readOnlyQueues: readonly string[];
  uploadDir: string | undefined;
  downloadDir: string | undefined;
  maxDownloadBytes: number;
  bulkPollMs: number;
  bulkTimeoutMs: number;
  /** How long reference values (users, queues, statuses, priorities, …) are cached. */
  referenceTtlMs: number;
  /** The zone times without an offset are read in when the profile has none (YANDEX_TRACKER_TIMEZONE). */
  timezone: string | undefined;
}

/** Reads and validates the environment. Throws ConfigError naming every problem and its fix. */
export function loadConfig(env: EnvSource = process.env): TrackerConfig {
  const raw = loadEnvConfig(TrackerEnv, env);
  const problems = [];
  if (raw.YANDEX_TRACKER_TOKEN && raw.YANDEX_TRACKER_IAM_TOKEN) {
    problems.push({
      variable: 'YANDEX_TRACKER_TOKEN',
      problem: 'and YANDEX_TRACKER_IAM_TOKEN are both set.',
      howToFix: 'Keep one: the OAuth token (any organisation) or the IAM token (Cloud organisations).',
    });
  } else if (!raw.YANDEX_TRACKER_TOKEN && !raw.YANDEX_TRACKER_IAM_TOKEN) {
    problems.push({
      variable: 'YANDEX_TRACKER_TOKEN',
      problem: 'is not set (nor YANDEX_TRACKER_IAM_TOKEN).',
      howToFix:
        'Set YANDEX_TRACKER_TOKEN to an OAuth token (https://oauth.yandex.ru/, scopes tracker:read and tracker:write), or YANDEX_TRACKER_IAM_TOKEN to an IAM token.',
    });
  }
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
  if (raw.YANDEX_TRACKER_IAM_TOKEN && raw.YANDEX_ORG_ID && !raw.YANDEX_CLOUD_ORG_ID) {
    problems.push({
      variable: 'YANDEX_TRACKER_IAM_TOKEN',
      problem: 'works only with Cloud organisations.',
      howToFix:
        'Use YANDEX_CLOUD_ORG_ID with an IAM token, or an OAuth token (YANDEX_TRACKER_TOKEN) with YANDEX_ORG_ID.',
    });
  }
  if (problems.length > 0) throw new ConfigError({ problems });
  return {
    apiBase: raw.YANDEX_TRACKER_API_BASE.replace(/\/+$/, ''),
    webUrl: raw.YANDEX_TRACKER_WEB_URL.replace(/\/+$/, ''),
    auth: raw.YANDEX_TRACKER_IAM_TOKEN
      ? { scheme: 'Bearer', token: raw.YANDEX_TRACKER_IAM_TOKEN }
      : { scheme: 'OAuth', token: raw.YANDEX_TRACKER_TOKEN! },
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
    downloadDir: raw.YANDEX_TRACKER_DOWNLOAD_DIR,
    maxDownloadBytes: raw.YANDEX_TRACKER_MAX_DOWNLOAD_BYTES,
    bulkPollMs: raw.YANDEX_TRACKER_BULK_POLL_MS,
    bulkTimeoutMs: raw.YANDEX_TRACKER_BULK_TIMEOUT_MS,
    referenceTtlMs: raw.YANDEX_TRACKER_REFERENCE_TTL_MS,
    timezone: raw.YANDEX_TRACKER_TIMEZONE,
  };
}
