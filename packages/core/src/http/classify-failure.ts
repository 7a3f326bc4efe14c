/**
 * Turns what ky / fetch (undici) throw into the policy's {@link AttemptFailure} and a readable
 * description, without ever keeping the raw error (it carries the `Request`, headers included).
 */
import { isKyHttpError, isKyNetworkError, isKyTimeoutError } from './ky-errors.ts';
import { hasRetryTimingHeader, retryAfterMs } from './retry-after.ts';
import type { AttemptFailure } from './retry-policy.ts';

/** System error codes meaning the request never left this machine or never reached the server. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const CODE_DESCRIPTIONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'DNS lookup failed; check the host name in the base URL',
  EAI_AGAIN: 'DNS lookup timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connecting timed out',
  ECONNRESET: 'connection reset by the server',
  UND_ERR_SOCKET: 'connection closed by the server',
  EPIPE: 'connection closed by the server while sending',
};

export interface NetworkFailureInfo {
  /** False only when the request certainly never reached the server. */
  sent: boolean;
  /** Retrying cannot help: the request can never be sent as configured (a port fetch refuses). */
  permanent: boolean;
  /** What to do about a permanent failure, as a recovery instruction. */
  hint?: string;
  /** Human-readable cause, e.g. `connection refused [ECONNREFUSED]`. Contains no URL. */
  detail: string;
  /** The innermost system error (code, syscall, address); safe to keep as a `cause`. */
  rootCause: Error | undefined;
}

/** The ky / fetch error is a network failure (no usable response): connect, DNS, reset, truncated body. */
export function isNetworkFailure(error: unknown): boolean {
  if (isKyNetworkError(error)) return true;
  // A raw undici error ky did not wrap (a `TypeError` over a system error), e.g. from an injected fetch.
  return isErrorLike(error) && error.name === 'TypeError' && findSystemError(error) !== undefined;
}

export function describeNetworkFailure(error: unknown): NetworkFailureInfo {
  if (findCause(error, (cause) => cause.message === 'bad port')) {
    // undici refuses the Fetch standard's "bad ports" before connecting; the cause has no code.
    return {
      sent: false,
      permanent: true,
      detail:
        'fetch refuses to connect to this port (it is on the Fetch standard\'s "bad ports" list, e.g. 6000, 6665–6669, 10080)',
      hint: 'Serve the API on another port and change the base URL; retrying cannot help.',
      rootCause: undefined,
    };
  }
  const root = findSystemError(error);
  const code = root ? errorCode(root) : undefined;
  // undici's `TypeError: terminated`: the connection closed after the status line, mid-body.
  const terminated =
    findCause(error, (cause) => cause.name === 'TypeError' && cause.message === 'terminated') !== undefined;
  let detail: string;
  if (terminated) detail = 'the connection closed while the response was being read';
  else if (code && CODE_DESCRIPTIONS[code]) detail = CODE_DESCRIPTIONS[code];
  else detail = 'network error';
  if (code) detail += ` [${code}]`;
  return {
    sent: !(code && NOT_SENT_CODES.has(code)) || terminated,
    permanent: false,
    detail,
    rootCause: root,
  };
}

/** Classifies one failed attempt for the retry policy. */
export function classifyAttemptFailure(error: unknown, now: number): AttemptFailure {
  if (isKyHttpError(error)) {
    const { headers, status } = error.response;
    return {
      kind: 'status',
      status,
      hasRetryAfter: hasRetryTimingHeader(headers, status),
      retryAfterMs: retryAfterMs(headers, now, status),
    };
  }
  if (isKyTimeoutError(error)) return { kind: 'timeout' };
  if (isNetworkFailure(error)) {
    const { sent, permanent } = describeNetworkFailure(error);
    return { kind: 'network', sent, ...(permanent ? { permanent } : {}) };
  }
  return { kind: 'other' };
}

function errorCode(error: Error): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Duck-typed, not `instanceof Error`: undici creates its errors in Node's own realm, which is not
 * the realm of code running in a VM context (jest, for one).
 */
function isErrorLike(value: unknown): value is Error {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Error).message === 'string' &&
    typeof (value as Error).name === 'string'
  );
}

/** The innermost error carrying a `code`, down `cause` (and `AggregateError.errors`). */
function findSystemError(error: unknown): Error | undefined {
  return findCause(error, (cause) => errorCode(cause) !== undefined);
}

/** Walks `cause` (and `AggregateError.errors`) to the innermost error that passes `test`. */
function findCause(error: unknown, test: (error: Error) => boolean, depth = 0): Error | undefined {
  if (!isErrorLike(error) || depth > 8) return undefined;
  const errors = (error as { errors?: unknown }).errors;
  const deeper =
    findCause(error.cause, test, depth + 1) ??
    (Array.isArray(errors) ? findCause(errors[0], test, depth + 1) : undefined);
  if (deeper) return deeper;
  return test(error) ? error : undefined;
}
