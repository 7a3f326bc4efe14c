import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.body_too_large';
const symbol = Symbol.for(marker);

export interface BodyTooLargeErrorOptions {
  /** The most bytes the caller would read (`maxBodyBytes`). */
  limit: number;
  /** The `Content-Length` the answer announced, when the refusal came from it (nothing was read). */
  announced?: number;
  /** What was being read (`GET https://…`), for the message. */
  operation?: string;
}

/**
 * An answer's body is larger than the caller allows (`maxBodyBytes` of the HTTP client): refused by
 * its `Content-Length` before a byte is read, or stopped the moment what arrived passed the limit.
 * Never retried: the same request would bring the same body.
 */
export class BodyTooLargeError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly limit: number;
  readonly announced: number | undefined;

  constructor(options: BodyTooLargeErrorOptions) {
    const what = options.operation ? `The answer to ${options.operation}` : 'The answer';
    super({
      code: 'body_too_large',
      userFacing: true,
      message:
        options.announced === undefined
          ? `${what} is larger than ${options.limit} bytes: reading stopped there.`
          : `${what} is ${options.announced} bytes, more than ${options.limit}: none of it was read.`,
    });
    this.name = 'BodyTooLargeError';
    this.limit = options.limit;
    this.announced = options.announced;
  }

  static override isInstance(error: unknown): error is BodyTooLargeError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
