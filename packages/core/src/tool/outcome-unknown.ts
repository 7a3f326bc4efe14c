/**
 * "Outcome unknown": the answer to a write that cannot be repeated safely whose answer was lost.
 *
 * A tool whose annotations say it is not idempotent (`readOnlyHint: false`, `idempotentHint` not
 * true: a create, a comment, a transition) and whose call failed in a way that leaves the write's
 * effect unknown ({@link isAmbiguousFailure}) may have done what it was asked. Its request was not
 * sent again (the HTTP client never re-sends such a request), and the agent must not be told "try
 * again" either: it is told that the outcome is unknown and how to check — the read tool that shows
 * the result, its arguments and what to look for — before calling again.
 *
 * A tool declares its check with `outcomeCheck(params)` (BaseTool); BaseTool's translate step words
 * the answer with {@link outcomeUnknown}. A tool that looks for the result itself first (an
 * idempotency key looked up, a task searched for by name) calls {@link outcomeUnknown} itself when
 * that look-up finds nothing, with what it found out (`looked`); the answer is then left as it is.
 */
import { ApiError } from '../errors/api-error.ts';
import { NetworkError } from '../errors/network-error.ts';
import { TimeoutError } from '../errors/timeout-error.ts';

/** How to see whether a call whose answer was lost took effect. */
export interface OutcomeCheck {
  /**
   * The read tool that shows the result, by its full name (`tracker_get_comments`), or undefined
   * when no tool reads it back (the user is asked to look).
   */
  tool: string | undefined;
  /** Its arguments (omitted when it takes none). */
  args?: Record<string, unknown>;
  /** What to look for in its answer: `a comment starting "Looks good" among the newest`. */
  lookFor: string;
  /** What the call was to do, as in "whether the comment was posted". Default: "<tool> took effect". */
  done?: string;
  /** When to call again. Default: "call <tool> again only if it is not there". */
  then?: string;
}

export interface OutcomeUnknownOptions {
  /** What the tool already found out, said after the loss: "no issue has its key yet". */
  looked?: string;
  /** Who answered, in "<api> answered HTTP 502". Default: "the API". */
  api?: string;
  /**
   * The API deduplicates the call (an idempotency key derived from it): instead of "do not call
   * again before checking", say this (why calling again is safe), then how to look first.
   */
  repeatIsSafe?: string;
}

const WORDED = Symbol.for('toolsmith.outcome-unknown');

/**
 * A failure after which a write that cannot be repeated safely may have been applied, though no
 * answer said so: the request's effect is unknown.
 * - a timeout of a request that was not re-sent (`mayHaveSucceeded`), or of the whole call (the
 *   tool's time ran out while its write may have been in flight);
 * - a connection that broke after the request went out (`NetworkError.mayHaveSucceeded`);
 * - an HTTP status that leaves the effect unknown (`ApiError.mayHaveSucceeded`, retry-policy.ts): a
 *   5xx to a non-idempotent request, except a 503 with `Retry-After` (the server refused it) and a
 *   501 (the method is not implemented); a 500 is one (the server failed while handling the write,
 *   which may have been made before it failed);
 * - a 2xx whose body could not be read (`invalid_response`, `mayHaveSucceeded`).
 * A request sent as idempotent (an idempotency key, a search POST) is not: it was safe to send
 * again and was retried. Neither is a failed read before the write, nor a refusal (4xx).
 */
export function isAmbiguousFailure(error: unknown): boolean {
  if (TimeoutError.isInstance(error)) return error.mayHaveSucceeded || error.operation.startsWith('Tool ');
  if (NetworkError.isInstance(error) || ApiError.isInstance(error)) return error.mayHaveSucceeded;
  return false;
}

/** What came back instead of an answer, in words: "the API answered HTTP 502". */
export function describeLostAnswer(error: unknown, api = 'the API'): string {
  if (TimeoutError.isInstance(error)) {
    const allowed = error.timeoutMs === undefined ? undefined : `${error.timeoutMs} ms`;
    return error.operation.startsWith('Tool ')
      ? `the call ran out of its ${allowed ?? 'time'} while the request may have been in flight`
      : `no answer came within ${allowed ?? 'the time allowed'}`;
  }
  if (ApiError.isInstance(error) && error.status > 0) {
    return error.status >= 200 && error.status < 300
      ? `${api} answered HTTP ${error.status} with a body that could not be read`
      : `${api} answered HTTP ${error.status}`;
  }
  return 'the connection failed before the answer arrived';
}

/** A failed look-up in a few words (its own message may say "try again later"). */
export function failureInBrief(error: unknown): string {
  if (TimeoutError.isInstance(error))
    return error.timeoutMs === undefined ? 'no answer in time' : `no answer within ${error.timeoutMs} ms`;
  if (ApiError.isInstance(error) && error.status > 0) return `HTTP ${error.status}`;
  if (NetworkError.isInstance(error)) return 'the connection failed';
  return error instanceof Error ? (error.message.split('\n')[0] ?? '').slice(0, 200) : String(error);
}

/** How to check, in words. */
function howToCheck(check: OutcomeCheck): string {
  if (check.tool === undefined) return `No tool reads it back: ask the user to look for ${check.lookFor}`;
  const args = check.args && Object.keys(check.args).length > 0 ? ` with ${JSON.stringify(check.args)}` : '';
  return `Call ${check.tool}${args} and look for ${check.lookFor}`;
}

/**
 * Rewrites an ambiguous failure of the call of `tool` as "outcome unknown" with how to check; the
 * error keeps its class, status and request id. Marks it, so BaseTool leaves the text as it is.
 *
 *   Outcome unknown: it is not known whether the comment was posted — the API answered HTTP 502
 *   (the request was not sent again). Do not call tracker_add_comment again before checking. Call
 *   tracker_get_comments with {"issueId":"DEMO-1"} and look for …; call tracker_add_comment again
 *   only if it is not there.
 */
export function outcomeUnknown<E>(
  error: E,
  tool: string,
  check: OutcomeCheck,
  options: OutcomeUnknownOptions = {},
): E {
  const notResent =
    (TimeoutError.isInstance(error) || NetworkError.isInstance(error) || ApiError.isInstance(error)) &&
    error.mayHaveSucceeded
      ? ' (the request was not sent again)'
      : '';
  const looked = options.looked ? `, and ${options.looked}` : '';
  const head = `Outcome unknown: it is not known whether ${check.done ?? `${tool} took effect`} — ${describeLostAnswer(error, options.api)}${notResent}${looked}.`;
  const next =
    options.repeatIsSafe !== undefined
      ? `${options.repeatIsSafe} To look first: ${lowerFirst(howToCheck(check))}.`
      : `Do not call ${tool} again before checking. ${howToCheck(check)}; ${check.then ?? `call ${tool} again only if it is not there`}.`;
  if (error !== null && typeof error === 'object') {
    if (error instanceof Error) error.message = `${head} ${next}`;
    (error as Record<symbol, unknown>)[WORDED] = true;
  }
  return error;
}

/** Already worded by {@link outcomeUnknown}. */
export function isOutcomeUnknown(error: unknown): boolean {
  return error !== null && typeof error === 'object' && (error as Record<symbol, unknown>)[WORDED] === true;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
