/**
 * One process per PGlite directory. PGlite takes no lock of its own: two processes writing one
 * directory destroy it (issue 22: unreadable or empty in 5 runs of 5). So the driver takes this
 * lock before it starts PGlite, and a second process is refused at once, told which process holds
 * the directory and that several processes share a store through PostgreSQL (DATABASE_URL).
 *
 * The lock is a file in the directory, created with O_EXCL (`wx`: creation fails when it exists, on
 * every local file system), holding who took it: pid, host, and on Linux the boot id and the
 * process's start time. It is removed on release (the driver's close) and when the process exits
 * (`exit` event: a normal end, process.exit, an uncaught exception). A process that dies otherwise
 * (SIGKILL, a crash of the machine, a signal without handler) leaves it behind; the next open finds
 * it stale and takes it over:
 *
 * - the pid is dead (`kill(pid, 0)` fails with ESRCH);
 * - the pid is alive but is another process: started at another time, or since a reboot (Linux,
 *   /proc/<pid>/stat and the boot id) — pids are reused;
 * - the pid is this process's own, which does not hold it: a container restarted with the same pid.
 *
 * A lock taken on another host (a directory on a shared file system) cannot be checked from here:
 * it is honoured, and the message says which file to delete once that host's process is gone.
 *
 * Taking over is itself serialised by a second O_EXCL file (`<lock>.takeover`, held for a few file
 * operations), so two processes finding the same stale lock never both win.
 *
 * Why not a library: proper-lockfile (mkdir + mtime refreshed on a timer, stale after 10 s without a
 * refresh) declares a lock compromised, and by default throws, when the event loop stalls — and
 * PGlite runs queries synchronously on the main thread, seconds long in a large ingest; flock-based
 * packages need a native addon. A pid lock never expires while its process lives.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The lock file's name inside the directory. */
export const LOCK_FILE = 'toolsmith.lock';

/** Who holds a directory, as written in its lock file. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When it was taken (ISO 8601). */
  since: string;
  /** Linux: /proc/sys/kernel/random/boot_id when it was taken. */
  boot?: string;
  /** Linux: the holder's start time, in clock ticks since boot (/proc/<pid>/stat, field 22). */
  started?: number;
}

export interface DirectoryLock {
  readonly directory: string;
  /** The lock file. */
  readonly file: string;
  /** Removes the lock file when it is still this lock's (idempotent). */
  release(): void;
}

export interface LockOptions {
  /**
   * What the refusal advises after saying who holds the directory. Default: stop that process or
   * give this one another directory; several processes share a store through PostgreSQL (DATABASE_URL).
   */
  hint?: string;
}

const DEFAULT_HINT =
  'A PGlite directory belongs to one process: stop that process, or point this one at another directory. For several processes on one store, use PostgreSQL: set DATABASE_URL.';

const errorMarker = Symbol.for('toolsmith.sql.directory-in-use');

/** The directory is held by another process (or already opened by this one). */
export class DirectoryInUseError extends Error {
  private readonly [errorMarker] = true;
  readonly code = 'directory_in_use';
  readonly directory: string;
  readonly file: string;
  /** Undefined when the lock file could not be read (being written at this very moment). */
  readonly holder: LockHolder | undefined;

  constructor(directory: string, file: string, holder: LockHolder | undefined, message: string) {
    super(message);
    this.name = 'DirectoryInUseError';
    this.directory = directory;
    this.file = file;
    this.holder = holder;
  }

  static isInstance(error: unknown): error is DirectoryInUseError {
    return (
      error != null && typeof error === 'object' && (error as Record<symbol, unknown>)[errorMarker] === true
    );
  }
}

/**
 * Lock files this process holds, with the text it wrote in each: one registry per process, shared
 * by every copy of this module loaded in it (a bundled server beside an installed package), so that
 * a second copy does not take its own process's lock for a stale one.
 */
const held: Map<string, string> = ((globalThis as Record<symbol, unknown>)[
  Symbol.for('toolsmith.sql.directory-locks')
] ??= new Map<string, string>()) as Map<string, string>;
let exitHook = false;

/** A lock file that cannot be read yet is being written: younger than this, it is a live lock. */
const WRITING_MS = 5_000;
/** A takeover file older than this belongs to a process that died taking over. */
const TAKEOVER_MS = 10_000;

/**
 * Takes `directory` (which must exist) for this process, or throws DirectoryInUseError at once.
 * Synchronous: a few file operations, no waiting.
 */
export function lockDirectory(directory: string, options: LockOptions = {}): DirectoryLock {
  const dir = path.resolve(directory);
  const file = path.join(dir, LOCK_FILE);
  const refuse = (holder: LockHolder | undefined, why: string) =>
    new DirectoryInUseError(dir, file, holder, `${why} ${options.hint ?? DEFAULT_HINT}`);
  if (held.has(file)) {
    throw refuse(
      ownRecord(),
      `The PGlite directory ${dir} is already open in this process (pid ${process.pid}); close it before opening it again.`,
    );
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const mine = JSON.stringify(ownRecord());
    if (create(file, mine)) {
      held.set(file, mine);
      hookExit();
      return {
        directory: dir,
        file,
        release: () => release(file, mine),
      };
    }
    const found = read(file);
    if (found === undefined) continue; // removed since: try again
    const verdict = judge(found);
    if (verdict.alive) throw refuse(found.holder, describeHolder(dir, file, found, verdict.why));
    takeOver(file, found.text);
  }
  const last = read(file);
  throw refuse(
    last?.holder,
    `The PGlite directory ${dir} could not be locked: its lock file ${file} kept changing (several processes are opening it at once).`,
  );
}

function ownRecord(): LockHolder {
  const boot = bootId();
  const started = startTime(process.pid);
  return {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    ...(boot !== undefined ? { boot } : {}),
    ...(started !== undefined ? { started } : {}),
  };
}

/** Creates `file` holding `text`; false when it exists. */
function create(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

interface Found {
  text: string;
  holder: LockHolder | undefined;
  /** Milliseconds since the file was last written. */
  age: number;
}

function read(file: string): Found | undefined {
  let text: string;
  let age: number;
  try {
    text = readFileSync(file, 'utf8');
    age = Date.now() - statSync(file).mtimeMs;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return { text, holder: parseHolder(text), age };
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid) || (value.pid as number) <= 0 || typeof value.host !== 'string') {
      return undefined;
    }
    return value as LockHolder;
  } catch {
    return undefined;
  }
}

type Verdict = { alive: true; why: 'alive' | 'foreign' | 'writing' } | { alive: false };

function judge(found: Found): Verdict {
  const { holder } = found;
  // Empty or half-written: its writer is between open and write — unless that was long ago.
  if (!holder) return found.age < WRITING_MS ? { alive: true, why: 'writing' } : { alive: false };
  if (holder.host !== hostname()) return { alive: true, why: 'foreign' };
  // This process holds no lock on it (checked before): a restart that got the same pid.
  if (holder.pid === process.pid) return { alive: false };
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: alive, another user's process
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return { alive: false };
  }
  const boot = bootId();
  if (holder.boot !== undefined && boot !== undefined && holder.boot !== boot) return { alive: false };
  if (holder.started !== undefined) {
    const started = startTime(holder.pid);
    if (started !== undefined && started !== holder.started) return { alive: false };
  }
  return { alive: true, why: 'alive' };
}

function describeHolder(
  dir: string,
  file: string,
  found: Found,
  why: 'alive' | 'foreign' | 'writing',
): string {
  const { holder } = found;
  if (why === 'writing' || !holder) {
    return `The PGlite directory ${dir} is being opened by another process right now (its lock file ${file} is being written).`;
  }
  if (why === 'foreign') {
    return `The PGlite directory ${dir} is in use by process ${holder.pid} on host ${holder.host} (since ${holder.since}). This host cannot tell whether that process still runs: if it does not, delete ${file} and open again.`;
  }
  return `The PGlite directory ${dir} is in use by process ${holder.pid} (since ${holder.since}; lock file ${file}).`;
}

/** Removes the stale lock `text` at `file`, unless another process replaced it meanwhile. */
function takeOver(file: string, text: string): void {
  const guard = `${file}.takeover`;
  if (!create(guard, String(process.pid))) {
    const other = read(guard);
    // Another process is taking over right now; the caller reads the lock again. A guard left by
    // a process that died in those few operations is removed.
    if (other && other.age > TAKEOVER_MS) unlinkQuietly(guard);
    return;
  }
  try {
    if (read(file)?.text === text) unlinkSync(file);
  } finally {
    unlinkQuietly(guard);
  }
}

function release(file: string, mine: string): void {
  if (held.get(file) !== mine) return;
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === mine) unlinkSync(file);
  } catch {
    // gone already, or the directory with it
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // gone already
  }
}

/** One listener for the process: every lock still held is removed when it exits. */
function hookExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const [file, mine] of [...held]) release(file, mine);
  });
}

let boot: string | null | undefined;

function bootId(): string | undefined {
  if (boot === undefined) {
    try {
      boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      boot = null;
    }
  }
  return boot ?? undefined;
}

/** Linux: the process's start time in clock ticks since boot; undefined elsewhere or when it is gone. */
function startTime(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
