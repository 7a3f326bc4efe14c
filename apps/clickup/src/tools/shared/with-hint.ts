/**
 * A recovery sentence added to an API error: the client's message says what ClickUp answered, the
 * tool knows what to do next (which tool lists the ids, what to send instead).
 */
import { ApiError, NotFoundError } from '@toolsmith/core';

/** Appends `hint` to an ApiError's message (keeps its class, status and request id). */
export function withHint<E>(error: E, hint: string): E {
  if (ApiError.isInstance(error)) error.message = `${error.message} ${hint}`;
  return error;
}

/** Runs `call`; a 404 from ClickUp gets `hint` appended. */
export async function hintOnNotFound<T>(call: Promise<T>, hint: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw NotFoundError.isInstance(error) ? withHint(error, hint) : error;
  }
}
