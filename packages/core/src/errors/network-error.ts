import { ToolsmithError } from './toolsmith-error.ts';

const marker = 'toolsmith.error.network';
const symbol = Symbol.for(marker);

/** No HTTP response arrived: connection refused or reset, DNS failure, TLS failure. */
export class NetworkError extends ToolsmithError {
  private readonly [symbol] = true;
  readonly method: string;
  readonly url: string;
  /** See {@link TimeoutError.mayHaveSucceeded}. */
  readonly mayHaveSucceeded: boolean;

  constructor({
    method,
    url,
    mayHaveSucceeded,
    detail,
    hint,
    cause,
  }: {
    method: string;
    url: string;
    mayHaveSucceeded: boolean;
    detail: string;
    /** What to do instead of "try again later", for a failure retrying cannot fix. */
    hint?: string;
    cause?: unknown;
  }) {
    super({
      code: 'network_error',
      userFacing: true,
      cause,
      message: mayHaveSucceeded
        ? `${method} ${url} failed (${detail}) after the request may have reached the server; it was not re-sent. Check whether it took effect before calling again.`
        : `${method} ${url} failed: ${detail}. ${hint ?? 'The service may be unreachable; try again later.'}`,
    });
    this.name = 'NetworkError';
    this.method = method;
    this.url = url;
    this.mayHaveSucceeded = mayHaveSucceeded;
  }

  static override isInstance(error: unknown): error is NetworkError {
    return ToolsmithError.hasMarker(error, marker);
  }
}
