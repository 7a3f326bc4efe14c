/**
 * Maps the final failure of a request (after retries) to a toolsmith error. Every message is
 * redacted and written as a recovery instruction; no raw ky / undici error escapes.
 *
 * - 401, 403 → `AuthError`; 404 → `NotFoundError`; 429 → `RateLimitedError` (with `retryAfterMs`);
 *   any other status ≥ 400 → `ApiError` (status, apiCode, requestId, redacted body);
 * - timeout → `TimeoutError`; connection / DNS failure → `NetworkError`;
 * - the caller's signal aborted → `CancelledError`.
 *
 * `mayHaveSucceeded` is true when a non-idempotent request failed in a way that leaves its effect
 * unknown (see retry-policy.ts: a timeout, a connection broken after sending, any 5xx but a 503
 * with `Retry-After` and a 501 — a 500 included); it was then not re-sent, and the message says to
 * check whether it took effect, never "try again later".
 */
import type { HTTPError as KyHttpError } from 'ky';
import { isKyHttpError, isKyTimeoutError } from './ky-errors.ts';
import { ApiError, type ApiErrorOptions } from '../errors/api-error.ts';
import { AuthError } from '../errors/auth-error.ts';
import { CancelledError } from '../errors/cancelled-error.ts';
import { NetworkError } from '../errors/network-error.ts';
import { NotFoundError } from '../errors/not-found-error.ts';
import { RateLimitedError } from '../errors/rate-limited-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';
import { ToolsmithError } from '../errors/toolsmith-error.ts';
import {
  defaultParseApiError,
  errorBodySnapshot,
  firstLine,
  type ParseApiError,
  type ParsedApiError,
} from './api-error-body.ts';
import { classifyAttemptFailure, describeNetworkFailure, isNetworkFailure } from './classify-failure.ts';
import { requestIdOf } from './request-id.ts';
import type { RequestRedactor } from './request-redactor.ts';
import { mayHaveSucceeded } from './retry-policy.ts';

/** An `ApiError` thrown by the HTTP client (`mayHaveSucceeded` says whether a non-idempotent request may have taken effect). */
export type HttpApiError = ApiError;

export interface FailureContext {
  method: string;
  /** Redacted. */
  url: string;
  idempotent: boolean;
  /** Attempts made (1 = no retry). */
  attempts: number;
  timeoutMs: number;
  maxRetryAfterMs: number;
  now: number;
  signal: AbortSignal | undefined;
  redactor: RequestRedactor;
  parseError: ParseApiError | undefined;
}

const MAY_HAVE_SUCCEEDED =
  'The request may have reached the server and was not re-sent; check whether it took effect before calling again.';

export function toHttpError(error: unknown, ctx: FailureContext): ToolsmithError {
  const operation = `${ctx.method} ${ctx.url}`;
  if (ctx.signal?.aborted) return new CancelledError({ operation, reason: ctx.signal.reason });
  if (ToolsmithError.isInstance(error)) return error;
  if (isKyHttpError(error)) return statusError(error, ctx);
  if (isKyTimeoutError(error) || isAbortError(error)) {
    // A timed-out non-idempotent request was not re-sent; the class's message says to check first.
    if (!ctx.idempotent)
      return new TimeoutError({ operation, timeoutMs: ctx.timeoutMs, mayHaveSucceeded: true });
    const tries = ctx.attempts > 1 ? ` on each of ${ctx.attempts} attempts` : '';
    return new TimeoutError({
      operation,
      timeoutMs: ctx.timeoutMs,
      message: `${operation} timed out after ${ctx.timeoutMs} ms${tries}. Try again later, or narrow the request.`,
    });
  }
  if (isNetworkFailure(error)) {
    const { detail, rootCause, sent, hint } = describeNetworkFailure(error);
    const uncertain = mayHaveSucceeded({ kind: 'network', sent }, ctx.idempotent);
    const tries = ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : '';
    return new NetworkError({
      method: ctx.method,
      url: ctx.url,
      mayHaveSucceeded: uncertain,
      detail: ctx.redactor.text(uncertain ? detail : `${detail}${tries}`),
      ...(hint === undefined ? {} : { hint }),
      cause: rootCause,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({
    code: 'request_failed',
    status: 0,
    method: ctx.method,
    url: ctx.url,
    message: ctx.redactor.text(`${operation} failed before a response arrived: ${firstLine(message)}`),
    cause: error,
  });
}

function statusError(error: KyHttpError, ctx: FailureContext): ApiError {
  const { response } = error;
  const { status } = response;
  const failure = classifyAttemptFailure(error, ctx.now);
  const uncertain = mayHaveSucceeded(failure, ctx.idempotent);
  const body = ctx.redactor.value(errorBodySnapshot(error.data));
  const parsed = parseSafely(ctx.parseError ?? defaultParseApiError, error.data, response);
  const said = describeApiMessage(parsed, ctx.redactor);
  const retryAfterMs = failure.kind === 'status' ? failure.retryAfterMs : undefined;
  const options: ApiErrorOptions = {
    message: '',
    status,
    method: ctx.method,
    url: ctx.url,
    apiCode: parsed?.apiCode === undefined ? undefined : ctx.redactor.text(parsed.apiCode),
    requestId: requestIdOf(response.headers),
    retryAfterMs,
    body,
  };
  const head = `${ctx.method} ${ctx.url} failed with HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}${said}.`;

  if (status === 401 || status === 403) {
    const hint =
      status === 401
        ? 'The API did not accept the credentials: check that the token configured for this server is set, valid and not expired.'
        : 'The credentials were accepted but lack permission for this: check the token’s scopes and the account’s access to this resource.';
    return new AuthError({ ...options, message: `${head} ${hint}` });
  }
  if (status === 404) {
    return new NotFoundError({
      ...options,
      message: `${head} The resource does not exist or is not visible to this account; check the id or key (search or list to find the right one).`,
    });
  }
  if (status === 429) {
    const wait = retryAfterMs === undefined ? undefined : Math.ceil(retryAfterMs / 1000);
    const tooLong = retryAfterMs !== undefined && retryAfterMs > ctx.maxRetryAfterMs;
    const hint = tooLong
      ? `The API asks to wait ${wait} s, longer than this client waits (${Math.round(ctx.maxRetryAfterMs / 1000)} s); call again after that.`
      : `Still rate limited after ${ctx.attempts} attempt${ctx.attempts === 1 ? '' : 's'}; ${wait === undefined ? 'wait a while' : `wait ${wait} s`} before calling again, and make fewer calls.`;
    return new RateLimitedError({ ...options, message: `${head} ${hint}` });
  }
  let hint: string;
  if (uncertain) hint = MAY_HAVE_SUCCEEDED;
  else if (status >= 500) hint = 'The service failed or is unavailable; try again later.';
  else if (status === 409 || status === 412)
    hint = 'The resource changed or conflicts with this request; read it again and retry with current data.';
  else if (status === 400 || status === 422) hint = 'Fix the request parameters and call again.';
  else hint = 'Check the request and call again.';
  return new ApiError({ ...options, mayHaveSucceeded: uncertain, message: `${head} ${hint}` });
}

function parseSafely(parse: ParseApiError, body: unknown, response: Response): ParsedApiError | undefined {
  try {
    return parse(body, response);
  } catch {
    return undefined;
  }
}

function describeApiMessage(parsed: ParsedApiError | undefined, redactor: RequestRedactor): string {
  if (!parsed) return '';
  const parts: string[] = [];
  if (parsed.message) parts.push(firstLine(parsed.message, 500).replace(/[.\s]+$/, ''));
  if (parsed.apiCode) parts.push(`[${parsed.apiCode}]`);
  if (parsed.details !== undefined) {
    const json = JSON.stringify(redactor.value(parsed.details)) ?? '';
    parts.push(json.length > 500 ? `${json.slice(0, 500)}…` : json);
  }
  return parts.length > 0 ? `: ${redactor.text(parts.join(' '))}` : '';
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
