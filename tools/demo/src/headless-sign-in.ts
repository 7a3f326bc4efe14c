/**
 * The team demo's sign-in: @toolsmith/testing's headless sign-in (the MCP SDK v2 client's own
 * OAuth, a browser that follows redirects by hand and keeps cookies, `login_hint` so the ClickUp
 * emulator approves without its page) with every HTTP exchange, the SDK's and the browser's,
 * recorded as a step for the transcript, tokens, codes and ids cut to their first 6 characters.
 */
import {
  CLIENT_REDIRECT,
  HeadlessBrowser,
  signIn as headlessSignIn,
  type ClientEra,
  type SignedIn as HeadlessSignedIn,
} from '@toolsmith/testing';

/** At most the first 6 characters of a secret, so the transcript never holds one. */
export const short = (secret: string | undefined) => (secret ? `${secret.slice(0, 6)}…` : '(none)');

/** One HTTP exchange of a sign-in: who sent it, what, and what came back. */
export interface Step {
  by: 'client' | 'browser';
  line: string;
}

/** Names a URL for the transcript: the path, its host named when it is not the MCP server's. */
type Describe = (url: URL) => string;

/**
 * A fetch for the SDK that records each exchange while `recording` is on: the method and path, the
 * status, and what matters in the answer (the challenge, the client id, the tokens cut short).
 */
export function recordingFetch(steps: Step[], describe: Describe) {
  const state = { recording: true };
  const fetchFn = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if (!state.recording) return response;
    const url = new URL(input);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? 'GET';
    let what = `${method} ${describe(url)}`;
    if (!url.pathname.startsWith('/.well-known/') && url.pathname.endsWith('/mcp')) {
      const rpc = typeof init?.body === 'string' ? /"method":"([^"]+)"/.exec(init.body)?.[1] : undefined;
      const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
      what += `${rpc ? ` ${rpc}` : ''} (${bearer ? `Bearer ${short(bearer)}` : 'no token'})`;
    } else if (typeof init?.body === 'string' || init?.body instanceof URLSearchParams) {
      const grant = new URLSearchParams(String(init.body)).get('grant_type');
      if (grant) what += ` grant_type=${grant}`;
    }
    steps.push({ by: 'client', line: `${what} ← ${response.status}${await answerOf(response)}` });
    return response;
  };
  return Object.assign(fetchFn, { state });
}

async function answerOf(response: Response): Promise<string> {
  const challenge = response.headers.get('www-authenticate');
  if (challenge) {
    const error = /error="([^"]+)"/.exec(challenge)?.[1];
    const scope = /scope="([^"]+)"/.exec(challenge)?.[1];
    const metadata = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    return ` Bearer${error ? ` error=${error}` : ''}${scope ? ` scope="${scope}"` : ''}${metadata ? ` resource_metadata=${new URL(metadata).pathname}` : ''}`;
  }
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return '';
  const body = (await response
    .clone()
    .json()
    .catch(() => ({}))) as Record<string, unknown>;
  const fields: string[] = [];
  if (Array.isArray(body['authorization_servers']))
    fields.push(`authorization_servers ${body['authorization_servers'].join(' ')}`);
  if (typeof body['registration_endpoint'] === 'string') fields.push('registration, PKCE S256');
  if (typeof body['client_id'] === 'string') fields.push(`client_id ${short(body['client_id'])}`);
  if (typeof body['access_token'] === 'string') {
    fields.push(`access_token ${short(body['access_token'])}`);
    if (typeof body['refresh_token'] === 'string')
      fields.push(`refresh_token ${short(body['refresh_token'])}`);
    fields.push(`scope "${String(body['scope'])}"`, `expires_in ${String(body['expires_in'])} s`);
  }
  if (typeof body['error'] === 'string') fields.push(`error ${body['error']}`);
  return fields.length ? ` ${fields.join(', ')}` : '';
}

export interface SignedIn extends HeadlessSignedIn {
  /** Every HTTP exchange of the sign-in, in order. */
  steps: Step[];
  /** The SDK's fetch: turn `recording` on to add later exchanges to `steps`. */
  fetch: ReturnType<typeof recordingFetch>;
}

export interface SignInOptions {
  era: ClientEra;
  describe: Describe;
  /**
   * The scope to ask for. Without it the SDK asks what the server's metadata lists, on the first
   * request's 401 — as MCP clients do; with it the sign-in is started with the SDK's `auth()`.
   */
  scope?: string;
}

/**
 * Connects as `loginHint`: 401 → discovery → registration → PKCE login at ClickUp → token →
 * connected, all by the SDK's client, the browser doing only what a person's browser does; each
 * exchange recorded in `steps`.
 */
export async function signIn(mcpUrl: string, loginHint: string, options: SignInOptions): Promise<SignedIn> {
  const { describe } = options;
  const steps: Step[] = [];
  const fetchFn = recordingFetch(steps, describe);
  const browser = new HeadlessBrowser({
    onHop: ({ start, url, status, next }) => {
      // Another origin's login page given the user: it approves without showing a page.
      const hint = url.origin === start.origin ? null : url.searchParams.get('login_hint');
      steps.push({
        by: 'browser',
        line: `GET ${describe(url)}${hint ? ` (login_hint ${hint}: no page)` : ''} ← ${status} → ${describe(next)}`,
      });
    },
  });
  const signedIn = await headlessSignIn(mcpUrl, loginHint, {
    era: options.era,
    clientName: `demo client of ${loginHint}`,
    browser,
    fetch: fetchFn,
    ...(options.scope ? { scope: options.scope } : {}),
    onAuthorizationUrl: (url) => {
      const asked = [
        `PKCE ${url.searchParams.get('code_challenge_method')}`,
        `scope "${url.searchParams.get('scope')}"`,
        `resource ${url.searchParams.get('resource')}`,
        `login_hint ${loginHint}`,
      ];
      steps.push({ by: 'browser', line: `opens the authorization URL (${asked.join(', ')})` });
    },
    onCallback: (url) =>
      steps.push({
        by: 'browser',
        line: `back at the client's ${CLIENT_REDIRECT} with code ${short(url.searchParams.get('code') ?? '')}`,
      }),
  });
  fetchFn.state.recording = false;
  return { ...signedIn, steps, fetch: fetchFn };
}
