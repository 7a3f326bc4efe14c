/**
 * The minimal pages of the emulated oauth.yandex.ru: the consent page of an authorize request
 * without `login_hint` (which user signs in; Allow or Deny, POSTed back to the authorize URL) and the
 * error page of a request that cannot be redirected (unknown client, Callback URL mismatch). Plain
 * HTML, no script, every value escaped.
 */
import type { TrackerState } from '../tracker-state.ts';

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
  /** Where the form posts: the authorize path. */
  action: string;
  appName: string;
  /** The authorize request's parameters, carried through the form as hidden fields. */
  fields: Record<string, string>;
}

export function consentPage(state: TrackerState, request: ConsentRequest): string {
  const hidden = Object.entries(request.fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  const users = state.users
    .map(
      (u, n) =>
        `<label><input type="radio" name="login" value="${escapeHtml(u.login)}"${n === 0 ? ' checked' : ''}> ` +
        `${escapeHtml(u.display)} (${escapeHtml(u.login)})</label><br>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Yandex ID: ${escapeHtml(request.appName)}</title></head>
<body>
<h1>${escapeHtml(request.appName)} requests access to your Yandex account</h1>
<form method="post" action="${escapeHtml(request.action)}">
${hidden}
<fieldset><legend>Sign in as</legend>
${users}
</fieldset>
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
</body>
</html>
`;
}

export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Yandex ID: error</title></head>
<body><h1>Error</h1><p role="alert">${escapeHtml(message)}</p></body>
</html>
`;
}
