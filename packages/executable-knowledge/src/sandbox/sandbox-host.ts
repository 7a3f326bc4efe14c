/**
 * Entry point of a sandbox host process, forked by the pool (`sandbox-pool.ts`) with
 * `--no-node-snapshot`. It holds one isolated-vm isolate and runs the calls it is sent one at a
 * time, in order, over the IPC channel. It never writes to stdout; stderr carries only Node's own
 * diagnostics and the fatal marker below.
 *
 * Under load the pool sends several calls in one message and the host answers several in one
 * message: while more calls wait, finished answers are held while less than ANSWER_BATCH_MS has
 * passed since the oldest of those calls started, then sent before the next call starts. A pipe
 * write wakes the other process; that wake-up, not the isolate, is most of what a small call costs.
 * So a call starts at most ANSWER_BATCH_MS after the host's last message, and the pool times the
 * running call from there: its synchronous part by `cpuTimeoutMs`, and once the host says the call
 * is `awaiting` a promise, the whole call by `wallTimeoutMs`.
 *
 * Run by Node directly: as TypeScript (type stripping) from the sources, or as `sandbox-host.js`
 * from `dist/`. Keep it free of anything but erasable TypeScript.
 */
import { writeSync } from 'node:fs';
import { IsolateRunner } from './isolate-runner.ts';
import {
  ANSWER_BATCH_MS,
  FATAL_MARKER,
  type HostAnswer,
  type HostMessage,
  type RunMessage,
} from './sandbox-protocol.ts';

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

/** Calls received and not started, in order. */
const queue: RunMessage[] = [];
/** Answers not sent yet, and when the call of the oldest one started. */
let answers: HostAnswer[] = [];
let oldestAnswerAt = 0;
let running = false;
let scheduled = false;
let memoryMb: number | undefined;

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

function answer(reply: HostAnswer, startedAt: number): void {
  if (answers.length === 0) oldestAnswerAt = startedAt;
  answers.push(reply);
}

function flush(): void {
  if (answers.length === 0) return;
  const batch = answers;
  answers = [];
  send({ type: 'answers', answers: batch });
}

/**
 * Runs the next call from the event loop's check phase (setImmediate), never straight from a
 * message handler: between two check phases the loop polls, so messages (cancels, more calls) are
 * read between any two calls.
 */
function schedule(): void {
  if (running || scheduled || queue.length === 0) return;
  scheduled = true;
  setImmediate(runNext);
}

async function runNext(): Promise<void> {
  scheduled = false;
  const message = queue.shift();
  if (!message) return;
  if (answers.length > 0 && performance.now() - oldestAnswerAt >= ANSWER_BATCH_MS) flush();
  running = true;
  memoryMb = message.limits.memoryMb;
  const startedAt = performance.now();
  try {
    answer(
      await runner.run(message, {
        onAwaiting(elapsedMs) {
          // The pool now times this call by its wall-clock limit. Answers held go first, so the
          // pool knows which call waits.
          flush();
          send({ type: 'awaiting', id: message.id, elapsedMs });
        },
      }),
      startedAt,
    );
  } catch (error) {
    answer(
      {
        type: 'failure',
        id: message.id,
        failure: { kind: 'internal', message: error instanceof Error ? error.message : String(error) },
        durationMs: 0,
        scriptCache: { hits: 0, misses: 0 },
      },
      startedAt,
    );
  }
  running = false;
  if (queue.length > 0) {
    schedule();
    return;
  }
  flush();
  // Make the next call's context while idle, unless a call already arrived.
  setImmediate(() => {
    if (!running && queue.length === 0 && memoryMb !== undefined) runner.prepare(memoryMb);
  });
}

process.on('message', (value: unknown) => {
  const m = value as { type?: unknown; runs?: unknown; id?: unknown } | null;
  if (m?.type === 'runs' && Array.isArray(m.runs)) {
    for (const run of m.runs) if (isRunMessage(run)) queue.push(run);
  } else if (isRunMessage(m)) {
    queue.push(m);
  } else if (m?.type === 'cancel' && typeof m.id === 'number') {
    const index = queue.findIndex((run) => run.id === m.id);
    if (index === -1) return; // running or done: its answer is on its way
    queue.splice(index, 1);
    answer(
      {
        type: 'failure',
        id: m.id,
        failure: { kind: 'cancelled' },
        durationMs: 0,
        scriptCache: { hits: 0, misses: 0 },
      },
      performance.now(),
    );
    if (!running && queue.length === 0) flush();
    return;
  }
  schedule();
});

// The pool went away (closed, crashed or killed): no orphan hosts. Loading this module's imports
// lets the event loop run, so the channel may have closed before this listener was attached.
process.on('disconnect', () => {
  process.exit(0);
});
if (!process.connected) process.exit(0);

send({ type: 'ready', pid: process.pid });
