/**
 * A write ClickUp cannot make idempotent (a create: it takes no client token or idempotency key)
 * whose answer was lost — a timeout, a connection that broke after the request went out, a 5xx to
 * the write — may have been carried out. It is never sent again, and never answered "try again":
 * the agent is told the outcome is unknown and how to check (the read tool that shows it, its
 * arguments, what to look for) before calling again.
 *
 * A tool declares its check with `outcomeCheck(params)` (ClickUpTool); ClickUpTool's
 * `translateError` rewrites an ambiguous failure with it. A tool that looked for the result itself
 * first (create_task, find-created-task.ts) words its own message with {@link outcomeUnknown}.
 */
import { ApiError, buildToolName, NetworkError, TimeoutError } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';

export interface OutcomeCheck {
  /** What the call was to do, as in "whether the comment was created". */
  done: string;
  /** The read tool that shows it (unprefixed: `get_comments`), or undefined when none does. */
  tool: string | undefined;
  /** Its arguments. */
  args?: Record<string, unknown>;
  /** What to look for in its answer. */
  lookFor: string;
  /** When to call again. Default: only if it is not there. */
  then?: string;
}

const explained = new WeakSet<object>();

/**
 * A failure after which a non-idempotent write may have been applied though no answer said so: a
 * timeout (the request's, or the whole call's), a connection that broke after the request was sent,
 * a 5xx to the write (a 503 with `Retry-After` excepted: the server refused it), a 2xx whose body
 * could not be read. The failure of a read before the write (a GET) is not.
 */
export function ambiguousWrite(error: unknown): boolean {
  if (TimeoutError.isInstance(error)) return error.mayHaveSucceeded || error.operation.startsWith('Tool ');
  if (NetworkError.isInstance(error)) return error.mayHaveSucceeded;
  if (ApiError.isInstance(error)) {
    if (error.mayHaveSucceeded) return true;
    const write = error.method !== 'GET' && error.method !== 'HEAD';
    const refused = error.status === 503 && error.retryAfterMs !== undefined;
    return write && error.status >= 500 && !refused;
  }
  return false;
}

/** The loss in words: what came back instead of an answer. */
export function describeLoss(error: unknown): string {
  if (TimeoutError.isInstance(error)) {
    return error.operation.startsWith('Tool ')
      ? `the call ran out of its ${error.timeoutMs} ms while the request may have been in flight`
      : `no answer came within ${error.timeoutMs} ms`;
  }
  if (ApiError.isInstance(error)) {
    return error.status >= 200 && error.status < 300
      ? `ClickUp answered HTTP ${error.status} with a body that could not be read`
      : `ClickUp answered HTTP ${error.status}`;
  }
  return 'the connection failed before the answer arrived';
}

/** A failed read in a few words (its own message may say "try again later"). */
export function briefly(error: unknown): string {
  if (TimeoutError.isInstance(error)) return `no answer within ${error.timeoutMs} ms`;
  if (ApiError.isInstance(error)) return `HTTP ${error.status}`;
  if (NetworkError.isInstance(error)) return 'the connection failed';
  return error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : String(error);
}

/**
 * Rewrites an ambiguous failure of `tool` as "outcome unknown" with how to check (the error's class,
 * status and request id stay). `looked`: what the tool already found out, said after the loss.
 */
export function outcomeUnknown<E>(error: E, tool: string, check: OutcomeCheck, looked?: string): E {
  const how =
    check.tool === undefined
      ? `No tool reads it back: ask the user to look for ${check.lookFor}`
      : `Call ${buildToolName(check.tool, TOOL_PREFIX)}${check.args && Object.keys(check.args).length > 0 ? ` with ${JSON.stringify(check.args)}` : ''} and look for ${check.lookFor}`;
  const then = check.then ?? `call ${tool} again only if it is not there`;
  const message =
    `Outcome unknown: it is not known whether ${check.done} — ${describeLoss(error)}, and the request was not sent again${looked ? `; ${looked}` : ''}. ` +
    `Do not call ${tool} again before checking. ${how}; ${then}.`;
  if (error instanceof Error) {
    error.message = message;
    explained.add(error);
  }
  return error;
}

/** Already worded by {@link outcomeUnknown}. */
export function isExplained(error: unknown): boolean {
  return typeof error === 'object' && error !== null && explained.has(error);
}
