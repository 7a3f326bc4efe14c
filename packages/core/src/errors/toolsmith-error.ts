/**
 * Base class of every error toolsmith throws on purpose.
 *
 * `isInstance` checks a marker symbol instead of the prototype chain, so it keeps working when two
 * copies of `@toolsmith/core` are loaded (a server and a plugin bundling their own, for example).
 */
const marker = 'toolsmith.error';
const symbol = Symbol.for(marker);

export interface ToolsmithErrorOptions {
  /** Stable, machine-readable code (`validation_failed`, `rate_limited`, …). */
  code: string;
  /** Human/model-readable message. Write it as a recovery instruction. */
  message: string;
  /**
   * True when the model (or user) can fix the failure by changing the call: the error becomes an
   * `isError: true` tool result. False for programmer and start-up errors, which are thrown and logged.
   */
  userFacing: boolean;
  cause?: unknown;
}

/**
 * What an error class takes beside a plain message: its options without `message`, each optional
 * (`new NotFoundError('No task DEV-9.', { id: 'DEV-9' })`).
 */
export type ErrorDetails<TOptions> = Partial<Omit<TOptions, 'message'>>;

export class ToolsmithError extends Error {
  private readonly [symbol] = true;
  readonly code: string;
  readonly userFacing: boolean;

  /** A plain message is shown to the model (`userFacing` true) under the code `toolsmith_error`. */
  constructor(message: string, details?: ErrorDetails<ToolsmithErrorOptions>);
  constructor(options: ToolsmithErrorOptions);
  constructor(first: string | ToolsmithErrorOptions, details: ErrorDetails<ToolsmithErrorOptions> = {}) {
    const {
      code = 'toolsmith_error',
      message,
      userFacing = true,
      cause,
    } = typeof first === 'string' ? { ...details, message: first } : first;
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'ToolsmithError';
    this.code = code;
    this.userFacing = userFacing;
  }

  /** Text shown to the model when this error ends a tool call. */
  toToolText(): string {
    return this.message;
  }

  static isInstance(error: unknown): error is ToolsmithError {
    return ToolsmithError.hasMarker(error, marker);
  }

  protected static hasMarker(error: unknown, markerName: string): boolean {
    return (
      error != null &&
      typeof error === 'object' &&
      (error as Record<symbol, unknown>)[Symbol.for(markerName)] === true
    );
  }
}
