/**
 * The child processes the conformance runner starts (servers, the emulator, suite runs), and what
 * ends them: `stopChild` for the orderly way (SIGTERM, then SIGKILL), and a last-resort cleanup
 * that kills every one still running when the runner ends on SIGINT, SIGTERM or SIGHUP, on an
 * unexpected exit, or on an uncaught error — so none outlives it.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface TrackedChild {
  readonly child: ChildProcess;
  /** Resolves once the process has exited (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly alive: boolean;
}

const running = new Set<ChildProcess>();
let installed = false;
/** Set on a signal: from then on nothing new is started. */
let stopping = false;

function killAll(signal: NodeJS.Signals): void {
  for (const child of running) {
    try {
      child.kill(signal);
    } catch {
      // already gone: keep going, the others must still be killed
    }
  }
}

/** Kills every tracked child on exit and on SIGINT/SIGTERM/SIGHUP (then exits 128 + signal). */
export function installChildCleanup(): void {
  if (installed) return;
  installed = true;
  // `exit` runs nothing asynchronous: SIGKILL whatever an earlier step left running.
  process.once('exit', () => killAll('SIGKILL'));
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.once(signal, () => {
      stopping = true;
      process.stderr.write(`\nconformance: ${signal}, stopping ${running.size} child process(es)\n`);
      const pending = [...running].map(
        (child) =>
          new Promise((resolve) => (child.exitCode !== null ? resolve(0) : child.once('exit', resolve))),
      );
      killAll('SIGTERM');
      const grace = setTimeout(() => killAll('SIGKILL'), 2000);
      void Promise.allSettled(pending).then(() => {
        clearTimeout(grace);
        process.exit(128 + number);
      });
    });
  }
}

/** `spawn`, with the child tracked until it exits. */
export function spawnTracked(command: string, args: readonly string[], options: SpawnOptions): TrackedChild {
  if (stopping) throw new Error('stopping: no new child processes');
  const child = spawn(command, args, options);
  running.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const done = (code: number | null, signal: NodeJS.Signals | null) => {
      running.delete(child);
      resolve({ code, signal });
    };
    child.once('exit', done);
    // a spawn failure (ENOENT, EACCES) emits `error` and no `exit`
    child.once('error', () => {
      if (child.exitCode === null && child.signalCode === null) done(null, null);
    });
  });
  return {
    child,
    exited,
    get alive() {
      return child.exitCode === null && child.signalCode === null && running.has(child);
    },
  };
}

/** SIGTERM (a graceful stop), SIGKILL after `graceMs`; resolves once the process has exited. */
export async function stopChild(tracked: TrackedChild, graceMs = 5000): Promise<void> {
  if (!tracked.alive) return;
  tracked.child.kill('SIGTERM');
  const timer = setTimeout(() => tracked.child.kill('SIGKILL'), graceMs);
  await tracked.exited;
  clearTimeout(timer);
}
