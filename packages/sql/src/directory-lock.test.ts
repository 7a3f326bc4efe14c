import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isConnectionError } from './connection-errors.ts';
import { DirectoryInUseError, LOCK_FILE, lockDirectory, type LockHolder } from './directory-lock.ts';

const CHILD = path.join(import.meta.dirname, '__fixtures__', 'lock-child.ts');
const { NODE_OPTIONS: _omit, ...childEnv } = process.env;

let root: string;
let dirs = 0;
const newDirectory = () => {
  const dir = path.join(root, `d${++dirs}`);
  mkdirSync(dir);
  return dir;
};
const writeLock = (dir: string, holder: Partial<LockHolder> | string) =>
  writeFileSync(path.join(dir, LOCK_FILE), typeof holder === 'string' ? holder : JSON.stringify(holder));
const lockOf = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as LockHolder;

/** A pid that was a process of this machine and is no more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sql-dirlock-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('lockDirectory', () => {
  it('writes who holds it, and removes the file on release', () => {
    const dir = newDirectory();
    const lock = lockDirectory(dir);
    expect(lock.file).toBe(path.join(dir, LOCK_FILE));
    expect(lockOf(dir)).toMatchObject({ pid: process.pid, host: hostname(), since: expect.any(String) });
    lock.release();
    lock.release();
    expect(existsSync(lock.file)).toBe(false);
  });

  it('takes over a lock whose process is dead', () => {
    const dir = newDirectory();
    const pid = deadPid();
    writeLock(dir, { pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' });
    const lock = lockDirectory(dir);
    expect(lockOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock with this process's pid that this process does not hold (a container restarted)", () => {
    const dir = newDirectory();
    writeLock(dir, { pid: process.pid, host: hostname(), since: '2026-01-01T00:00:00.000Z' });
    lockDirectory(dir).release();
  });

  (existsSync('/proc/self/stat') ? it : it.skip)(
    'takes over a lock whose pid now belongs to another process (started at another time, or before a reboot)',
    () => {
      const dir = newDirectory();
      writeLock(dir, { pid: process.ppid, host: hostname(), since: '2026-01-01T00:00:00.000Z', started: 1 });
      lockDirectory(dir).release();
      writeLock(dir, {
        pid: process.ppid,
        host: hostname(),
        since: '2026-01-01T00:00:00.000Z',
        boot: 'other',
      });
      lockDirectory(dir).release();
    },
  );

  it('refuses a lock held by a live process of another host, saying which file to delete if it is gone', () => {
    const dir = newDirectory();
    writeLock(dir, { pid: 4242, host: 'elsewhere.example', since: '2026-01-01T00:00:00.000Z' });
    expect(() => lockDirectory(dir)).toThrow(
      `The PGlite directory ${dir} is in use by process 4242 on host elsewhere.example (since 2026-01-01T00:00:00.000Z). This host cannot tell whether that process still runs: if it does not, delete ${path.join(dir, LOCK_FILE)} and open again.`,
    );
  });

  it('refuses a lock being written right now, and takes over one left half-written long ago', () => {
    const dir = newDirectory();
    writeLock(dir, '');
    expect(() => lockDirectory(dir)).toThrow(/is being opened by another process right now/);
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, LOCK_FILE), past, past);
    lockDirectory(dir).release();
  });

  it('refuses with DirectoryInUseError, naming the holder', () => {
    const dir = newDirectory();
    const lock = lockDirectory(dir);
    let error: unknown;
    try {
      lockDirectory(dir);
    } catch (e) {
      error = e;
    }
    expect(DirectoryInUseError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'directory_in_use', directory: dir, holder: { pid: process.pid } });
    expect(isConnectionError(error)).toBe(true); // the store cannot be used: not a bug
    lock.release();
  });

  it('lets exactly one of several processes take over the same stale lock', async () => {
    const dir = newDirectory();
    writeLock(dir, { pid: deadPid(), host: hostname(), since: '2026-01-01T00:00:00.000Z' });
    const outcomes = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<string>((resolve) => {
            const proc = spawn(process.execPath, [CHILD, dir, '3000'], {
              env: childEnv,
              stdio: ['ignore', 'pipe', 'inherit'],
            });
            let out = '';
            proc.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
            proc.once('exit', () => resolve(out.trim()));
          }),
      ),
    );
    expect(outcomes.filter((o) => o === 'locked')).toHaveLength(1);
    expect(
      outcomes.filter((o) => o.startsWith('refused ') && o.includes('is in use by process')),
    ).toHaveLength(5);
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false); // the winner released it on exit
  }, 30_000);
});
