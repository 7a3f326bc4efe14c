/**
 * Runs one process in its own process group with a time limit and cancellation. On timeout or
 * abort the whole group is stopped (SIGTERM, then SIGKILL after a grace period), so a command's
 * grandchildren never outlive it. Output is handed to the caller chunk by chunk; what to keep is the
 * caller's business.
 */
import { spawn } from 'node:child_process';
import { terminateGroup } from './process-group.ts';

export interface RunCommandOptions {
  /** Executable (looked up on PATH) … */
  file: string;
  /** … and its arguments (no shell involved unless `file` is one). */
  args: readonly string[];
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Stop the group after this many milliseconds. Undefined: no limit. */
  timeoutMs?: number;
  /** Stop the group when aborted. */
  signal?: AbortSignal;
  onStdout?: (chunk: Buffer) => void;
  onStderr?: (chunk: Buffer) => void;
  /** Time between SIGTERM and SIGKILL. @default 1000 */
  killGraceMs?: number;
  /**
   * How long, after the main process exited, to wait for descendants that still hold stdout/stderr
   * open (`sleep 100 &`) before stopping them. @default 500
   */
  lingerMs?: number;
}

export interface CommandOutcome {
  pid: number;
  /** Exit code of the main process; null when a signal ended it. */
  exitCode: number | null;
  /** The signal that ended the main process, if any. */
  signal: NodeJS.Signals | null;
  /** Set when this runner stopped the group. */
  stoppedBy: 'timeout' | 'abort' | undefined;
  /** SIGKILL was needed because SIGTERM did not end every process in time. */
  forceKilled: boolean;
  /** Background processes kept the output open after the main process exited and were stopped. */
  stoppedBackground: boolean;
  durationMs: number;
}

/**
 * Spawns `file args` detached (its own process group) with stdin closed. Rejects only when the
 * process cannot be started (ENOENT, EACCES); a failing command is a normal outcome.
 */
export async function runCommand(options: RunCommandOptions): Promise<CommandOutcome> {
  const { timeoutMs, signal } = options;
  const graceMs = options.killGraceMs ?? 1000;
  const lingerMs = options.lingerMs ?? 500;
  const started = performance.now();

  const child = spawn(options.file, options.args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, closeSignal) => resolve({ code, signal: closeSignal }));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  // Later 'error' events (a failed kill) must not crash the process.
  child.on('error', () => {});
  const pid = child.pid as number;

  child.stdout.on('data', (chunk: Buffer) => options.onStdout?.(chunk));
  child.stderr.on('data', (chunk: Buffer) => options.onStderr?.(chunk));

  let stoppedBy: CommandOutcome['stoppedBy'];
  let stoppedBackground = false;
  let termination: Promise<{ forced: boolean }> | undefined;
  let escapeTimer: NodeJS.Timeout | undefined;
  const terminate = () => {
    termination ??= terminateGroup(pid, graceMs).then((result) => {
      // A process that left the group (setsid) may still hold the pipes: stop listening to it.
      escapeTimer = setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
      }, graceMs);
      return result;
    });
  };
  const stop = (reason: 'timeout' | 'abort') => {
    if (termination) return;
    stoppedBy = reason;
    terminate();
  };

  const timer = timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), timeoutMs);
  const onAbort = () => stop('abort');
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });

  let lingerTimer: NodeJS.Timeout | undefined;
  child.once('exit', () => {
    lingerTimer = setTimeout(() => {
      if (termination) return;
      stoppedBackground = true;
      terminate();
    }, lingerMs);
  });

  const end = await closed;
  clearTimeout(timer);
  clearTimeout(lingerTimer);
  signal?.removeEventListener('abort', onAbort);
  const forceKilled = termination ? (await termination).forced : false;
  clearTimeout(escapeTimer);

  return {
    pid,
    exitCode: end.code,
    signal: end.signal,
    stoppedBy,
    forceKilled,
    stoppedBackground,
    durationMs: Math.round(performance.now() - started),
  };
}
