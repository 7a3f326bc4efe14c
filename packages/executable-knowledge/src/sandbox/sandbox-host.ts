/**
 * Entry point of a sandbox host process, forked by the pool (`sandbox-pool.ts`) with
 * `--no-node-snapshot`. It holds one isolated-vm isolate and answers run requests one at a time
 * over the IPC channel. It never writes to stdout; stderr carries only Node's own diagnostics and
 * the fatal marker below.
 *
 * Run by Node directly: as TypeScript (type stripping) from the sources, or as `sandbox-host.js`
 * from `dist/`. Keep it free of anything but erasable TypeScript.
 */
import { writeSync } from 'node:fs';
import { IsolateRunner } from './isolate-runner.ts';
import { FATAL_MARKER, type HostMessage, type RunMessage } from './sandbox-protocol.ts';

function send(message: HostMessage): void {
  process.send?.(message);
}

if (!process.send) {
  writeSync(2, 'sandbox-host must be started by the sandbox pool (it needs an IPC channel).\n');
  process.exit(64);
}

const runner = new IsolateRunner({
  onCatastrophicError(message) {
    // V8 lost control of the isolate (typically a hard out-of-memory). Tell the pool why, then end
    // at once: the isolate's memory cannot be recovered and finishing normally may hang.
    writeSync(2, `\n${FATAL_MARKER} ${JSON.stringify(message)}\n`);
    process.kill(process.pid, 'SIGKILL');
  },
});

let busy = false;

function isRunMessage(value: unknown): value is RunMessage {
  const m = value as Partial<RunMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'run' &&
    typeof m.id === 'number' &&
    Array.isArray(m.modules) &&
    typeof m.argsJson === 'string' &&
    typeof m.entry === 'object' &&
    typeof m.limits === 'object'
  );
}

process.on('message', (value: unknown) => {
  if (!isRunMessage(value)) return;
  if (busy) {
    send({
      type: 'failure',
      id: value.id,
      failure: { kind: 'internal', message: 'host received a call while busy' },
      durationMs: 0,
      scriptCache: { hits: 0, misses: 0 },
    });
    return;
  }
  busy = true;
  runner
    .run(value)
    .then(send, (error: unknown) =>
      send({
        type: 'failure',
        id: value.id,
        failure: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
        durationMs: 0,
        scriptCache: { hits: 0, misses: 0 },
      }),
    )
    .finally(() => {
      busy = false;
      // Make the next call's context while idle, unless a call already arrived.
      setImmediate(() => {
        if (!busy) runner.prepare(value.limits.memoryMb);
      });
    });
});

// The pool went away (closed, crashed or killed): no orphan hosts.
process.on('disconnect', () => {
  process.exit(0);
});

send({ type: 'ready', pid: process.pid });
