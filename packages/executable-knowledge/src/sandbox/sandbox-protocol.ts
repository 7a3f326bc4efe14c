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
  /** sha256 of filename, line offset and source (the host's script and context cache key). */
  key?: string;
  /** The source was sent to this host before: `source` is empty and the host uses its copy. */
  cached?: boolean;
}

/** Parent → host. */
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
  | { kind: 'internal'; message: string };

/** Host → parent. */
export type HostMessage =
  | { type: 'ready'; pid: number }
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
