import { ApiError, type ApiErrorOptions } from './api-error.ts';
import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.rate-limited';
const symbol = Symbol.for(marker);

/** The API kept answering 429 after our retries. `retryAfterMs` says when to try again. */
export class RateLimitedError extends ApiError {
  private readonly [symbol] = true;

  constructor(options: ApiErrorOptions) {
    super({ ...options, code: 'rate_limited' });
    this.name = 'RateLimitedError';
  }

  static override isInstance(error: unknown): error is RateLimitedError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
