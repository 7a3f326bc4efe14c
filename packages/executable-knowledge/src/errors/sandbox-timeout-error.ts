import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.sandbox-timeout';
const symbol = Symbol.for(marker);

/** Which limit ran out: CPU time of the synchronous part, or wall-clock time of the whole call. */
export type SandboxTimeoutKind = 'cpu' | 'wall';

/**
 * A helper ran past a sandbox time limit: `cpu` (the synchronous part exceeded `cpuTimeoutMs`, e.g.
 * an infinite loop or a catastrophic regex) or `wall` (the call, including awaited promises, did not
 * finish within `wallTimeoutMs`, e.g. a promise that never settles).
 */
export class SandboxTimeoutError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly kind: SandboxTimeoutKind;
  readonly timeoutMs: number;
  readonly helperId: string;

  constructor({
    kind,
    timeoutMs,
    helperId,
    cause,
  }: {
    kind: SandboxTimeoutKind;
    timeoutMs: number;
    helperId: string;
    cause?: unknown;
  }) {
    super({
      code: 'sandbox_timeout',
      userFacing: true,
      cause,
      message:
        kind === 'cpu'
          ? `Helper ${helperId} exceeded its ${timeoutMs} ms CPU limit (infinite loop or catastrophic regex?). Simplify the input or raise limits.cpuTimeoutMs.`
          : `Helper ${helperId} did not finish within its ${timeoutMs} ms wall-clock limit (a promise that never settles?). Make sure every promise the helper awaits settles, or raise limits.wallTimeoutMs.`,
    });
    this.name = 'SandboxTimeoutError';
    this.kind = kind;
    this.timeoutMs = timeoutMs;
    this.helperId = helperId;
  }

  static override isInstance(error: unknown): error is SandboxTimeoutError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
