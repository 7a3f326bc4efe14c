/**
 * One process per PGlite directory (issue 22: two processes on one directory destroyed it). Real
 * second processes (`node __fixtures__/pglite-child.ts`) against a directory this one has open, and
 * the lock a killed process leaves behind.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DirectoryInUseError, LOCK_FILE } from './directory-lock.ts';
import { openPgliteDriver } from './pglite-driver.ts';
import { pgliteTemplate } from './pglite-template.ts';
import type { SqlDriver } from './sql-driver.ts';

const CHILD = path.join(import.meta.dirname, '__fixtures__', 'pglite-child.ts');
const { NODE_OPTIONS: _omit, ...childEnv } = process.env;

interface ChildLine {
  refused?: boolean;
  name?: string;
  message?: string;
  ms?: number;
  opened?: boolean;
  rows?: number;
  ready?: boolean;
  exiting?: boolean;
}

/** Starts the child; `line` resolves with its first JSON line, `exit` with its exit code. */
function child(mode: 'open' | 'hold' | 'exit', directory: string) {
  const started = performance.now();
  const proc = spawn(process.execPath, [CHILD, mode, directory], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const line = new Promise<ChildLine & { wallMs: number }>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).once('line', (text) =>
      resolve({ ...(JSON.parse(text) as ChildLine), wallMs: performance.now() - started }),
    );
    void exit.then((code) => reject(new Error(`child exited (${code}) before a line: ${stderr}`)));
  });
  return { proc, line, exit };
}

let root: string;
let template: Blob;
const opened: SqlDriver[] = [];
const open = async (directory: string) => {
  const driver = await openPgliteDriver(directory, { loadDataDir: template });
  opened.push(driver);
  return driver;
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sql-lock-'));
  template = await pgliteTemplate();
}, 60_000);
afterAll(async () => {
  for (const driver of opened) await driver.close().catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

describe('one process per PGlite directory', () => {
  it('refuses a second process at once, naming the directory and DATABASE_URL; the first keeps its data', async () => {
    const directory = path.join(root, 'first');
    const first = await open(directory);
    await first.query('CREATE TABLE kept (n integer PRIMARY KEY)');
    await first.query('INSERT INTO kept SELECT generate_series(1, 1000)');

    const second = child('open', directory);
    const answer = await second.line;
    expect(answer).toMatchObject({ refused: true, name: 'DirectoryInUseError' });
    expect(answer.message).toContain(`The PGlite directory ${directory} is in use by process ${process.pid}`);
    expect(answer.message).toContain('For several processes on one store, use PostgreSQL: set DATABASE_URL.');
    expect(answer.ms).toBeLessThan(1_000); // PGlite is never loaded: the lock comes first
    expect(await second.exit).toBe(0);

    // the first process's data, untouched, and its lock still in place
    await first.query('INSERT INTO kept VALUES (1001)');
    expect(await first.query('SELECT count(*)::int AS n, max(n) AS top FROM kept')).toEqual([
      { n: 1001, top: 1001 },
    ]);
    expect(JSON.parse(readFileSync(path.join(directory, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
    });
    await first.close();
    expect(existsSync(path.join(directory, LOCK_FILE))).toBe(false);
    const again = await open(directory);
    expect(await again.query('SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1001 }]);
    await again.close();
  });

  it('takes over the lock of a process that was killed, with what it wrote', async () => {
    const directory = path.join(root, 'killed');
    const holder = child('hold', directory);
    expect(await holder.line).toMatchObject({ ready: true });

    const refused = await open(directory).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(DirectoryInUseError.isInstance(refused)).toBe(true);
    expect((refused as DirectoryInUseError).holder).toMatchObject({ pid: holder.proc.pid });
    expect((refused as Error).message).toContain(`is in use by process ${holder.proc.pid}`);

    holder.proc.kill('SIGKILL');
    await holder.exit;
    // the killed process could not remove its lock: the next open finds its pid dead
    expect(JSON.parse(readFileSync(path.join(directory, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: holder.proc.pid,
    });
    const after = await open(directory);
    expect(await after.query('SELECT count(*)::int AS n FROM held')).toEqual([{ n: 50 }]);
    await after.close();
  });

  it('releases the lock when a process exits without closing', async () => {
    const directory = path.join(root, 'exited');
    const exiting = child('exit', directory);
    expect(await exiting.line).toMatchObject({ exiting: true });
    expect(await exiting.exit).toBe(0);
    expect(existsSync(path.join(directory, LOCK_FILE))).toBe(false);
    const next = child('open', directory);
    expect(await next.line).toMatchObject({ opened: true, rows: 50 });
  });

  it('refuses a second open in the same process, in the words of the caller; leaves no lock when PGlite fails', async () => {
    const directory = path.join(root, 'twice');
    const first = await open(directory);
    await expect(open(directory)).rejects.toThrow(
      `The PGlite directory ${directory} is already open in this process (pid ${process.pid}); close it before opening it again.`,
    );
    await expect(
      openPgliteDriver(directory, { busyHint: 'Point KNOWLEDGE_DB elsewhere, or use DATABASE_URL.' }),
    ).rejects.toThrow(
      /already open in this process .*\. Point KNOWLEDGE_DB elsewhere, or use DATABASE_URL\.$/,
    );
    await first.close();
    await expect(openPgliteDriver(directory, { settings: { no_such_setting_at_all: 'x' } })).rejects.toThrow(
      /no_such_setting_at_all/,
    );
    expect(existsSync(path.join(directory, LOCK_FILE))).toBe(false);
    await (await open(directory)).close();
  });
});
