/**
 * The store `--auth builtin` keeps logins in, as the environment names it: which one is chosen,
 * what is refused (both set, no keys, a held directory, an unreachable database) and what the
 * refusal says; a PGlite store that keeps rows across a close and reopen.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { ConfigError, createStreamLogger, silentLogger } from '@toolsmith/core';
import { GENERATE_ENCRYPTION_KEY_COMMAND } from '@toolsmith/core';
import { LOCK_FILE } from '@toolsmith/sql';
import { freePort } from '@toolsmith/testing';
import { defaultAuthDirectory, loadAuthStoreConfig, type AuthStoreConfig } from '../config.ts';
import { describeDatabase, openAuthStore } from './auth-store.ts';

const KEYS = `k1:${Buffer.alloc(32, 7).toString('base64url')}`;
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ConfigError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

async function refusalOf(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(ConfigError.isInstance(error)).toBe(true);
  return (error as Error).message;
}

describe('loadAuthStoreConfig', () => {
  const place = { platform: 'linux' as const, home: '/home/ann', cwd: '/srv/tracker' };

  it('takes PostgreSQL from DATABASE_URL', () => {
    expect(loadAuthStoreConfig({ DATABASE_URL: 'postgres://u:p@db:5432/mcp' }, place)).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/mcp',
    });
  });

  it('takes a PGlite directory, relative to the working directory, or memory by name', () => {
    expect(loadAuthStoreConfig({ YANDEX_TRACKER_AUTH_DB: 'state/auth' }, place)).toEqual({
      kind: 'pglite',
      directory: '/srv/tracker/state/auth',
      defaulted: false,
    });
    expect(loadAuthStoreConfig({ YANDEX_TRACKER_AUTH_DB: 'memory' }, place)).toEqual({ kind: 'memory' });
  });

  it("defaults to PGlite in the user's data directory", () => {
    expect(loadAuthStoreConfig({}, place)).toEqual({
      kind: 'pglite',
      directory: '/home/ann/.local/share/yandex-tracker-mcp/auth',
      defaulted: true,
    });
    expect(defaultAuthDirectory({ XDG_DATA_HOME: '/data' }, place)).toBe('/data/yandex-tracker-mcp/auth');
    // a relative XDG_DATA_HOME is invalid (XDG Base Directory): ignored
    expect(defaultAuthDirectory({ XDG_DATA_HOME: 'data' }, place)).toBe(
      '/home/ann/.local/share/yandex-tracker-mcp/auth',
    );
    expect(defaultAuthDirectory({}, { platform: 'darwin', home: '/Users/ann' })).toBe(
      '/Users/ann/Library/Application Support/yandex-tracker-mcp/auth',
    );
    expect(
      defaultAuthDirectory(
        { LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' },
        { platform: 'win32', home: '' },
      ),
    ).toBe('C:\\Users\\ann\\AppData\\Local\\yandex-tracker-mcp\\auth');
  });

  it('refuses without a home directory, saying what to set', () => {
    expect(refusal(() => loadAuthStoreConfig({}, { ...place, home: '' }))).toContain(
      '- YANDEX_TRACKER_AUTH_DB: is not set, and this user has no home directory',
    );
  });

  it('refuses both stores at once rather than picking one, and never echoes the URL', () => {
    const message = refusal(() =>
      loadAuthStoreConfig(
        { DATABASE_URL: 'postgres://u:s3cret@db/mcp', YANDEX_TRACKER_AUTH_DB: 'memory' },
        place,
      ),
    );
    expect(message).toContain('- DATABASE_URL: and YANDEX_TRACKER_AUTH_DB are both set');
    expect(message).toContain('Unset YANDEX_TRACKER_AUTH_DB to keep them in PostgreSQL');
    expect(message).not.toContain('s3cret');
  });

  it('refuses a DATABASE_URL that is not a PostgreSQL URL, without quoting it', () => {
    const message = refusal(() => loadAuthStoreConfig({ DATABASE_URL: 'mysql://u:s3cret@db/mcp' }, place));
    expect(message).toContain('- DATABASE_URL: is malformed');
    expect(message).not.toContain('s3cret');
  });
});

describe('openAuthStore', () => {
  it('keeps logins in memory only when asked, and says what that costs', async () => {
    const lines: string[] = [];
    const logger = createStreamLogger({ write: (line) => void lines.push(line) });
    const opened = await openAuthStore({ kind: 'memory' }, { env: {}, logger });
    expect(opened.store.persistent).toBe(false);
    expect(lines.join('')).toContain('users sign in again after a restart, and replicas do not share them');
    await opened.close();
  });

  it('requires MCP_AUTH_ENCRYPTION_KEYS for a SQL store before opening anything, showing how to make one', async () => {
    const directory = path.join(tmpdir(), `tracker-auth-never-${process.pid}`);
    const message = await refusalOf(() =>
      openAuthStore({ kind: 'pglite', directory, defaulted: false }, { env: {}, logger: silentLogger }),
    );
    expect(message).toContain('- MCP_AUTH_ENCRYPTION_KEYS: is not set');
    expect(message).toContain(GENERATE_ENCRYPTION_KEY_COMMAND);
    expect(existsSync(directory)).toBe(false);
    const malformed = await refusalOf(() =>
      openAuthStore(
        { kind: 'postgres', url: 'postgres://127.0.0.1/x' },
        { env: { MCP_AUTH_ENCRYPTION_KEYS: 'k1:short' }, logger: silentLogger },
      ),
    );
    expect(malformed).toContain('- MCP_AUTH_ENCRYPTION_KEYS: is malformed');
  });

  it('says which database could not be opened, without its password', async () => {
    const port = await freePort();
    const url = `postgres://tracker:s3cret-pw@127.0.0.1:${port}/mcp`;
    const message = await refusalOf(() =>
      openAuthStore(
        { kind: 'postgres', url },
        { env: { MCP_AUTH_ENCRYPTION_KEYS: KEYS }, logger: silentLogger },
      ),
    );
    expect(message).toContain(
      `- DATABASE_URL: could not be opened (PostgreSQL at 127.0.0.1:${port}/mcp): connect ECONNREFUSED`,
    );
    expect(message).not.toContain('s3cret-pw');
    expect(describeDatabase('postgresql://u:p@db.internal/auth')).toBe('db.internal:5432/auth');
  });

  it('opens PGlite in a locked directory: rows survive a reopen, a second open is pointed at DATABASE_URL', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tracker-auth-store-'));
    dirs.push(root);
    const config: AuthStoreConfig = { kind: 'pglite', directory: path.join(root, 'auth'), defaulted: false };
    const env = { MCP_AUTH_ENCRYPTION_KEYS: KEYS };
    const first = await openAuthStore(config, { env, logger: silentLogger });
    expect(first.store.persistent).toBe(true);
    expect(first.location).toBe(`PGlite in ${config.directory} (YANDEX_TRACKER_AUTH_DB)`);
    await first.store.upsert({ model: 'Probe', idHash: 'h1', payload: 'sealed' });
    expect(existsSync(path.join(config.directory, LOCK_FILE))).toBe(true);

    const busy = await refusalOf(() => openAuthStore(config, { env, logger: silentLogger }));
    expect(busy).toContain('- YANDEX_TRACKER_AUTH_DB: names a directory in use.');
    expect(busy).toContain('for several replicas, keep the logins in PostgreSQL: set DATABASE_URL');

    await first.close();
    expect(existsSync(path.join(config.directory, LOCK_FILE))).toBe(false);
    const again = await openAuthStore(config, { env, logger: silentLogger });
    expect(await again.store.find('Probe', 'h1', 0)).toMatchObject({ payload: 'sealed' });
    await again.close();
  }, 60_000);
});
