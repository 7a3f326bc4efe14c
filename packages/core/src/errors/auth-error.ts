import { ApiError, apiErrorOptions, type ApiErrorOptions } from './api-error.ts';
import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.auth';
const symbol = Symbol.for(marker);

/**
 * The API refused the credentials (401) or the permission (403). Retrying the same call will not
 * help; the message says which setting or permission to check. Never contains the token.
 */
export class AuthError extends ApiError {
  private readonly [symbol] = true;

  /** A plain message: `status` 401 unless the details give another. */
  constructor(message: string, details?: ErrorDetails<ApiErrorOptions>);
  constructor(options: ApiErrorOptions);
  constructor(first: string | ApiErrorOptions, details: ErrorDetails<ApiErrorOptions> = {}) {
    const options = apiErrorOptions(first, details, 401);
    super({ ...options, code: options.status === 403 ? 'forbidden' : 'unauthorized' });
    this.name = 'AuthError';
  }

  static override isInstance(error: unknown): error is AuthError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
