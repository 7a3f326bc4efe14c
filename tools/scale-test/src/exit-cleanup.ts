/**
 * Last-resort cleanup: what must not outlive this process — the child processes it started and
 * its temp directory — when it ends by a signal or an unexpected exit instead of the run's own
 * `finally` (which stops everything gracefully and unregisters these).
 *
 * Each cleanup is synchronous (a `kill`, an `rmSync`): on `exit` nothing asynchronous runs. On a
 * signal the process also waits (up to 3 s) for what the cleanups end — children that exited, so
 * none is left behind as a zombie — before it exits.
 */
interface Cleanup {
  run(): void;
  /** Settles once what `run` ended is gone (a child's exit). */
  done?: Promise<unknown>;
}

const cleanups = new Set<Cleanup>();
let installed = false;

function runAll(): Promise<unknown>[] {
  const pending: Promise<unknown>[] = [];
  for (const cleanup of [...cleanups].reverse()) {
    try {
      cleanup.run();
      if (cleanup.done) pending.push(cleanup.done);
    } catch {
      // keep going: the others must still run
    }
  }
  cleanups.clear();
  return pending;
}

/** Registers a synchronous cleanup (and what settles when it took effect); returns its unregister. */
export function onExit(run: () => void, done?: Promise<unknown>): () => void {
  const cleanup: Cleanup = done ? { run, done } : { run };
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/** Runs the registered cleanups on exit and on SIGINT/SIGTERM/SIGHUP (then exits 128 + signal). */
export function installExitCleanup(): void {
  if (installed) return;
  installed = true;
  process.once('exit', () => void runAll());
  for (const [signal, number] of [
    ['SIGINT', 2],
    ['SIGTERM', 15],
    ['SIGHUP', 1],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`scale-test: ${signal}, stopping the replicas and nginx\n`);
      const pending = runAll();
      const cap = new Promise((resolve) => setTimeout(resolve, 3000).unref());
      void Promise.race([Promise.allSettled(pending), cap]).then(() => process.exit(128 + number));
    });
  }
}
