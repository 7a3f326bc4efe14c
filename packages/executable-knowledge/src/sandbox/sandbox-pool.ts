/**
 * # The executable-knowledge sandbox
 *
 * Helpers, validators and processors written by tool authors run in `createSandboxPool()`: a pool
 * of child processes (default `os.availableParallelism()`), each holding one isolated-vm isolate.
 *
 * ## What a call gets
 * - Modules run as classic scripts in the order given, each with its own `module`/`exports`;
 *   function declarations of earlier modules are visible to later ones.
 * - Contexts: calls with the same modules (same sources, filenames and offsets) share one context,
 *   loaded once and then *locked* — the global object and every built-in reachable from it (with
 *   their prototypes, and the iterator/generator/typed-array intrinsics) are frozen — so no call can
 *   leave a global or a prototype change behind. Top-level `var`s and function declarations are
 *   properties of the global object and frozen with it (an assignment is ignored, a TypeError in
 *   strict code); `let`/`const` bindings and the objects top-level names hold are module state that
 *   persists between those calls, whoever makes them (packs keep nothing of one call there). Calls
 *   with other modules never see that context. With
 *   `freshContextPerCall: true` (or `freshContext: true` on a request) every call gets a context no
 *   other call used. Any failure that could leave a context in doubt (a limit, an exception escaping
 *   the runtime) discards the isolate with all its contexts.
 * - Plain ECMAScript built-ins (Object, JSON, Math, Intl, Promise, RegExp, `eval`/`Function` — which
 *   only create code inside the isolate) and a frozen `console` (log/info/warn/error/debug) whose
 *   output is returned with the result, cut at `maxLogBytes`.
 * - Nothing else: no `require`, `process`, `import()` (it rejects with "Not supported"), timers,
 *   `fetch`, filesystem or network, and no `SharedArrayBuffer`, `Atomics`, `WebAssembly`,
 *   `WeakRef` or `FinalizationRegistry`. No isolated-vm object is ever reachable from helper code.
 * - Arguments go in as JSON (checked in this process: functions, `undefined` in arrays, NaN,
 *   cycles, Maps… are refused with `SandboxOutputError`); the result comes out as JSON made inside
 *   the isolate, so getters, Proxies and `toJSON` of a returned value run there, under the time
 *   limit. The result must be JSON: `undefined` (at the top level or in an array), functions,
 *   symbols, BigInts, NaN/Infinity and cycles are refused; `undefined` object properties are
 *   omitted as `JSON.stringify` does. A returned promise is awaited.
 *
 * ## Limits (per call, `SandboxLimits`)
 * - `cpuTimeoutMs` (1000): budget for the synchronous part — loading the modules plus the call
 *   and the microtasks it queues. Infinite loops, catastrophic regexes and microtask floods end
 *   with `SandboxTimeoutError` (`kind: 'cpu'`); the host stays in service with a new isolate.
 * - `wallTimeoutMs` (5000): the whole call including awaited promises. A promise that never
 *   settles ends with `SandboxTimeoutError` (`kind: 'wall'`); the host disposes its isolate and
 *   makes a new one.
 * - `memoryMb` (64): the isolate's heap plus its ArrayBuffers (isolated-vm counts them and refuses
 *   one past the limit: V8's `RangeError: Array buffer allocation failed`). Ordinary heap growth
 *   (a push loop) or a refused buffer ends with `SandboxMemoryError` and a new isolate in the same
 *   host; so does a CPU timeout with the heap at 80 % of the limit or more (near the limit V8
 *   collects garbage over and over, which is what makes the timeout late). isolated-vm's limit is
 *   soft (2–3× for a determined attacker) and some allocations ignore it: `new Array(1e9).fill(0)`
 *   in a 64 MB isolate grows the host past 700 MB and segfaults it after ~7 s. When V8 runs out of
 *   heap it prints its last GCs on stderr and isolated-vm's handler then waits forever for this
 *   host's main thread, which is blocked in the call: the pool kills the host as soon as that
 *   output arrives. Strings are the hard case: a rope knows its length without holding its text
 *   (`'x'.repeat(2 ** 28)` is 256 MB of text in a few KB), and one V8 operation that reads it
 *   (indexOf, a regex, JSON.parse, JSON.stringify) writes it flat in one allocation of up to 1 GB
 *   that isolated-vm only notices afterwards. So the runtime measures a result's JSON while making
 *   it, from string lengths, and refuses it before the large string is written (`SandboxOutputError`
 *   past `maxResultBytes`, `SandboxMemoryError` past `memoryMb`), never slices a log argument or an
 *   error text longer than a quarter of `memoryMb` (it is described by its length), and a call that
 *   ran 1 ms or more has its isolate's heap plus external memory measured before its answer is
 *   taken (`SandboxMemoryError` and a new isolate past the limit). That is why isolates live in
 *   child processes: the pool also reads each busy host's resident size (Linux, every 10 ms;
 *   `maxHostRssMb`, default the host's size when ready + 2 × memoryMb + 64 MB: ~276 MB for 64 MB),
 *   kills and replaces a host past it or one that dies, and fails the call with
 *   `SandboxMemoryError` when it can tell (size, isolated-vm's catastrophic-error report, V8's
 *   out-of-memory output on stderr) and `SandboxCrashedError` otherwise. Measured with 64 MB:
 *   string and JSON.parse bombs that reached 512–586 MB (the old 256 + 4 × memoryMb cap) now stop
 *   at 258–302 MB.
 * - `maxResultBytes` (1 MiB of UTF-8 JSON), `maxArgsBytes` (4 MiB), `maxLogBytes` (16 KiB, then a
 *   `[console output cut at N bytes]` entry and `logsTruncated: true`).
 * - Backstop (the watchdog): a host starts a call at most 2 ms (answer batching) after its last
 *   message, so the pool times the running call from there. It SIGKILLs and replaces a host silent
 *   for the call's `cpuTimeoutMs` plus a grace (half of it, at least 500 ms, at most `killGraceMs`
 *   = 1000): a call is stopped within ~1.5× its CPU limit. A call whose synchronous part is over
 *   and that waits on a promise is bound by `wallTimeoutMs` instead: its host says so (`awaiting`,
 *   sent only if the promise is still pending 5 ms later), and the watchdog then allows
 *   `wallTimeoutMs` + `killGraceMs`. The call fails with `SandboxMemoryError` when the host was
 *   filling memory (V8's out-of-memory output, or the host grew by half of `memoryMb` while
 *   silent), otherwise `SandboxTimeoutError` (`'cpu'`, or `'wall'` for a call that was awaiting).
 *   This covers what isolated-vm cannot interrupt in time: V8 collecting garbage over and over
 *   near the heap limit, and a value thrown out of a module's top level, or a promise rejection
 *   left unhandled, whose `message`/`stack` is a looping getter or Proxy trap (isolated-vm 7
 *   copies it outside any timeout, and `isolate.dispose()` then blocks).
 *
 * Errors of the helper's own code (syntax errors, exceptions, a missing export, deep recursion's
 * `RangeError`, an unhandled rejection) are `HelperError`s, positioned in the helper's file
 * (`filename` + `lineOffset`). After any failure the next call is served normally.
 *
 * ## Pool behaviour
 * Hosts start lazily (`start()` pre-warms them all). A call goes to an idle host at once; when every
 * host is busy, calls are handed to the least loaded host ahead of time, up to `pipelineDepth` (8)
 * per host, several in one message, and the host answers several in one message (holding finished
 * answers at most ANSWER_BATCH_MS = 2 ms while more calls wait). A pipe write wakes the process at
 * the other end, and those wake-ups, not the isolate, were most of a small call's cost: batching
 * took two hosts on two vCPUs from ~4 400 to ~12 000 calls/s. A call handed ahead waits behind the
 * calls before it on its host, so nothing goes ahead behind a call that may be slow — its entry
 * (module + export) has not run warm yet, or its recent calls took over SLOW_CALL_MS (2 ms) inside the
 * host (moving average) — nor to a host silent for SILENT_HOST_MS (5 ms), which may be on one.
 * Beyond that, calls wait FIFO in the pool (`maxQueue`, default 1000, counting the calls on hosts
 * behind their running call; then `SandboxUnavailableError`) for the first host that can take them.
 *
 * When a host dies or is killed with one call on it, that call fails (classified as above), and the
 * calls queued behind it go to another host, or to the replacement, which starts at once. With
 * several, the pool cannot tell which one did it (the host may have finished some, their answers
 * held back), so it runs each of them again *alone* on a host: the culprit fails again and is
 * blamed, the others are served. Helpers reach nothing outside their isolate, so running one twice
 * has no effect beyond its CPU time.
 *
 * An `AbortSignal` removes a queued call; a call waiting on a host behind another is dropped there
 * (or, if it already ran, its answer is ignored); a running call is stopped by killing and replacing
 * its host (`CancelledError` either way; calls behind it run again). `close()` kills every host and
 * rejects pending calls; hosts also exit by themselves when the pool's process goes away
 * (their IPC channel closes). Idle hosts do not keep the process alive. Hosts get only TZ and the
 * locale variables of the environment (no secrets in their memory), `--no-node-snapshot` (required by isolated-vm on
 * Node ≥ 20), and stdout/stderr piped to the pool, never onto this process's stdout (the MCP wire).
 *
 * ## Costs (measured on a 2-vCPU VM, Node 24.21, isolated-vm 7.0.1; indicative)
 * - Host process start (Node + isolated-vm): ~230 ms from `dist/`, ~250–380 ms from TypeScript
 *   sources; two in parallel ~390 ms. Replacements start in the background.
 * - First call on a new isolate: ~15 ms (isolate, runtime compile, module compile).
 * - Warm call (small JSON in and out, shared context, one isolate crossing): ~0.4 ms end to end
 *   (p50) when calls come one at a time. Under load (64 in flight, two hosts on two vCPUs): ~12 000
 *   calls/s, CPU-bound, ~30 µs of this process's CPU and ~100 µs of a host's per call (it was
 *   ~100 + ~250 µs with one call per message). A fresh context costs ~0.7 ms more (made between
 *   calls when the host is idle, so a call with think time before it does not wait for it).
 * - 900 KB of arguments: ~16–20 ms end to end; a 900 KB result: ~8–17 ms. IPC uses the
 *   'advanced' serialization: equal to 'json' for small messages, 1.5–2× faster for large ones.
 * - A call after a failure that replaced the isolate (timeout, memory, load error): ~7 ms.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFile, readFileSync, readSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { CancelledError, ToolDefinitionError } from '@toolsmith/core';
import { HelperError } from '../errors/helper-error.ts';
import { SandboxCrashedError } from '../errors/sandbox-crashed-error.ts';
import { SandboxMemoryError } from '../errors/sandbox-memory-error.ts';
import { SandboxOutputError } from '../errors/sandbox-output-error.ts';
import { SandboxTimeoutError } from '../errors/sandbox-timeout-error.ts';
import { SandboxUnavailableError } from '../errors/sandbox-unavailable-error.ts';
import { findHelperPosition } from './helper-position.ts';
import { findNonJson } from './json-check.ts';
import {
  DEFAULT_LIMITS,
  FATAL_MARKER,
  MIN_MEMORY_MB,
  ANSWER_BATCH_MS,
  type CancelMessage,
  type HostAnswer,
  type HostFailure,
  type HostMessage,
  type RunBatchMessage,
  type ResolvedLimits,
  type RunMessage,
  type WireModule,
} from './sandbox-protocol.ts';
import type {
  SandboxLimits,
  SandboxModule,
  SandboxPool,
  SandboxPoolOptions,
  SandboxPoolStats,
  SandboxRequest,
  SandboxResult,
} from './sandbox-types.ts';

const DEFAULT_MAX_QUEUE = 1000;
const DEFAULT_PIPELINE_DEPTH = 8;
/** A busy host silent this long gets no more calls ahead of time (they wait in the pool instead). */
const SILENT_HOST_MS = 5;
/** An entry whose recent calls took longer than this inside the host gets no calls queued behind it. */
const SLOW_CALL_MS = 2;
/** Weight of the newest duration in an entry's moving average. */
const DURATION_WEIGHT = 0.3;
/** Entries whose durations are remembered (then the history starts again). */
const MAX_DURATION_ENTRIES = 1000;
const DEFAULT_KILL_GRACE_MS = 1000;
/**
 * The least grace past `cpuTimeoutMs` before a host silent on a synchronous call is killed (the
 * grace is half the limit, between this and `killGraceMs`): isolated-vm's own timeout, the answer
 * and the disposal of a full isolate must fit in it on a loaded machine.
 */
const MIN_SYNC_GRACE_MS = 500;
const DEFAULT_START_TIMEOUT_MS = 10_000;
/** Consecutive hosts that die before reporting ready before queued calls are failed. */
const MAX_START_FAILURES = 3;
const STDERR_TAIL_BYTES = 8 * 1024;
/** Resident size of an idle host process (Node + one isolate), roughly, in MB (measured 80–115). */
const HOST_BASE_RSS_MB = 100;
/**
 * A host killed by the watchdog whose resident size grew by this share of `memoryMb` while silent
 * was filling its isolate's heap (V8 collects garbage over and over near the limit, and
 * isolated-vm's timeout comes late): the call fails with SandboxMemoryError, not a timeout.
 */
const NEAR_LIMIT_SHARE = 0.5;
/**
 * Default host resident-size cap: the host's size when it reported ready, plus twice the calls'
 * `memoryMb`, plus this. Measured on a 64 MB isolate (Node 24, isolated-vm 7): a host is ~80 MB
 * ready; heap bombs that isolated-vm stops peak at ready + 1.1–1.4 × memoryMb (push and Map loops,
 * 16 to 256 MB). Past the cap a call used more than its memory limit whatever isolated-vm says: a
 * single V8 operation (flattening a 256 MB rope, JSON.parse of one) allocates it at once.
 */
const RSS_CAP_SLACK_MB = 64;
/**
 * How often a busy host's resident size is read. A string of hundreds of MB is written in a few
 * hundred ms, so the poll decides how far past the cap a host gets before it is killed (at ~2 GB/s,
 * ~20 MB per 10 ms). One read of /proc/<pid>/statm costs ~6 µs.
 */
const RSS_POLL_MS = 10;
/** What V8/isolated-vm print when a heap cannot grow any more. */
const OUT_OF_MEMORY = /out of memory|Last few GCs|last resort; GC|heap limit|Catastrophic/i;
/** Environment variables passed to hosts: locale and time zone only (Intl inside the isolate). */
const HOST_ENV_KEYS = ['TZ', 'LANG', 'LC_ALL', 'LC_CTYPE', 'SYSTEMROOT'];

/** What the package exports its host script as (package.json "exports"). */
export const SANDBOX_HOST_EXPORT = '@toolsmith/executable-knowledge/sandbox-host';

/**
 * The host script next to this module: `.ts` when running from sources, `.js` from `dist/`. Bundled
 * into a server's bin (toolsmith-bundle), this module is a chunk with no host beside it: the host is
 * then the one of the installed package, resolved from the bundle's location (the server's package
 * depends on this one, so npm installed it, with isolated-vm).
 */
function hostScriptPath(): string {
  const here = fileURLToPath(import.meta.url);
  const preferred = here.endsWith('.ts') ? ['.ts', '.js'] : ['.js', '.ts'];
  for (const extension of preferred) {
    const candidate = here.replace(/sandbox-pool\.(ts|js)$/, `sandbox-host${extension}`);
    if (candidate !== here && existsSync(candidate)) return candidate;
  }
  let installed: string | undefined;
  try {
    // Not import.meta.resolve: a bundled bin's server is CommonJS (@toolsmith/bundle), where only
    // import.meta.url is carried over. The export resolves the same for require.
    installed = process
      .getBuiltinModule('node:module')
      .createRequire(import.meta.url)
      .resolve(SANDBOX_HOST_EXPORT);
  } catch {
    // not installed beside the bundle
  }
  if (installed && existsSync(installed)) return installed;
  throw new SandboxUnavailableError({
    reason: 'start-failed',
    detail: `sandbox-host.ts/.js not found next to ${here}, nor ${SANDBOX_HOST_EXPORT} installed where it can be resolved${installed ? ` (${installed} is missing)` : ''} (incomplete installation?)`,
  });
}

interface Job {
  readonly helperId: string;
  readonly modules: WireModule[];
  readonly filenames: string[];
  readonly entry: { module: string; export: string };
  readonly argsJson: string;
  readonly limits: ResolvedLimits;
  readonly freshContext: boolean;
  /** What the call runs (entry module's content key and export): the key of its duration history. */
  readonly entryKey: string;
  readonly signal: AbortSignal | undefined;
  readonly resolve: (result: SandboxResult) => void;
  readonly reject: (error: unknown) => void;
  onAbort: (() => void) | undefined;
  host: Host | undefined;
  messageId: number;
  /**
   * Runs on a host with no other call: set when it was in flight on a host that failed beside other
   * calls, so whichever of them caused the failure causes it again alone and is blamed for it.
   */
  solo: boolean;
  settled: boolean;
}

interface Host {
  readonly child: ChildProcess;
  readonly pid: number;
  state: 'starting' | 'ready' | 'stopping' | 'dead';
  /** Killed before it reported ready. */
  wasStarting: boolean;
  /** Calls sent and not answered, in the order the host runs them (the first is running). */
  inflight: Job[];
  /** Keys of the module sources this host has received (it keeps them). */
  knownSources: Set<string>;
  stderrTail: string;
  /** Last resident set size read from /proc (Linux), in MB. */
  rssMb: number;
  /** Resident size when it reported ready, in MB. */
  baseRssMb: number;
  /** Set when the pool killed it on purpose (not a crash). */
  killedBy: 'pool' | undefined;
  everReady: boolean;
  ready: Promise<void>;
  readyResolve: () => void;
  readyReject: (error: unknown) => void;
  startTimer: ReturnType<typeof setTimeout> | undefined;
  /** Fires when the host has not answered for longer than its calls' limits allow. */
  watchdog: ReturnType<typeof setTimeout> | undefined;
  /** When the host last answered (or got work while idle): the watchdog counts from here. */
  progressAt: number;
  /** The running call, once the host said it waits on a promise (bound by its wall limit since). */
  awaiting: Job | undefined;
  /** When `awaiting` started, on this process's clock. */
  awaitingStartedAt: number;
  /** When the armed watchdog fires, and the largest memory limit of the calls on the host. */
  watchDeadline: number;
  watchMemoryMb: number;
  /** Resident size when the host last made progress (the lowest reading since), in MB. */
  rssAtProgressMb: number;
  rssPoll: ReturnType<typeof setInterval> | undefined;
  /** `/proc/<pid>/statm`, open while the host is watched (Linux). */
  statmFd: number | undefined;
  closed: Promise<void>;
}

export function createSandboxPool(options: SandboxPoolOptions = {}): SandboxPool {
  return new ProcessSandboxPool(options);
}

class ProcessSandboxPool implements SandboxPool {
  readonly #size: number;
  readonly #limits: SandboxLimits;
  readonly #freshContextPerCall: boolean;
  readonly #maxQueue: number;
  readonly #pipelineDepth: number;
  readonly #killGraceMs: number;
  readonly #startTimeoutMs: number;
  readonly #serialization: 'json' | 'advanced';
  readonly #maxHostRssMb: number | undefined;
  readonly #hosts: Host[] = [];
  readonly #queue: Job[] = [];
  #hostScript: string | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;
  #pumpScheduled = false;
  #replaced = 0;
  #calls = 0;
  #cacheHits = 0;
  #cacheMisses = 0;
  #messageIds = 0;
  /** Recent time inside the host per entry (exponential moving average, ms): see #mayBeSlow. */
  readonly #durations = new Map<string, number>();
  #startFailures = 0;

  constructor(options: SandboxPoolOptions) {
    this.#size = positiveInteger(options.size ?? availableParallelism(), 'size');
    this.#limits = options.limits ?? {};
    resolveLimits(this.#limits, undefined); // fail fast on bad defaults
    this.#freshContextPerCall = options.freshContextPerCall ?? false;
    this.#maxQueue = nonNegativeInteger(options.maxQueue ?? DEFAULT_MAX_QUEUE, 'maxQueue');
    this.#pipelineDepth = positiveInteger(options.pipelineDepth ?? DEFAULT_PIPELINE_DEPTH, 'pipelineDepth');
    this.#killGraceMs = nonNegativeInteger(options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, 'killGraceMs');
    this.#startTimeoutMs = positiveInteger(
      options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      'startTimeoutMs',
    );
    this.#serialization = options.serialization ?? 'advanced';
    this.#maxHostRssMb =
      options.maxHostRssMb === undefined ? undefined : positiveInteger(options.maxHostRssMb, 'maxHostRssMb');
  }

  async start(): Promise<void> {
    if (this.#closed) throw new SandboxUnavailableError({ reason: 'closed' });
    while (this.#live().length < this.#size) this.#spawn();
    await Promise.all(this.#live().map((host) => host.ready));
  }

  run(request: SandboxRequest, options: { signal?: AbortSignal } = {}): Promise<SandboxResult> {
    return new Promise<SandboxResult>((resolve, reject) => {
      const helperId = typeof request?.entry?.module === 'string' ? request.entry.module : '(unknown)';
      if (this.#closed) {
        reject(new SandboxUnavailableError({ reason: 'closed', helperId }));
        return;
      }
      let prepared: Prepared | Error;
      try {
        prepared = prepare(request, this.#limits, this.#freshContextPerCall);
      } catch (error) {
        prepared = error instanceof Error ? error : new Error(String(error));
      }
      if (prepared instanceof Error) {
        reject(prepared);
        return;
      }
      const { signal } = options;
      if (signal?.aborted) {
        reject(new CancelledError({ operation: `Helper ${helperId}`, reason: signal.reason }));
        return;
      }
      if (this.#waiting() >= this.#maxQueue) {
        reject(new SandboxUnavailableError({ reason: 'queue-full', helperId, maxQueue: this.#maxQueue }));
        return;
      }
      const job: Job = {
        ...prepared,
        helperId,
        signal,
        resolve,
        reject,
        onAbort: undefined,
        host: undefined,
        messageId: 0,
        solo: false,
        settled: false,
      };
      if (signal) {
        job.onAbort = () => this.#abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.#queue.push(job);
      // A host with nothing to do takes the call now. Otherwise the calls made in this turn of the
      // event loop (typically the callers of the answers just received) leave in one batch.
      if (this.#hosts.some((h) => h.state === 'ready' && h.inflight.length === 0)) this.#pump();
      else this.#schedulePump();
    });
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  stats(): SandboxPoolStats {
    const alive = this.#hosts.filter((h) => h.state !== 'dead');
    return {
      size: this.#size,
      alive: alive.length,
      busy: alive.filter((h) => h.state === 'ready' && h.inflight.some((job) => !job.settled)).length,
      queued: this.#waiting(),
      onHosts: alive.reduce((sum, h) => sum + h.inflight.filter((job) => !job.settled).length, 0),
      replaced: this.#replaced,
      calls: this.#calls,
      pids: alive.map((h) => h.pid),
      scriptCache: { hits: this.#cacheHits, misses: this.#cacheMisses },
    };
  }

  /** Hosts started or starting, not being killed. */
  #live(): Host[] {
    return this.#hosts.filter((h) => h.state === 'starting' || h.state === 'ready');
  }

  /** Calls not started: queued in the pool, or sent to a host behind the call it is running. */
  #waiting(): number {
    let waiting = this.#queue.length;
    for (const host of this.#hosts) {
      const pending = host.inflight.filter((job) => !job.settled).length;
      if (pending > 1) waiting += pending - 1;
    }
    return waiting;
  }

  async #close(): Promise<void> {
    this.#closed = true;
    const error = (job: Job) => new SandboxUnavailableError({ reason: 'closed', helperId: job.helperId });
    for (const job of this.#queue.splice(0)) this.#settle(job, undefined, error(job));
    const hosts = [...this.#hosts];
    for (const host of hosts) {
      for (const job of host.inflight) this.#settle(job, undefined, error(job));
      this.#kill(host);
    }
    await Promise.all(hosts.map((host) => host.closed));
  }

  #schedulePump(): void {
    if (this.#pumpScheduled) return;
    this.#pumpScheduled = true;
    setImmediate(() => {
      this.#pumpScheduled = false;
      this.#pump();
    });
  }

  /**
   * Hands queued calls to hosts — an idle host first, then the least loaded one, up to
   * `pipelineDepth` calls per host (a `solo` call only to an idle host, and nothing after it) — in
   * one message per host, and starts hosts (up to `size`) for what is left.
   */
  #pump(): void {
    if (this.#closed) return;
    const batches = new Map<Host, RunMessage[]>();
    while (this.#queue.length > 0) {
      const job = this.#queue[0] as Job;
      const host = this.#pickHost(job);
      if (!host) break;
      this.#queue.shift();
      let batch = batches.get(host);
      if (!batch) batches.set(host, (batch = []));
      batch.push(this.#assign(host, job));
    }
    for (const [host, runs] of batches) {
      const message: RunMessage | RunBatchMessage =
        runs.length === 1 ? (runs[0] as RunMessage) : { type: 'runs', runs };
      host.child.send(message, (error) => {
        if (error)
          this.#kill(
            host,
            () =>
              new SandboxCrashedError({
                helperId: '(batch)',
                exitCode: null,
                signal: null,
                stderrTail: `could not send calls to the sandbox host: ${error.message}`,
              }),
          );
      });
    }
    const starting = this.#hosts.filter((h) => h.state === 'starting').length;
    let wanted = this.#queue.length - starting;
    while (wanted > 0 && this.#live().length < this.#size) {
      try {
        this.#spawn();
      } catch (error) {
        // The host cannot be started at all (missing host script, fork failure): nothing queued can run.
        for (const job of this.#queue.splice(0)) this.#settle(job, undefined, error);
        return;
      }
      wanted--;
    }
  }

  #pickHost(job: Job): Host | undefined {
    let best: Host | undefined;
    for (const host of this.#hosts) {
      if (host.state !== 'ready') continue;
      const load = host.inflight.length;
      if (load === 0) return host;
      if (job.solo || load >= this.#pipelineDepth || host.inflight[0]?.solo) continue;
      // Nothing goes ahead behind a call that may be slow (new, or slow lately), nor to a host that
      // has not answered for a while (it may be on one).
      if (performance.now() - host.progressAt >= SILENT_HOST_MS) continue;
      if (host.inflight.some((queued) => !queued.settled && this.#mayBeSlow(queued))) continue;
      if (!best || load < best.inflight.length) best = host;
    }
    return best;
  }

  /** Whether a call may keep its host long: its entry ran slowly lately, or never ran here yet. */
  #mayBeSlow(job: Job): boolean {
    const recent = this.#durations.get(job.entryKey);
    return recent === undefined || recent > SLOW_CALL_MS;
  }

  #recordDuration(job: Job, durationMs: number): void {
    if (!Number.isFinite(durationMs)) return;
    const previous = this.#durations.get(job.entryKey);
    if (previous === undefined && this.#durations.size >= MAX_DURATION_ENTRIES) this.#durations.clear();
    this.#durations.set(
      job.entryKey,
      previous === undefined ? durationMs : previous + DURATION_WEIGHT * (durationMs - previous),
    );
  }

  /** Puts a call in flight on a host and returns the message for it. */
  #assign(host: Host, job: Job): RunMessage {
    job.host = host;
    job.messageId = ++this.#messageIds;
    host.inflight.push(job);
    if (host.inflight.length === 1) setRef(host, true);
    this.#watch(host, host.inflight.length === 1);
    // Each source crosses to a host once; afterwards its key stands for it.
    const modules = job.modules.map((module) => {
      const key = module.key!;
      if (host.knownSources.has(key))
        return {
          id: module.id,
          source: '',
          filename: module.filename,
          lineOffset: module.lineOffset,
          ...(module.type === 'module' ? { type: module.type, imports: module.imports ?? {} } : {}),
          key,
          cached: true,
        };
      host.knownSources.add(key);
      return module;
    });
    return {
      type: 'run',
      id: job.messageId,
      modules,
      entry: job.entry,
      argsJson: job.argsJson,
      limits: job.limits,
      freshContext: job.freshContext,
    };
  }

  /**
   * (Re)arms a busy host's watchdog, and its memory watch. A host starts a call at most
   * ANSWER_BATCH_MS after its last message (`progress`: now) and answers it within the call's
   * limits: the synchronous part within `cpuTimeoutMs` (isolated-vm's timeout), the whole call
   * within `wallTimeoutMs` once the host said the call waits on a promise. A host silent past that
   * plus a grace is stuck where isolated-vm cannot interrupt it in time — V8 collecting garbage
   * over and over near the heap limit, copying a hostile error, a native allocation that ignores
   * the memory limit — and is killed; the call is blamed (timeout or memory, see #onWatchdog).
   */
  #watch(host: Host, progress: boolean): void {
    const now = performance.now();
    if (progress) {
      host.progressAt = now;
      // The last reading (refined by the next ones while it stays busy), or the size when ready.
      host.rssAtProgressMb = host.rssMb > 0 ? host.rssMb : host.baseRssMb;
    }
    if (host.inflight.length === 0) {
      this.#unwatch(host);
      return;
    }
    const running = host.inflight[0] as Job;
    if (host.awaiting !== running) host.awaiting = undefined;
    let cpuMs = 0;
    let memoryMb = 0;
    for (const job of host.inflight) {
      cpuMs = Math.max(cpuMs, job.limits.cpuTimeoutMs);
      memoryMb = Math.max(memoryMb, job.limits.memoryMb);
    }
    host.watchMemoryMb = memoryMb;
    const deadline =
      host.awaiting === running
        ? host.awaitingStartedAt + running.limits.wallTimeoutMs + ANSWER_BATCH_MS + this.#killGraceMs
        : host.progressAt + ANSWER_BATCH_MS + cpuMs + this.#syncGrace(cpuMs);
    // A call handed ahead with limits no larger than those watched already changes nothing.
    if (!progress && host.watchdog !== undefined && deadline <= host.watchDeadline) return;
    host.watchDeadline = deadline;
    clearTimeout(host.watchdog);
    const watchdog = setTimeout(() => this.#onWatchdog(host, watchdog), Math.max(0, deadline - now));
    host.watchdog = watchdog;
    // isolated-vm's memoryLimit is soft and some allocations bypass it entirely (measured: a
    // 64 MB isolate running `new Array(1e9).fill(0)` grows its host past 700 MB before it
    // crashes). Watch the host's resident size and kill it past the cap (of the calls on it now).
    if (process.platform === 'linux' && host.rssPoll === undefined) {
      host.rssPoll = setInterval(() => {
        const rssMb = readRssNow(host);
        if (rssMb === undefined) return;
        host.rssMb = rssMb;
        host.rssAtProgressMb = Math.min(host.rssAtProgressMb, rssMb);
        if (rssMb > this.#rssCapMb(host)) this.#kill(host, memoryError);
      }, RSS_POLL_MS);
      host.rssPoll.unref();
    }
  }

  /** Resident size a busy host may reach (`maxHostRssMb`, or ready size + 2 × memoryMb + 64 MB). */
  #rssCapMb(host: Host): number {
    return this.#maxHostRssMb ?? host.baseRssMb + 2 * host.watchMemoryMb + RSS_CAP_SLACK_MB;
  }

  /** Grace past `cpuTimeoutMs` for a synchronous call: half the limit, within [500 ms, killGraceMs]. */
  #syncGrace(cpuMs: number): number {
    return Math.min(this.#killGraceMs, Math.max(MIN_SYNC_GRACE_MS, Math.ceil(cpuMs / 2)));
  }

  /**
   * A host stayed silent past its running call's limit. The call is blamed: SandboxMemoryError when
   * the host was filling memory — V8 reported running out on stderr, or the host grew by half the
   * call's `memoryMb` while silent — otherwise SandboxTimeoutError, `cpu` for a synchronous call and
   * `wall` for one waiting on a promise.
   */
  #onWatchdog(host: Host, watchdog: ReturnType<typeof setTimeout>): void {
    readRssMb(host.pid, (rssMb) => {
      // The host answered (or was re-armed or killed) while its size was read.
      if (host.watchdog !== watchdog || host.state !== 'ready') return;
      if (rssMb !== undefined) host.rssMb = rssMb;
      const outOfMemory =
        OUT_OF_MEMORY.test(host.stderrTail) ||
        host.rssMb - host.rssAtProgressMb >= NEAR_LIMIT_SHARE * host.watchMemoryMb ||
        host.rssMb > host.baseRssMb + 2 * host.watchMemoryMb + 32;
      const awaiting = host.awaiting !== undefined && host.awaiting === host.inflight[0];
      this.#kill(host, (job) =>
        outOfMemory
          ? memoryError(job)
          : new SandboxTimeoutError({
              kind: awaiting ? 'wall' : 'cpu',
              timeoutMs: awaiting ? job.limits.wallTimeoutMs : job.limits.cpuTimeoutMs,
              helperId: job.helperId,
            }),
      );
    });
  }

  #unwatch(host: Host): void {
    clearTimeout(host.watchdog);
    clearInterval(host.rssPoll);
    host.watchdog = undefined;
    host.rssPoll = undefined;
    host.awaiting = undefined;
  }

  /** Takes every call off a host (which is going away) and stops watching it. */
  #takeCalls(host: Host): Job[] {
    this.#unwatch(host);
    const calls = host.inflight.splice(0);
    for (const job of calls) job.host = undefined;
    return calls;
  }

  #spawn(): Host {
    this.#hostScript ??= hostScriptPath();
    const env: Record<string, string> = {};
    for (const key of HOST_ENV_KEYS) {
      const value = process.env[key];
      if (value !== undefined) env[key] = value;
    }
    const child = fork(this.#hostScript, [], {
      execArgv: ['--no-node-snapshot', '--disable-warning=ExperimentalWarning'],
      serialization: this.#serialization,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      env,
    });
    let readyResolve!: () => void;
    let readyReject!: (error: unknown) => void;
    const ready = new Promise<void>((resolve, reject) => {
      readyResolve = resolve;
      readyReject = reject;
    });
    ready.catch(() => undefined);
    let closedResolve!: () => void;
    const closed = new Promise<void>((resolve) => {
      closedResolve = resolve;
    });
    const host: Host = {
      child,
      pid: child.pid ?? -1,
      state: 'starting',
      wasStarting: false,
      inflight: [],
      knownSources: new Set(),
      stderrTail: '',
      rssMb: 0,
      baseRssMb: HOST_BASE_RSS_MB,
      killedBy: undefined,
      everReady: false,
      ready,
      readyResolve,
      readyReject,
      startTimer: undefined,
      watchdog: undefined,
      progressAt: 0,
      awaiting: undefined,
      awaitingStartedAt: 0,
      watchDeadline: 0,
      watchMemoryMb: 0,
      rssAtProgressMb: 0,
      rssPoll: undefined,
      statmFd: undefined,
      closed,
    };
    this.#hosts.push(host);

    // Every listener is attached here, as the process is made, so no exit can be missed.
    child.stdout?.resume(); // a host never writes to stdout; drained so it can never block
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      host.stderrTail = (host.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
      // V8 ran out of heap: it prints its last GCs, then isolated-vm's out-of-memory handler waits
      // forever for a thread that is blocked in the call (measured: silent until the watchdog).
      if (host.state === 'ready' && host.inflight.length > 0 && OUT_OF_MEMORY.test(host.stderrTail)) {
        this.#kill(host, memoryError);
      }
    });
    child.on('message', (message: unknown) => this.#onMessage(host, message as HostMessage));
    child.on('error', (error) => {
      host.stderrTail += `\n(${error.message})`;
      // Spawn or IPC errors are followed by 'close' (or the kill below makes sure they are).
      this.#kill(host);
    });
    child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
      this.#onClose(host, code, signal);
      closedResolve();
    });
    host.startTimer = setTimeout(() => {
      if (host.state === 'starting') {
        host.stderrTail += `\n(host did not report ready within ${this.#startTimeoutMs} ms)`;
        this.#kill(host);
      }
    }, this.#startTimeoutMs);
    host.startTimer.unref();
    return host;
  }

  #onMessage(host: Host, message: HostMessage): void {
    if (message?.type === 'ready') {
      if (host.state !== 'starting') return;
      clearTimeout(host.startTimer);
      host.state = 'ready';
      host.everReady = true;
      this.#startFailures = 0;
      readRssMb(host.pid, (rssMb) => {
        if (rssMb === undefined) return;
        host.baseRssMb = rssMb;
        if (host.rssMb === 0) host.rssMb = rssMb;
      });
      setRef(host, false);
      host.readyResolve();
      this.#pump();
      return;
    }
    if (message?.type === 'awaiting' && host.state === 'ready') {
      // Answers held before it came first: the call waiting is the first one on the host.
      const running = host.inflight[0];
      if (running?.messageId === message.id) {
        host.awaiting = running;
        host.awaitingStartedAt = performance.now() - message.elapsedMs;
        this.#watch(host, true);
      }
      return;
    }
    if (message?.type !== 'answers' || !Array.isArray(message.answers) || host.state !== 'ready') return;
    for (const answer of message.answers) this.#onAnswer(host, answer);
    this.#watch(host, true);
    if (host.inflight.length === 0) setRef(host, false);
    this.#pump();
  }

  #onAnswer(host: Host, answer: HostAnswer): void {
    if (answer.sourcesReset) host.knownSources.clear();
    const index = host.inflight.findIndex((job) => job.messageId === answer.id);
    if (index === -1) return;
    const job = host.inflight[index] as Job;
    host.inflight.splice(index, 1);
    // Aborted by its caller (and counted then): a late answer or the host's "cancelled".
    if (job.settled) return;
    if (answer.type === 'failure' && answer.failure.kind === 'missing-source') {
      // The host dropped its copies of the sources (it keeps 32 MB at most): send them again.
      host.knownSources.clear();
      this.#queue.unshift(job);
      return;
    }
    this.#calls++;
    this.#cacheHits += answer.scriptCache?.hits ?? 0;
    this.#cacheMisses += answer.scriptCache?.misses ?? 0;
    // A call that compiled its modules (a new host or isolate) says little about the next ones.
    if ((answer.scriptCache?.misses ?? 0) === 0) this.#recordDuration(job, answer.durationMs);
    if (answer.type === 'failure') {
      this.#settle(job, undefined, toError(answer.failure, job));
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(answer.valueJson);
    } catch {
      this.#settle(
        job,
        undefined,
        new SandboxOutputError({
          helperId: job.helperId,
          direction: 'result',
          reason: 'not-json',
          detail: 'the sandbox returned text that is not JSON',
        }),
      );
      return;
    }
    this.#settle(job, {
      value,
      logs: answer.logs,
      logsTruncated: answer.logsTruncated,
      durationMs: answer.durationMs,
      scriptCache: answer.scriptCache,
    });
  }

  #onClose(host: Host, code: number | null, signal: NodeJS.Signals | null): void {
    const wasStarting = host.state === 'starting' || host.wasStarting;
    closeStatm(host);
    this.#release(host, (job) =>
      host.stderrTail.includes(FATAL_MARKER) || OUT_OF_MEMORY.test(host.stderrTail)
        ? memoryError(job)
        : new SandboxCrashedError({
            helperId: job.helperId,
            exitCode: code,
            signal,
            stderrTail: host.stderrTail.slice(-2000),
          }),
    );
    host.state = 'dead';
    clearTimeout(host.startTimer);
    const index = this.#hosts.indexOf(host);
    if (index !== -1) this.#hosts.splice(index, 1);
    if (wasStarting) {
      const failure = new SandboxUnavailableError({
        reason: 'start-failed',
        detail: host.stderrTail.slice(-2000),
      });
      host.readyReject(failure);
      if (!this.#closed) {
        this.#startFailures++;
        if (this.#startFailures >= MAX_START_FAILURES) {
          this.#startFailures = 0;
          for (const queued of this.#queue.splice(0)) {
            this.#settle(
              queued,
              undefined,
              new SandboxUnavailableError({
                reason: 'start-failed',
                helperId: queued.helperId,
                detail: host.stderrTail.slice(-2000),
              }),
            );
          }
        }
      }
    } else if (!this.#closed && host.killedBy === undefined) {
      // A crash (killed hosts were counted and replaced when the pool killed them).
      this.#replaced++;
      this.#replace();
    }
    this.#pump();
  }

  /**
   * Takes every call off a host that failed (died, or is being killed for `blame`). With one call
   * in flight, that call caused it and fails with `blame(call)`. With several, the culprit is not
   * known (the host may have finished some, their answers held back): each one not settled goes
   * back to the front of the queue as `solo`, to run alone on a host, where a culprit fails again
   * and is blamed. Helpers reach nothing outside their isolate, so running one twice is harmless.
   */
  #release(host: Host, blame: (job: Job) => Error): void {
    const inflight = this.#takeCalls(host);
    if (inflight.length === 1) {
      const job = inflight[0] as Job;
      if (!job.settled) {
        this.#calls++;
        this.#settle(job, undefined, blame(job));
      }
      return;
    }
    const retry = inflight.filter((job) => !job.settled);
    for (const job of retry) job.solo = true;
    this.#queue.unshift(...retry);
  }

  #abort(job: Job): void {
    if (job.settled) return;
    const error = new CancelledError({ operation: `Helper ${job.helperId}`, reason: job.signal?.reason });
    const queued = this.#queue.indexOf(job);
    if (queued !== -1) {
      this.#queue.splice(queued, 1);
      this.#settle(job, undefined, error);
      return;
    }
    const host = job.host;
    this.#settle(job, undefined, error);
    if (!host || !host.inflight.includes(job)) return;
    this.#calls++;
    if (host.inflight[0] === job) {
      // Running (as far as the pool can tell): kill the host, which stops it. Calls behind it run again elsewhere.
      this.#kill(host);
    } else {
      // Waiting on the host behind another call: the host drops it (or, if it already ran, its answer is ignored).
      const cancel: CancelMessage = { type: 'cancel', id: job.messageId };
      host.child.send(cancel, () => undefined);
    }
  }

  /**
   * SIGKILLs a host; it is never handed work again and leaves the list on 'close'. Its calls are
   * released first (`blame` names the error for a call found guilty; by default the host was killed
   * for reasons of its own, e.g. an abort, and every call still wanted runs again).
   */
  #kill(host: Host, blame?: (job: Job) => Error): void {
    if (host.state === 'dead' || host.state === 'stopping') return;
    if (blame) this.#release(host, blame);
    else {
      // Killed for a reason of its own (an abort, an IPC error): calls still wanted run again.
      this.#queue.unshift(...this.#takeCalls(host).filter((job) => !job.settled));
    }
    host.killedBy = 'pool';
    if (host.state === 'starting') host.wasStarting = true;
    host.state = 'stopping';
    setRef(host, true); // whoever awaits close() needs the process alive until 'close'
    host.child.kill('SIGKILL');
    if (host.everReady && !this.#closed) {
      this.#replaced++;
      this.#replace();
    }
    this.#schedulePump();
  }

  /** Starts a host in place of one that died or was killed, so the pool stays warm. */
  #replace(): void {
    if (this.#closed) return;
    if (this.#live().length >= this.#size) return;
    try {
      this.#spawn();
    } catch {
      // Called from timers and process events: never throw there. The next run() retries and
      // reports the failure to its caller.
    }
  }

  #settle(job: Job, result: SandboxResult | undefined, error?: unknown): void {
    if (job.settled) return;
    job.settled = true;
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (error !== undefined) job.reject(error);
    else job.resolve(result as SandboxResult);
  }
}

function memoryError(job: Job): SandboxMemoryError {
  return new SandboxMemoryError({ memoryMb: job.limits.memoryMb, helperId: job.helperId });
}

const statmBuffer = Buffer.alloc(128);
let pageBytes: number | undefined;

/** The size of a memory page, from this process's resident size in bytes and in pages. */
function pageSize(): number {
  if (pageBytes === undefined) {
    const pages = Number(readFileSync('/proc/self/statm', 'latin1').split(' ')[1]);
    const ratio = process.memoryUsage.rss() / pages;
    pageBytes = pages > 0 && ratio > 0 ? 2 ** Math.round(Math.log2(ratio)) : 4096;
  }
  return pageBytes;
}

/**
 * A host's resident size in MB, now (Linux): one read of `/proc/<pid>/statm` from a descriptor
 * kept open while the host lives, so a busy host can be watched every few ms for a few µs. Undefined
 * when it cannot be read (the host is gone).
 */
function readRssNow(host: Host): number | undefined {
  try {
    host.statmFd ??= openSync(`/proc/${host.pid}/statm`, 'r');
    const length = readSync(host.statmFd, statmBuffer, 0, statmBuffer.length, 0);
    const resident = Number(statmBuffer.toString('latin1', 0, length).split(' ')[1]);
    return Number.isFinite(resident) ? (resident * pageSize()) / (1024 * 1024) : undefined;
  } catch {
    closeStatm(host);
    return undefined;
  }
}

function closeStatm(host: Host): void {
  if (host.statmFd === undefined) return;
  try {
    closeSync(host.statmFd);
  } catch {
    // already closed
  }
  host.statmFd = undefined;
}

/** Resident set size of a process in MB (Linux `/proc`), or undefined when it cannot be read. */
function readRssMb(pid: number, done: (rssMb: number | undefined) => void): void {
  if (process.platform !== 'linux' || pid <= 0) {
    done(undefined);
    return;
  }
  readFile(`/proc/${pid}/status`, 'utf8', (error, text) => {
    const match = error ? null : /^VmRSS:\s+(\d+) kB/m.exec(text);
    done(match ? Number(match[1]) / 1024 : undefined);
  });
}

/** Idle hosts must not keep the pool's process alive; starting and busy ones must. */
function setRef(host: Host, on: boolean): void {
  const { child } = host;
  const streams = [child.stdout, child.stderr] as unknown as ({
    ref?: () => void;
    unref?: () => void;
  } | null)[];
  if (on) {
    child.ref();
    child.channel?.ref();
    for (const stream of streams) stream?.ref?.();
  } else {
    child.unref();
    child.channel?.unref();
    for (const stream of streams) stream?.unref?.();
  }
}

function toError(failure: HostFailure, job: Job): Error {
  const { limits } = job;
  switch (failure.kind) {
    case 'timeout':
      return new SandboxTimeoutError({
        kind: failure.timeout,
        timeoutMs: failure.timeout === 'cpu' ? limits.cpuTimeoutMs : limits.wallTimeoutMs,
        helperId: failure.helperId,
      });
    case 'memory':
      return new SandboxMemoryError({ memoryMb: limits.memoryMb, helperId: failure.helperId });
    case 'output':
      return new SandboxOutputError({
        helperId: failure.helperId,
        direction: 'result',
        reason: failure.reason,
        detail: failure.detail,
        limitBytes: limits.maxResultBytes,
        ...(failure.sizeBytes === undefined ? {} : { sizeBytes: failure.sizeBytes }),
      });
    case 'helper': {
      const position = findHelperPosition(`${failure.stack}\n${failure.message}`, job.filenames);
      return new HelperError({
        helperId: failure.helperId,
        phase: failure.phase,
        errorName: failure.name,
        errorMessage: failure.message,
        stack: failure.stack,
        ...(position ?? {}),
        ...(failure.hint === undefined ? {} : { hint: failure.hint }),
      });
    }
    case 'internal':
    default:
      return new SandboxCrashedError({
        helperId: job.helperId,
        exitCode: null,
        signal: null,
        stderrTail: `internal sandbox error: ${(failure as { message?: string }).message ?? 'unknown'}`,
      });
  }
}

type Prepared = Pick<
  Job,
  'modules' | 'filenames' | 'entry' | 'argsJson' | 'limits' | 'freshContext' | 'entryKey'
>;

/** Validates a request and turns it into what is sent to a host. */
function prepare(
  request: SandboxRequest,
  defaults: SandboxLimits,
  freshContextPerCall: boolean,
): Prepared | Error {
  const invalid = (message: string) =>
    new ToolDefinitionError({ message: `Invalid sandbox request: ${message}` });
  if (!request || !Array.isArray(request.modules) || request.modules.length === 0) {
    return invalid('modules must be a non-empty array of { id, source, filename }.');
  }
  const modules: WireModule[] = [];
  const seen = new Set<string>();
  for (const [index, module] of request.modules.entries()) {
    if (!module || typeof module.id !== 'string' || module.id === '') {
      return invalid(`modules[${index}].id must be a non-empty string.`);
    }
    if (typeof module.source !== 'string') return invalid(`module ${module.id}: source must be a string.`);
    if (typeof module.filename !== 'string' || module.filename === '') {
      return invalid(`module ${module.id}: filename must be a non-empty string.`);
    }
    const lineOffset = module.lineOffset ?? 0;
    if (!Number.isInteger(lineOffset) || lineOffset < 0) {
      return invalid(`module ${module.id}: lineOffset must be a non-negative integer.`);
    }
    if (seen.has(module.id)) return invalid(`module id ${module.id} appears twice; ids must be unique.`);
    seen.add(module.id);
    const type = module.type ?? 'script';
    if (type !== 'script' && type !== 'module') {
      return invalid(`module ${module.id}: type must be 'script' or 'module'.`);
    }
    if (type === 'script' && module.imports !== undefined) {
      return invalid(`module ${module.id}: only an ES module (type: 'module') has imports.`);
    }
    modules.push({
      id: module.id,
      source: module.source,
      filename: module.filename,
      lineOffset,
      ...(type === 'module' ? { type, imports: { ...module.imports } } : {}),
      key: keyOf(module, lineOffset),
    });
  }
  for (const module of modules) {
    for (const [specifier, target] of Object.entries(module.imports ?? {})) {
      const imported = modules.find((m) => m.id === target);
      if (typeof target !== 'string' || imported?.type !== 'module') {
        return invalid(
          `module ${module.id}: import '${specifier}' names ${JSON.stringify(target)}, which is not an ES module of the request.`,
        );
      }
    }
  }
  const entry = request.entry;
  if (!entry || typeof entry.module !== 'string' || typeof entry.export !== 'string' || entry.export === '') {
    return invalid('entry must be { module, export } naming a module of the request and one of its exports.');
  }
  if (!seen.has(entry.module)) {
    return invalid(`entry module ${entry.module} is not among the modules (${[...seen].join(', ')}).`);
  }
  let limits: ResolvedLimits;
  try {
    limits = resolveLimits(defaults, request.limits);
  } catch (error) {
    return error as Error;
  }
  if (!Array.isArray(request.args)) return invalid('args must be an array (the positional arguments).');
  const problem = findNonJson(request.args, 'args');
  if (problem) {
    return new SandboxOutputError({
      helperId: entry.module,
      direction: 'arguments',
      reason: 'not-json',
      detail: problem,
    });
  }
  const argsJson = JSON.stringify(request.args);
  const sizeBytes = Buffer.byteLength(argsJson);
  if (sizeBytes > limits.maxArgsBytes) {
    return new SandboxOutputError({
      helperId: entry.module,
      direction: 'arguments',
      reason: 'too-large',
      detail: 'too large',
      sizeBytes,
      limitBytes: limits.maxArgsBytes,
    });
  }
  return {
    modules,
    filenames: modules.map((m) => m.filename),
    entry: { module: entry.module, export: entry.export },
    argsJson,
    limits,
    freshContext: request.freshContext ?? freshContextPerCall,
    entryKey: `${modules.find((m) => m.id === entry.module)!.key}:${entry.export}`,
  };
}

const moduleKeys = new WeakMap<SandboxModule, string>();

/** The content hash of a module, computed once per module object (executors reuse theirs). */
function keyOf(module: SandboxModule, lineOffset: number): string {
  let key = moduleKeys.get(module);
  if (!key) {
    key = createHash('sha256')
      .update(module.filename)
      .update('\0')
      .update(String(lineOffset))
      .update('\0')
      .update(module.source)
      .update('\0')
      .update(module.type === 'module' ? JSON.stringify(module.imports ?? {}) : '')
      .digest('hex');
    moduleKeys.set(module, key);
  }
  return key;
}

function resolveLimits(defaults: SandboxLimits, overrides: SandboxLimits | undefined): ResolvedLimits {
  const limits = { ...DEFAULT_LIMITS, ...stripUndefined(defaults), ...stripUndefined(overrides ?? {}) };
  for (const [key, value] of Object.entries(limits)) {
    if (!Number.isInteger(value) || value <= 0) {
      throw new ToolDefinitionError({
        message: `Sandbox limit ${key} must be a positive integer, got ${String(value)}.`,
      });
    }
  }
  if (limits.memoryMb < MIN_MEMORY_MB) {
    throw new ToolDefinitionError({
      message: `Sandbox limit memoryMb must be at least ${MIN_MEMORY_MB} (isolated-vm's minimum), got ${limits.memoryMb}.`,
    });
  }
  return limits;
}

function stripUndefined(limits: SandboxLimits): SandboxLimits {
  return Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined)) as SandboxLimits;
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value <= 0) {
    throw new ToolDefinitionError({
      message: `Sandbox pool option ${name} must be a positive integer, got ${value}.`,
    });
  }
  return value;
}

function nonNegativeInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new ToolDefinitionError({
      message: `Sandbox pool option ${name} must be a non-negative integer, got ${value}.`,
    });
  }
  return value;
}
