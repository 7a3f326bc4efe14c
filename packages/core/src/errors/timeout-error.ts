import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.timeout';
const symbol = Symbol.for(marker);

/** An operation did not finish in time. */
export class TimeoutError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly timeoutMs: number;
  readonly operation: string;
  /**
   * True when a non-idempotent request may have reached the server before the timeout: it was not
   * re-sent, and the caller should check whether it took effect before trying again.
   */
  readonly mayHaveSucceeded: boolean;

  constructor({
    timeoutMs,
    operation,
    mayHaveSucceeded = false,
    message,
    cause,
  }: {
    timeoutMs: number;
    operation: string;
    mayHaveSucceeded?: boolean;
    message?: string;
    cause?: unknown;
  }) {
    super({
      code: 'timeout',
      userFacing: true,
      cause,
      message:
        message ??
        (mayHaveSucceeded
          ? `${operation} timed out after ${timeoutMs} ms and was not retried because it may already have been applied. Check whether it took effect before calling again.`
          : `${operation} timed out after ${timeoutMs} ms. Try again, or narrow the request.`),
    });
    this.name = 'TimeoutError';
    this.timeoutMs = timeoutMs;
    this.operation = operation;
    this.mayHaveSucceeded = mayHaveSucceeded;
  }

  static override isInstance(error: unknown): error is TimeoutError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
