/**
 * The minimal consent page of `GET /api` without `login_hint`: which user is signing in and which
 * workspaces they authorize for the app (ClickUp lets the user pick, [doc: Authentication]); the form
 * POSTs back to `/api`. Plain HTML, no script, every value escaped.
 */
import type { ClickUpState } from '../clickup-state.ts';
import { allUsers } from '../members.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export interface ConsentRequest {
  appName: string;
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  /** Shown above the form after a refused submission. */
  problem?: string;
}

export function consentPage(state: ClickUpState, request: ConsentRequest): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const users = allUsers(state)
    .map(
      (u, n) =>
        `<label><input type="radio" name="user" value="${u.id}"${n === 0 ? ' checked' : ''}> ` +
        `${escapeHtml(u.username)} (${escapeHtml(u.email)})</label><br>`,
    )
    .join('\n');
  const teams = [state.team, ...(state.otherTeams ?? [])]
    .map(
      (t) =>
        `<label><input type="checkbox" name="team_id" value="${escapeHtml(t.id)}"> ` +
        `${escapeHtml(t.name)} (${escapeHtml(t.id)})</label><br>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Connect ClickUp to ${escapeHtml(request.appName)}</title></head>
<body>
<h1>${escapeHtml(request.appName)} wants to access your ClickUp Workspaces</h1>
${request.problem === undefined ? '' : `<p role="alert">${escapeHtml(request.problem)}</p>`}
<form method="post" action="/api">
${hidden('client_id', request.clientId)}
${hidden('redirect_uri', request.redirectUri)}
${hidden('state', request.state)}
<fieldset><legend>Sign in as</legend>
${users}
</fieldset>
<fieldset><legend>Workspaces to connect (none ticked: every Workspace you are a member of)</legend>
${teams}
</fieldset>
<button type="submit">Connect Workspace</button>
</form>
</body>
</html>
`;
}
