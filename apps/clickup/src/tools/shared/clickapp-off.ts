/**
 * ClickUp's answer to a call that needs a ClickApp the Workspace has switched off (Tasks in Multiple
 * Lists, Total time in Status): a 400 whose message says it "is not enabled" — its code is not
 * documented (see the emulator's clickup-error.ts), so the words are what is matched. Rewritten as
 * what to do: only a Workspace owner or admin can turn a ClickApp on.
 */
import { ApiError } from '@toolsmith/core';

export function clickAppOff(error: unknown, clickApp: string): unknown {
  if (!ApiError.isInstance(error) || error.status !== 400 || !/not enabled/i.test(error.message))
    return error;
  const body = error.body as { err?: unknown } | undefined;
  const said = typeof body?.err === 'string' ? ` ("${body.err}")` : '';
  error.message = `The Workspace has the "${clickApp}" ClickApp switched off, so ClickUp refused the call (HTTP 400${said}). A Workspace owner or admin turns it on in ClickUp (Settings → ClickApps → ${clickApp}); call again once it is on.`;
  return error;
}
