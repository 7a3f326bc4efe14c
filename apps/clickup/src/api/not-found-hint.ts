/**
 * Recovery hints on "no such thing" answers. ClickUp says it two ways: 404 (`ITEM_0xx`), or — for
 * an id outside the token's workspaces — 401 "Team not authorized" (`OAUTH_023`/`026`/`027`).
 */
import { ApiError, AuthError, NotFoundError } from '@toolsmith/core';

/** The "Team not authorized" codes: a workspace the token does not see, or an id that does not exist. */
export const NOT_VISIBLE: ReadonlySet<string> = new Set(['OAUTH_023', 'OAUTH_026', 'OAUTH_027']);

/** Whether the API said the addressed thing does not exist (or is not visible to the token). */
export function isMissing(error: unknown): boolean {
  if (NotFoundError.isInstance(error)) return true;
  return AuthError.isInstance(error) && NOT_VISIBLE.has(error.apiCode ?? '');
}

/** The error with `hint` appended when it says the thing is missing; otherwise the error as is. */
export function withMissingHint<E>(error: E, hint: string): E {
  if (isMissing(error) && ApiError.isInstance(error)) error.message = `${error.message} ${hint}`;
  return error;
}
