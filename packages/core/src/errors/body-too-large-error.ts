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
  /** The most bytes the caller would read, when known. */
  readonly limit: number | undefined;
  /** The `Content-Length` the answer announced, when the refusal came from it (nothing was read). */
  readonly announced: number | undefined;

  /** The options build the message (the HTTP client's); a plain message is used as it is. */
  constructor(message: string, details?: { limit?: number; announced?: number });
  constructor(options: BodyTooLargeErrorOptions);
  constructor(
    first: string | BodyTooLargeErrorOptions,
    details: { limit?: number; announced?: number } = {},
  ) {
    const { limit, announced } = typeof first === 'string' ? details : first;
    let message: string;
    if (typeof first === 'string') message = first;
    else {
      const what = first.operation ? `The answer to ${first.operation}` : 'The answer';
      message =
        first.announced === undefined
          ? `${what} is larger than ${first.limit} bytes: reading stopped there.`
          : `${what} is ${first.announced} bytes, more than ${first.limit}: none of it was read.`;
    }
    super({ code: 'body_too_large', userFacing: true, message });
    this.name = 'BodyTooLargeError';
    this.limit = limit;
    this.announced = announced;
  }

  static override isInstance(error: unknown): error is BodyTooLargeError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
