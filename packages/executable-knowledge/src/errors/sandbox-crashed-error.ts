import { ToolsmithError } from '@toolsmith/core';

const marker = 'toolsmith.error.sandbox-crashed';
const symbol = Symbol.for(marker);

/**
 * The sandbox host process running a helper died (a native crash, a hard out-of-memory abort it could
 * not attribute, or an external kill). The pool has replaced it; the next call gets a fresh host.
 */
export class SandboxCrashedError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly helperId: string;
  readonly exitCode: number | null;
  readonly signal: string | null;
  /** The end of the host's stderr, for diagnosis (never helper output). */
  readonly stderrTail: string;

  constructor({
    helperId,
    exitCode,
    signal,
    stderrTail = '',
    cause,
  }: {
    helperId: string;
    exitCode: number | null;
    signal: string | null;
    stderrTail?: string;
    cause?: unknown;
  }) {
    const how = signal ? `signal ${signal}` : `exit code ${exitCode ?? 'unknown'}`;
    super({
      code: 'sandbox_crashed',
      userFacing: true,
      cause,
      message: `The sandbox process running helper ${helperId} crashed (${how}) and was replaced. Try the call again; if it crashes again, the input is probably too large for the helper (pass less data) or the helper has a bug.`,
    });
    this.name = 'SandboxCrashedError';
    this.helperId = helperId;
    this.exitCode = exitCode;
    this.signal = signal;
    this.stderrTail = stderrTail;
  }

  static override isInstance(error: unknown): error is SandboxCrashedError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
