import { ApiError, apiErrorOptions, type ApiErrorOptions } from './api-error.ts';
import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.rate-limited';
const symbol = Symbol.for(marker);

/** The API kept answering 429 after our retries. `retryAfterMs` says when to try again. */
export class RateLimitedError extends ApiError {
  private readonly [symbol] = true;

  /** A plain message: `status` 429 unless the details give another. */
  constructor(message: string, details?: ErrorDetails<ApiErrorOptions>);
  constructor(options: ApiErrorOptions);
  constructor(first: string | ApiErrorOptions, details: ErrorDetails<ApiErrorOptions> = {}) {
    const options = apiErrorOptions(first, details, 429);
    super({ ...options, code: 'rate_limited' });
    this.name = 'RateLimitedError';
  }

  static override isInstance(error: unknown): error is RateLimitedError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
