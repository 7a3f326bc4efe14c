/**
 * The contract between the knowledge runtime and the sandbox. Only JSON crosses it, copied.
 *
 * Helper code is "script" JavaScript as the seeds write it:
 *
 *   function detectWebhookType($json) { … }
 *   module.exports = { detectWebhookType };
 *
 * Each module runs as a classic script in one fresh context per call, in the order given (a
 * helper's dependencies first), so a dependency's function declarations are visible to the helpers
 * after it; each module gets its own `module`/`exports` object, and the entry export is looked up on
 * the entry module's `module.exports`.
 *
 * Or it is an ES module (`type: 'module'`), which imports what it uses instead:
 *
 *   import { isObject } from './shared/values.mjs';
 *   export function detectWebhookType($json) { … }
 *
 * The ES modules of a request are compiled, linked (each specifier to the module its `imports`
 * map names, nothing else) and evaluated after the scripts, in the same context; the entry export
 * is looked up on the module's namespace.
 */

export interface SandboxModule {
  /** Helper id, e.g. `extract-custom-field`. Unique within a request. */
  id: string;
  /** JavaScript source (script, not ES module). */
  source: string;
  /** Shown in stack traces and HelperError positions, e.g. `clickup/helpers/extract-custom-field.js`. */
  filename: string;
  /** Line offset of `source` within `filename` (for inline YAML `function:` blocks). @default 0 */
  lineOffset?: number;
  /**
   * `module`: an ES module, compiled with isolated-vm's module API and linked to the modules of the
   * request its `imports` name; its exports are what the runtime calls. @default 'script'
   */
  type?: 'script' | 'module';
  /**
   * ES modules: each import specifier of the source → the id of the module of this request it
   * names. The sandbox links nothing else: a specifier not listed here fails the load, naming
   * the file and the specifier.
   */
  imports?: Readonly<Record<string, string>>;
}

export interface SandboxLimits {
  /**
   * CPU time for the synchronous part of the call (isolated-vm `timeout`). A host that has not
   * answered half of it (at least 500 ms, at most `killGraceMs`) later is killed and replaced: a
   * call is stopped within ~1.5× this even when isolated-vm's timeout comes late. @default 1000
   */
  cpuTimeoutMs?: number;
  /**
   * Wall-clock limit for the whole call including awaited promises; past it the isolate is disposed and
   * replaced, and a host process that does not answer shortly after is killed and replaced. @default 5000
   */
  wallTimeoutMs?: number;
  /**
   * Memory limit of the isolate (isolated-vm `memoryLimit`): its heap plus its ArrayBuffers, typed
   * arrays and the strings copied in. A result whose JSON would be longer is refused before it is
   * made, a call that ran 1 ms or more is measured after it, and the host process is capped (see
   * `maxHostRssMb`): past it, SandboxMemoryError. @default 64
   */
  memoryMb?: number;
  /** Largest JSON result accepted, in bytes. @default 1 MiB */
  maxResultBytes?: number;
  /** Captured console output kept, in bytes (the rest is cut with a marker). @default 16 KiB */
  maxLogBytes?: number;
  /** Largest JSON of the arguments accepted, in bytes. @default 4 MiB */
  maxArgsBytes?: number;
}

export interface SandboxRequest {
  /** Modules to load, dependencies first; the entry module last (or anywhere). */
  modules: readonly SandboxModule[];
  /** Which function to call: an export of one of the modules. */
  entry: { module: string; export: string };
  /** JSON arguments, passed positionally. */
  args: readonly unknown[];
  limits?: SandboxLimits;
  /**
   * Run in a context no other call has used (about 0.7 ms more per call). Default: the pool's
   * `freshContextPerCall` (false) — see SandboxPoolOptions.
   */
  freshContext?: boolean;
}

export interface SandboxLogEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  /** The console arguments, each rendered as text (JSON for objects). */
  message: string;
}

export interface SandboxResult {
  /** The JSON value the function returned (awaited if it returned a promise). */
  value: unknown;
  logs: SandboxLogEntry[];
  /** True when logs were cut at `maxLogBytes`. */
  logsTruncated: boolean;
  /** Time inside the host process, in ms. */
  durationMs: number;
  /** Modules of this call whose compiled script came from the host's cache (`hits`) or was compiled now (`misses`). */
  scriptCache: { hits: number; misses: number };
}

/** A pool of host processes, each holding an isolated-vm isolate. */
export interface SandboxPool {
  /** Starts the host processes (also done lazily by the first `run`). */
  start(): Promise<void>;
  run(request: SandboxRequest, options?: { signal?: AbortSignal }): Promise<SandboxResult>;
  /** Kills every host process and rejects queued calls. No orphan processes remain. */
  close(): Promise<void>;
  stats(): SandboxPoolStats;
}

export interface SandboxPoolStats {
  size: number;
  /** Hosts alive now. */
  alive: number;
  busy: number;
  /** Calls not started: waiting in the pool, or on a host behind the call it runs. */
  queued: number;
  /** Calls sent to hosts and not answered yet (running, or waiting there behind the running one). */
  onHosts: number;
  /** Hosts replaced after a crash, a memory bomb or a wall-clock timeout. */
  replaced: number;
  /** Calls served. */
  calls: number;
  /** Process ids of the live host processes (for monitoring, and for tests that prove none is left). */
  pids: number[];
  /** Compiled-script cache use over all hosts: modules served from the cache vs compiled. */
  scriptCache: { hits: number; misses: number };
}

export interface SandboxPoolOptions {
  /** Host processes. @default os.availableParallelism() */
  size?: number;
  /**
   * `false` (default): calls with the same modules reuse one context, loaded once; after loading,
   * the runtime freezes the global object and the built-ins reachable from it, so no call can leave
   * globals or prototype changes behind. Top-level `var`s and function declarations are frozen with
   * the global object (an assignment is ignored, a TypeError in strict code); `let`/`const` bindings
   * and the objects top-level names hold are module state that persists between those calls,
   * whoever makes them. `true`: every call gets a new context and loads its modules again — nothing
   * survives a call, so calls of different tenants share nothing (~0.7 ms more per call).
   */
  freshContextPerCall?: boolean;
  /** Defaults for every request. */
  limits?: SandboxLimits;
  /** Calls waiting to start (in the pool, or on a host behind its running call) before new ones are refused. @default 1000 */
  maxQueue?: number;
  /**
   * Calls handed to one host ahead of time when every host is busy; the host runs them one after
   * another and answers several in one message. Fewer pipe writes — each wakes the other process —
   * is most of what makes small calls cheap under load (~3× the calls/s). A call sent to a host waits
   * behind the calls before it there, so nothing is sent ahead behind a call that may be slow — its
   * entry has not run warm yet, or took over 2 ms lately — nor to a host silent for 5 ms. Beside a
   * 100 ms helper, quick calls did better pipelined on every measure (median 1.7 vs 4.6 ms, p99 5.6 vs
   * 13.0, max 25 vs 29). What remains: a helper that is quick as a rule but slow on one input holds
   * up the calls queued behind that one call. `1`: a host gets its next call only after answering.
   * @default 8
   */
  pipelineDepth?: number;
  /**
   * How long past a call's limit the pool waits for an answer before it SIGKILLs the host process
   * and replaces it: past `cpuTimeoutMs` while the call runs synchronously (at most half of
   * `cpuTimeoutMs` there, and at least 500 ms, so a call is stopped within ~1.5× its CPU limit even
   * when isolated-vm's own timeout comes late), past `wallTimeoutMs` once it waits on a promise.
   * @default 1000
   */
  killGraceMs?: number;
  /** How long a new host process may take to report ready. @default 10000 */
  startTimeoutMs?: number;
  /**
   * Resident memory a host process may reach while running a call before the pool kills it and
   * fails the call with SandboxMemoryError (read every 10 ms on Linux). isolated-vm's `memoryLimit`
   * is soft and one V8 operation can allocate past it at once (flattening a long rope string).
   * @default the host's resident size when it reported ready (~80–115 MB) + 2 × limits.memoryMb + 64
   */
  maxHostRssMb?: number;
  /** IPC serialization between the pool and its hosts. @default 'advanced' */
  serialization?: 'json' | 'advanced';
}
