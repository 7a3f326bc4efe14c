import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.api';
const symbol = Symbol.for(marker);

export interface ApiErrorOptions {
  message: string;
  /** HTTP status; 0 when no response arrived (or, with a plain message, none was given). */
  status: number;
  method: string;
  /** Request URL with secrets redacted. */
  url: string;
  /** The API's own error code when its body carries one. */
  apiCode?: string;
  requestId?: string;
  /** Milliseconds the server asked us to wait (`Retry-After`, rate-limit reset headers). */
  retryAfterMs?: number;
  /** The parsed (or raw, truncated) error body, with secrets redacted. */
  body?: unknown;
  /**
   * True when a non-idempotent request failed in a way that leaves its effect unknown (a 502 to a
   * POST, say). It was not re-sent; the caller should check before trying again.
   */
  mayHaveSucceeded?: boolean;
  code?: string;
  cause?: unknown;
}

/**
 * The options of `new X(message, details?)` for ApiError and its subclasses: the details with the
 * message, `status` defaulting to the class's, `method` and `url` to ''. An options object as it is.
 */
export function apiErrorOptions(
  first: string | ApiErrorOptions,
  details: ErrorDetails<ApiErrorOptions>,
  status: number,
): ApiErrorOptions {
  return typeof first === 'string' ? { status, method: '', url: '', ...details, message: first } : first;
}

/** A remote API answered with an error. The message says what the API said and what to do. */
export class ApiError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly apiCode: string | undefined;
  readonly requestId: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly body: unknown;
  readonly mayHaveSucceeded: boolean;

  /** A plain message: `status` 0, `method` and `url` empty unless the details give them. */
  constructor(message: string, details?: ErrorDetails<ApiErrorOptions>);
  constructor(options: ApiErrorOptions);
  constructor(first: string | ApiErrorOptions, details: ErrorDetails<ApiErrorOptions> = {}) {
    const options = apiErrorOptions(first, details, 0);
    super({
      code: options.code ?? 'api_error',
      message: options.message,
      userFacing: true,
      cause: options.cause,
    });
    this.name = 'ApiError';
    this.status = options.status;
    this.method = options.method;
    this.url = options.url;
    this.apiCode = options.apiCode;
    this.requestId = options.requestId;
    this.retryAfterMs = options.retryAfterMs;
    this.body = options.body;
    this.mayHaveSucceeded = options.mayHaveSucceeded ?? false;
  }

  override toToolText(): string {
    return this.requestId ? `${this.message} (request id: ${this.requestId})` : this.message;
  }

  static override isInstance(error: unknown): error is ApiError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
