import { ApiError, type ApiErrorOptions } from './api-error.ts';
import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.not-found';
const symbol = Symbol.for(marker);

export interface NotFoundErrorOptions extends Partial<ApiErrorOptions> {
  message: string;
  resource?: string;
  id?: string;
  /** Close matches the caller may have meant, appended to the message as "Did you mean: …?". */
  suggestions?: readonly string[];
}

/** The addressed resource does not exist (HTTP 404 or an empty lookup). */
export class NotFoundError extends ApiError {
  private readonly [symbol] = true;
  readonly resource: string | undefined;
  readonly id: string | undefined;
  /** Close matches the caller may have meant. */
  readonly suggestions: readonly string[];

  constructor(message: string, details?: ErrorDetails<NotFoundErrorOptions>);
  constructor(options: NotFoundErrorOptions);
  constructor(first: string | NotFoundErrorOptions, details: ErrorDetails<NotFoundErrorOptions> = {}) {
    const options = typeof first === 'string' ? { ...details, message: first } : first;
    const suggestions = options.suggestions ?? [];
    const hint = suggestions.length > 0 ? ` Did you mean: ${suggestions.join(', ')}?` : '';
    super({
      status: 404,
      method: 'GET',
      url: '',
      ...options,
      code: 'not_found',
      message: options.message + hint,
    });
    this.name = 'NotFoundError';
    this.resource = options.resource;
    this.id = options.id;
    this.suggestions = suggestions;
  }

  static override isInstance(error: unknown): error is NotFoundError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
