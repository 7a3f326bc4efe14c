import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.timeout';
const symbol = Symbol.for(marker);

export interface TimeoutErrorOptions {
  timeoutMs: number;
  operation: string;
  mayHaveSucceeded?: boolean;
  /** Replaces the message made from `operation` and `timeoutMs`. */
  message?: string;
  cause?: unknown;
}

/** An operation did not finish in time. */
export class TimeoutError extends ToolsmithError {
  private readonly [symbol] = true;
  /** The time allowed; undefined when a plain message did not give it. */
  readonly timeoutMs: number | undefined;
  /** What timed out; '' when a plain message did not say. */
  readonly operation: string;
  /**
   * True when a non-idempotent request may have reached the server before the timeout: it was not
   * re-sent, and the caller should check whether it took effect before trying again.
   */
  readonly mayHaveSucceeded: boolean;

  constructor(message: string, details?: ErrorDetails<TimeoutErrorOptions>);
  constructor(options: TimeoutErrorOptions);
  constructor(first: string | TimeoutErrorOptions, details: ErrorDetails<TimeoutErrorOptions> = {}) {
    const {
      timeoutMs,
      operation = '',
      mayHaveSucceeded = false,
      message,
      cause,
    } = typeof first === 'string' ? { ...details, message: first } : first;
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
