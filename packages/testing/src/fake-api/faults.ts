/**
 * Fault injection for the fake API. A fault is applied BEFORE the route handler to the requests it
 * matches (optional `method` and `path` pattern), `times` times (default 1; `Infinity` for all).
 *
 * Faults are checked in the order they were added. Every matching `latency` fault delays the
 * request; then the first matching other fault, if any, decides the outcome instead of the route
 * handler. Each fault that acts uses up one of its `times`.
 */
import { compilePathPattern, type PathPattern } from './path-pattern.ts';

export interface FaultScope {
  /** Only requests with this method (any case). Default: all. */
  method?: string;
  /** Only requests whose path matches this pattern (see path-pattern.ts). Default: all. */
  path?: string;
  /** How many matching requests the fault applies to. Default 1. */
  times?: number;
}

/** Delays the request by `ms`, then lets later faults or the route handler answer. */
export interface LatencyFault extends FaultScope {
  kind: 'latency';
  ms: number;
}

/** Answers with `status` (and a JSON or text body; default `{ "error": "Injected status <status>" }`). */
export interface StatusFault extends FaultScope {
  kind: 'status';
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

/**
 * Answers 429. With `retryAfterSeconds`, sends `Retry-After: <seconds>`; with `reset`, sends a
 * rate-limit reset header instead: `header` (default `X-RateLimit-Reset`) set to a Unix timestamp
 * in seconds (`as: 'epoch'`, the default, as ClickUp does) or to delay seconds (`as: 'delta'`).
 * With neither, no timing header is sent.
 */
export interface RateLimitFault extends FaultScope {
  kind: 'rateLimit';
  retryAfterSeconds?: number;
  reset?: { header?: string; seconds: number; as?: 'epoch' | 'delta' };
  json?: unknown;
}

/** Answers `status` (default 200) with `content-type: application/json` and a body that is not valid JSON. */
export interface MalformedBodyFault extends FaultScope {
  kind: 'malformedBody';
  status?: number;
  /** Default: a truncated JSON document. */
  body?: string;
}

/**
 * Destroys the connection without a complete response:
 * - `before-body`: as soon as the request line and headers arrive, before reading the body;
 * - `after-body` (default): after reading the whole request (the server "processed" it);
 * - `mid-response`: after sending a 200 status, headers and part of a JSON body.
 */
export interface ResetFault extends FaultScope {
  kind: 'reset';
  when?: 'before-body' | 'after-body' | 'mid-response';
}

/** Never answers (the connection stays open until the client gives up or the fake API closes). */
export interface HangFault extends FaultScope {
  kind: 'hang';
}

export type Fault = LatencyFault | StatusFault | RateLimitFault | MalformedBodyFault | ResetFault | HangFault;
export type FaultKind = Fault['kind'];
export type TerminalFault = Exclude<Fault, LatencyFault>;

/** The default body of a `malformedBody` fault. */
export const TRUNCATED_JSON = '{"items": [{"id": 1, "name": "first"}, {"id": 2, "na';

export interface FaultControl {
  /** Adds faults after the ones already pending. */
  add(...faults: Fault[]): void;
  /** Removes every pending fault. */
  clear(): void;
  /** Faults with uses left, in order, with `times` showing the uses left. */
  readonly pending: readonly Fault[];
}

export interface FaultPlan {
  latencyMs: number;
  terminal: TerminalFault | undefined;
}

interface ActiveFault {
  fault: Fault;
  path: PathPattern | undefined;
  left: number;
}

export interface FaultQueue extends FaultControl {
  /** Picks (and uses up) the faults that apply to one request. */
  take(method: string, path: string): FaultPlan;
}

export function createFaultQueue(initial: readonly Fault[] = []): FaultQueue {
  let active: ActiveFault[] = [];
  const add = (...faults: Fault[]) => {
    for (const fault of faults) {
      const left = fault.times ?? 1;
      if (!(left > 0))
        throw new TypeError(`Fake API fault "${fault.kind}": times must be at least 1 (or Infinity).`);
      active.push({
        fault,
        path: fault.path === undefined ? undefined : compilePathPattern(fault.path),
        left,
      });
    }
  };
  add(...initial);
  const matches = (entry: ActiveFault, method: string, path: string) =>
    entry.left > 0 &&
    (entry.fault.method === undefined || entry.fault.method.toUpperCase() === method.toUpperCase()) &&
    (entry.path === undefined || entry.path.match(path) !== undefined);

  return {
    add,
    clear: () => {
      active = [];
    },
    get pending() {
      return active.filter((e) => e.left > 0).map((e) => ({ ...e.fault, times: e.left }));
    },
    take(method, path) {
      let latencyMs = 0;
      let terminal: TerminalFault | undefined;
      for (const entry of active) {
        if (!matches(entry, method, path)) continue;
        if (entry.fault.kind === 'latency') {
          latencyMs += entry.fault.ms;
          entry.left -= 1;
        } else if (!terminal) {
          terminal = entry.fault;
          entry.left -= 1;
        }
      }
      active = active.filter((e) => e.left > 0);
      return { latencyMs, terminal };
    },
  };
}
