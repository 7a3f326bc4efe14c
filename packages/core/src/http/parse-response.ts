/**
 * Parsing a successful response body. A 2xx body that should be JSON but is not (a proxy's HTML
 * page, a truncated stream) becomes an `ApiError` with code `invalid_response` that says what came
 * back, instead of a bare `SyntaxError`.
 */
import { ApiError } from '../errors/api-error.ts';
import { firstLine } from './api-error-body.ts';
import type { RequestRedactor } from './request-redactor.ts';

export type ResponseType = 'json' | 'text' | 'bytes';

export interface ResponseInfo {
  method: string;
  /** Already redacted. */
  url: string;
  status: number;
  headers: Headers;
  requestId: string | undefined;
  /** Whether the request was safe to send twice (decides `mayHaveSucceeded`). */
  idempotent: boolean;
}

/** Characters of an unparseable body quoted in the `invalid_response` message. */
const QUOTE_LIMIT = 200;

/** An empty body (204, an empty 200 to a DELETE) is `undefined`, not an error. */
export function parseJsonBody(text: string, info: ResponseInfo, redactor: RequestRedactor): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const contentType = info.headers.get('content-type') ?? 'none';
    const quoted = redactor.text(firstLine(text.replace(/\s+/g, ' '), QUOTE_LIMIT));
    const applied = info.idempotent
      ? ''
      : ` The ${info.method} itself was accepted (HTTP ${info.status}): check its effect before calling again.`;
    const invalid = new ApiError({
      code: 'invalid_response',
      status: info.status,
      method: info.method,
      url: info.url,
      requestId: info.requestId,
      body: redactor.text(text.slice(0, QUOTE_LIMIT)),
      mayHaveSucceeded: !info.idempotent,
      message:
        `${info.method} ${info.url} answered ${info.status} with a body that is not valid JSON ` +
        `(content-type: ${contentType}; ${text.length} characters, starting: ${JSON.stringify(quoted)}). ` +
        'The service or a proxy in front of it returned something unexpected; try again later, and report it if it persists.' +
        applied,
      cause: error,
    });
    throw invalid;
  }
}
