/**
 * Opens the store `--auth builtin` keeps its logins in (config.ts, `loadAuthStoreConfig`):
 * PostgreSQL through `pg` when DATABASE_URL is set (what replicas share), PGlite in a directory
 * for one server (locked: a second process on the same directory is refused at once, pointed at
 * DATABASE_URL), or core's in-memory store when asked for by name. Both SQL stores hold digests and
 * ciphertext only (core's `createSqlOAuthStore`), so they require MCP_AUTH_ENCRYPTION_KEYS; that is
 * checked before anything is opened. Loaded in that mode only, with `@toolsmith/sql` imported on
 * demand.
 */
import {
  createMemoryOAuthStore,
  createSqlOAuthStore,
  ENCRYPTION_KEYS_VARIABLE,
  parseEncryptionKeys,
  type OAuthStore,
} from '@toolsmith/core/auth/authorization-server';
import { ConfigError, type EnvSource, type Logger } from '@toolsmith/core';
import { GENERATE_ENCRYPTION_KEY_COMMAND } from '@toolsmith/core';
import type { AuthStoreConfig } from '../config.ts';

export interface OpenedAuthStore {
  readonly store: OAuthStore;
  /** Where the logins are, for logs and messages: never a password. */
  readonly location: string;
  close(): Promise<void>;
}

export async function openAuthStore(
  config: AuthStoreConfig,
  { env, logger }: { env: EnvSource; logger: Logger },
): Promise<OpenedAuthStore> {
  if (config.kind === 'memory') {
    logger.warn(
      'logins are kept in memory (YANDEX_TRACKER_AUTH_DB=memory): users sign in again after a restart, and replicas do not share them',
    );
    return { store: createMemoryOAuthStore(), location: 'memory', async close() {} };
  }
  requireEncryptionKeys(env, config);
  const location =
    config.kind === 'postgres'
      ? `PostgreSQL at ${describeDatabase(config.url)} (DATABASE_URL)`
      : `PGlite in ${config.directory}${config.defaulted ? ' (the default; YANDEX_TRACKER_AUTH_DB)' : ' (YANDEX_TRACKER_AUTH_DB)'}`;
  const sql = await import('@toolsmith/sql');
  let driver: Awaited<ReturnType<typeof sql.openPgDriver>>;
  try {
    driver =
      config.kind === 'postgres'
        ? await sql.openPgDriver(config.url)
        : await sql.openPgliteDriver(config.directory, {
            busyHint:
              'Each yandex-tracker-mcp needs a YANDEX_TRACKER_AUTH_DB directory of its own; for several replicas, keep the logins in PostgreSQL: set DATABASE_URL and unset YANDEX_TRACKER_AUTH_DB.',
          });
  } catch (error) {
    throw openFailure(config, error, sql.DirectoryInUseError.isInstance(error));
  }
  logger.info('logins are kept in the authorization store', { store: location });
  return {
    store: createSqlOAuthStore(driver),
    location,
    close: () => driver.close(),
  };
}

/** A SQL store holds only ciphertext: without the keys the server would have nothing to seal with. */
function requireEncryptionKeys(env: EnvSource, config: Exclude<AuthStoreConfig, { kind: 'memory' }>): void {
  const value = env[ENCRYPTION_KEYS_VARIABLE]?.trim();
  if (value) {
    parseEncryptionKeys(value); // a malformed ring is a ConfigError naming the pair, never the key
    return;
  }
  const where = config.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded PGlite store';
  throw new ConfigError({
    problems: [
      {
        variable: ENCRYPTION_KEYS_VARIABLE,
        problem: `is not set, and --auth builtin keeps the users' Yandex tokens and its own in ${where}, encrypted with it.`,
        howToFix:
          `Set it to one or more comma-separated kid:key pairs (32 random bytes in base64url each, the newest first), the same on every replica; ` +
          `make one with: ${GENERATE_ENCRYPTION_KEY_COMMAND}. For a throwaway server (tests, a demo) set YANDEX_TRACKER_AUTH_DB=memory instead.`,
      },
    ],
  });
}

function openFailure(
  config: Exclude<AuthStoreConfig, { kind: 'memory' }>,
  error: unknown,
  busy: boolean,
): ConfigError {
  // `message` read structurally: errors from another realm (a test's vm) are no `instanceof Error` here
  const message = (error as { message?: unknown } | null)?.message;
  const detail = typeof message === 'string' ? message : String(error);
  if (config.kind === 'postgres') {
    return new ConfigError({
      cause: error,
      problems: [
        {
          variable: 'DATABASE_URL',
          problem: `could not be opened (PostgreSQL at ${describeDatabase(config.url)}): ${redactUrl(detail, config.url)}.`,
          howToFix:
            'Check that PostgreSQL is running and reachable from this host, and that the URL (postgres://user:password@host:5432/database), user and password are right.',
        },
      ],
    });
  }
  // The lock's refusal says who holds the directory and what to do (DATABASE_URL for replicas).
  const problem = busy
    ? { variable: 'YANDEX_TRACKER_AUTH_DB', problem: `names a directory in use. ${detail}` }
    : {
        variable: 'YANDEX_TRACKER_AUTH_DB',
        problem: `names a directory the embedded store could not be opened in (${config.directory}): ${detail}.`,
        howToFix:
          'Point YANDEX_TRACKER_AUTH_DB at a directory this user may create and write, or set DATABASE_URL to a PostgreSQL database.',
      };
  return new ConfigError({ cause: error, problems: [problem] });
}

/** `host:port/database` of a postgres:// URL: no user, no password. */
export function describeDatabase(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'the address in DATABASE_URL';
  return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname || '/'}`;
}

/** The URL's password and the URL itself, taken out of a driver's message. */
function redactUrl(message: string, url: string): string {
  const password = URL.parse(url)?.password;
  let text = message.split(url).join('[DATABASE_URL]');
  if (password)
    text = text.split(decodeURIComponent(password)).join('[password]').split(password).join('[password]');
  return text;
}
