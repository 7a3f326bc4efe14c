import { ToolsmithError, type ErrorDetails } from './toolsmith-error.ts';

const marker = 'toolsmith.error.network';
const symbol = Symbol.for(marker);

export interface NetworkErrorOptions {
  method: string;
  url: string;
  mayHaveSucceeded: boolean;
  /** What failed (`connect ECONNREFUSED 127.0.0.1:4010`), put into the message. */
  detail: string;
  /** What to do instead of "try again later", for a failure retrying cannot fix. */
  hint?: string;
  cause?: unknown;
}

/** No HTTP response arrived: connection refused or reset, DNS failure, TLS failure. */
export class NetworkError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly method: string;
  readonly url: string;
  /** See {@link TimeoutError.mayHaveSucceeded}. */
  readonly mayHaveSucceeded: boolean;

  /** A plain message: `method` and `url` empty, `mayHaveSucceeded` false unless the details give them. */
  constructor(message: string, details?: Omit<ErrorDetails<NetworkErrorOptions>, 'detail' | 'hint'>);
  constructor(options: NetworkErrorOptions);
  constructor(
    first: string | NetworkErrorOptions,
    details: Omit<ErrorDetails<NetworkErrorOptions>, 'detail' | 'hint'> = {},
  ) {
    const options =
      typeof first === 'string' ? { method: '', url: '', mayHaveSucceeded: false, ...details } : first;
    super({
      code: 'network_error',
      userFacing: true,
      cause: options.cause,
      message: typeof first === 'string' ? first : networkMessage(first),
    });
    this.name = 'NetworkError';
    this.method = options.method;
    this.url = options.url;
    this.mayHaveSucceeded = options.mayHaveSucceeded;
  }

  static override isInstance(error: unknown): error is NetworkError {
    return ToolsmithError.hasMarker(error, marker);
  }
}

/** The message of the options form: what failed, and whether to check before calling again. */
function networkMessage({ method, url, mayHaveSucceeded, detail, hint }: NetworkErrorOptions): string {
  return mayHaveSucceeded
    ? `${method} ${url} failed (${detail}) after the request may have reached the server; it was not re-sent. Check whether it took effect before calling again.`
    : `${method} ${url} failed: ${detail}. ${hint ?? 'The service may be unreachable; try again later.'}`;
}
