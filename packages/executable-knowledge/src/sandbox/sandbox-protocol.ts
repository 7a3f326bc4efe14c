/**
 * The messages between the pool (parent process) and a sandbox host process, and the limits both
 * sides agree on. Only plain JSON-shaped data crosses; helper values travel as JSON *strings* made
 * inside the isolate.
 */
import type { SandboxLimits, SandboxLogEntry } from './sandbox-types.ts';

export type ResolvedLimits = Required<SandboxLimits>;

export const DEFAULT_LIMITS: ResolvedLimits = {
  cpuTimeoutMs: 1000,
  wallTimeoutMs: 5000,
  memoryMb: 64,
  maxResultBytes: 1024 * 1024,
  maxLogBytes: 16 * 1024,
  maxArgsBytes: 4 * 1024 * 1024,
};

/** isolated-vm refuses a `memoryLimit` under 8 MB. */
export const MIN_MEMORY_MB = 8;

/**
 * Written (synchronously) to the host's stderr just before it kills itself from isolated-vm's
 * `onCatastrophicError`, so the pool can tell a hard out-of-memory from any other crash.
 */
export const FATAL_MARKER = '@@toolsmith-sandbox-fatal@@';

export interface WireModule {
  id: string;
  source: string;
  filename: string;
  lineOffset: number;
  /** `module` for an ES module (SandboxModule.type). */
  type?: 'script' | 'module';
  /** ES modules: specifier → module id of the same run (SandboxModule.imports). */
  imports?: Readonly<Record<string, string>>;
  /** sha256 of filename, line offset, source, type and imports (the host's script and context cache key). */
  key?: string;
  /** The source was sent to this host before: `source` is empty and the host uses its copy. */
  cached?: boolean;
}

/**
 * How long a host may hold finished answers before it sends them while more calls wait in its
 * queue (an idle host answers at once), counted from the start of the oldest held call: a call
 * never starts more than this after the host's last message, so the pool's watchdog can time the
 * running call from that message. Batching answers saves a pipe write and a wake-up of the pool
 * per call.
 */
export const ANSWER_BATCH_MS = 2;

/** Parent → host: calls to run one after another, in order (one pipe write for several calls). */
export interface RunBatchMessage {
  type: 'runs';
  runs: RunMessage[];
}

/** Parent → host: drop this call if it has not started (its caller gave up). */
export interface CancelMessage {
  type: 'cancel';
  id: number;
}

/** One call of a batch. */
export interface RunMessage {
  type: 'run';
  id: number;
  modules: WireModule[];
  entry: { module: string; export: string };
  /** `JSON.stringify(args)`, made and checked by the pool. */
  argsJson: string;
  limits: ResolvedLimits;
  /** A context no other call used, instead of the shared context of these modules. */
  freshContext: boolean;
}

export interface ScriptCacheUse {
  hits: number;
  misses: number;
}

/** Why a call failed, as the host classified it. The pool turns it into an error class. */
export type HostFailure =
  | { kind: 'timeout'; timeout: 'cpu' | 'wall'; helperId: string }
  | { kind: 'memory'; helperId: string }
  | {
      kind: 'helper';
      helperId: string;
      phase: 'compile' | 'load' | 'call';
      name: string;
      message: string;
      stack: string;
      /** Set when the host knows the position better than the stack does (syntax errors). */
      hint?: string;
    }
  | {
      kind: 'output';
      helperId: string;
      reason: 'not-json' | 'too-large';
      detail: string;
      sizeBytes?: number;
    }
  | { kind: 'internal'; message: string }
  /** The host no longer has a module source the pool sent as `cached`: send the call again, with sources. */
  | { kind: 'missing-source'; module: string }
  /** Dropped before it started, after a `cancel`. */
  | { kind: 'cancelled' };

/**
 * A host sends `awaiting` when the call it runs finished its synchronous part and still waits on a
 * promise this long after: from then on the call is bound by `wallTimeoutMs`, no longer by
 * `cpuTimeoutMs` (the pool's watchdog follows). Promises that settle get their answer sooner, so
 * only calls that wait (typically on a promise that never settles) cost this message.
 */
export const AWAITING_NOTICE_MS = 5;

/** Host → parent. */
export type HostMessage =
  | { type: 'ready'; pid: number }
  /** The running call `id` is waiting on a promise, `elapsedMs` after it started (see AWAITING_NOTICE_MS). */
  | { type: 'awaiting'; id: number; elapsedMs: number }
  /** Answers in the order the calls ran (one pipe write for several). */
  | { type: 'answers'; answers: HostAnswer[] };

/** The answer to one call. */
export type HostAnswer =
  | {
      type: 'result';
      id: number;
      /** The entry's return value as JSON text (parsed by the pool). */
      valueJson: string;
      logs: SandboxLogEntry[];
      logsTruncated: boolean;
      durationMs: number;
      scriptCache: ScriptCacheUse;
      /** The host dropped its copies of module sources: send them again. */
      sourcesReset?: boolean;
    }
  | {
      type: 'failure';
      id: number;
      failure: HostFailure;
      durationMs: number;
      scriptCache: ScriptCacheUse;
      sourcesReset?: boolean;
    };
