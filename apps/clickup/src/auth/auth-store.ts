/**
 * Where the built-in authorization server keeps its records (`--auth builtin`): registered clients,
 * grants, refresh tokens, pending sign-ins and each user's ClickUp token — digests and ciphertext
 * only (core's SQL OAuth store). PostgreSQL when DATABASE_URL is set (the database the webhook
 * events and knowledge search use: replicas share every sign-in), else PGlite in CLICKUP_AUTH_STORE
 * (default `.clickup-auth` in the working directory), locked to this process as the webhook store's
 * directory is (@toolsmith/sql). Opened at start: a store that cannot be opened stops the server
 * with what to do, rather than serving logins that fail.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@toolsmith/core';
import type { SqlDriver } from '@toolsmith/sql';

export const DEFAULT_AUTH_STORE_DIRECTORY = '.clickup-auth';

export interface AuthStoreOptions {
  /** PostgreSQL URL (DATABASE_URL): the store replicas share. */
  databaseUrl?: string | undefined;
  /** The embedded store's directory (CLICKUP_AUTH_STORE), relative to `cwd`. */
  directory?: string | undefined;
  cwd?: string | undefined;
}

export interface OpenedAuthStore {
  readonly driver: SqlDriver;
  /** `PGlite in /path` or `PostgreSQL at host:5432/db (DATABASE_URL)`: for logs, never a password. */
  readonly location: string;
}

export async function openAuthStore(options: AuthStoreOptions = {}): Promise<OpenedAuthStore> {
  const sql = await import('@toolsmith/sql');
  if (options.databaseUrl) {
    const location = `PostgreSQL at ${describePostgres(options.databaseUrl)} (DATABASE_URL)`;
    try {
      return { driver: await sql.openPgDriver(options.databaseUrl), location };
    } catch (error) {
      throw unusable(
        'DATABASE_URL',
        `names ${location.replace(' (DATABASE_URL)', '')}, which could not be used (${firstLine(error, options.databaseUrl)}).`,
        'Check that PostgreSQL is running and reachable, and that DATABASE_URL (postgres://user:password@host:5432/database) is right.',
        error,
      );
    }
  }
  const directory = path.resolve(
    options.cwd ?? process.cwd(),
    options.directory ?? DEFAULT_AUTH_STORE_DIRECTORY,
  );
  try {
    const template = existsSync(path.join(directory, 'PG_VERSION'))
      ? undefined
      : await sql.pgliteTemplate().catch(() => undefined);
    const driver = await sql.openPgliteDriver(directory, {
      ...(template ? { loadDataDir: template } : {}),
      busyHint:
        'Each server needs its own CLICKUP_AUTH_STORE directory; for replicas, set DATABASE_URL to one PostgreSQL database they share.',
    });
    return { driver, location: `PGlite in ${directory}` };
  } catch (error) {
    throw unusable(
      'CLICKUP_AUTH_STORE',
      `(${directory}) could not be opened: ${firstLine(error)}`,
      sql.DirectoryInUseError.isInstance(error)
        ? 'Stop the other server, or give this one another directory.'
        : 'Point CLICKUP_AUTH_STORE at a writable directory that no other server uses, or set DATABASE_URL.',
      error,
    );
  }
}

const unusable = (variable: string, problem: string, howToFix: string, cause: unknown) =>
  new ConfigError({ problems: [{ variable, problem, howToFix }], cause });

/** The first line of an error's message, a password in the URL replaced. */
function firstLine(error: unknown, databaseUrl?: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  let text =
    (typeof message === 'string' ? message : String(error)).split('\n')[0]!.trim() || 'no reason given';
  const password = databaseUrl ? URL.parse(databaseUrl)?.password : undefined;
  if (password) text = text.replaceAll(decodeURIComponent(password), '[password]');
  return text;
}

/** `host:port/database` of a PostgreSQL URL: where it is, without user or password. */
function describePostgres(url: string): string {
  const parsed = URL.parse(url);
  if (!parsed) return 'the address in DATABASE_URL';
  return `${parsed.host || 'localhost'}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
}
