/**
 * Signing in to an MCP server the way a desktop MCP client does, with no window: the MCP SDK v2
 * client's own OAuth (`OAuthClientProvider` kept in memory) and a browser reduced to what a login
 * needs — it follows redirects one at a time (`redirect: 'manual'`), keeps cookies by path, adds
 * `login_hint` so the ClickUp emulator approves without its page, and stops at the client's loopback
 * redirect URI. Every HTTP exchange, the SDK's and the browser's, is recorded as a step for the
 * transcript, with tokens, codes and ids cut to their first 6 characters.
 */
import {
  auth,
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  type OAuthClientInformationMixed,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { MODERN_PROTOCOL_VERSION, type ClientEra } from '@toolsmith/testing';

/** The loopback redirect URI a desktop MCP client registers. */
export const CLIENT_REDIRECT = 'http://127.0.0.1:53682/callback';

/** At most the first 6 characters of a secret, so the transcript never holds one. */
export const short = (secret: string | undefined) => (secret ? `${secret.slice(0, 6)}…` : '(none)');

/** One HTTP exchange of a sign-in: who sent it, what, and what came back. */
export interface Step {
  by: 'client' | 'browser';
  line: string;
}

/** Names a URL for the transcript: the path, its host named when it is not the MCP server's. */
type Describe = (url: URL) => string;

interface Cookie {
  name: string;
  value: string;
  path: string;
}

class Browser {
  private cookies: Cookie[] = [];
  private readonly steps: Step[];
  private readonly describe: Describe;

  constructor(steps: Step[], describe: Describe) {
    this.steps = steps;
    this.describe = describe;
  }

  /** Follows redirects from `start` until `stopAt` accepts a URL; a page without a redirect throws. */
  async follow(start: URL, stopAt: (url: URL) => boolean, maxHops = 12): Promise<URL> {
    let url = start;
    for (let hop = 0; hop < maxHops; hop++) {
      if (stopAt(url)) return url;
      const response = await this.get(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`The login stopped at ${url.origin}${url.pathname} (HTTP ${response.status}).`);
      }
      await response.body?.cancel();
      const next = new URL(location, url);
      // Another origin's login page given the user: it approves without showing a page.
      const hint = url.origin === start.origin ? null : url.searchParams.get('login_hint');
      this.steps.push({
        by: 'browser',
        line: `GET ${this.describe(url)}${hint ? ` (login_hint ${hint}: no page)` : ''} ← ${response.status} → ${this.describe(next)}`,
      });
      url = next;
    }
    throw new Error(`More than ${maxHops} redirects from ${start.origin}${start.pathname}.`);
  }

  private async get(url: URL): Promise<Response> {
    const cookie = this.cookies
      .filter(
        (c) =>
          url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) this.keep(line);
    return response;
  }

  private keep(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const equals = pair.indexOf('=');
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expired = attributes.some((a) => /^expires=thu, 01 jan 1970/i.test(a)) || value === '';
    this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
    if (!expired) this.cookies.push({ name, value, path });
  }
}

/** The SDK's OAuthClientProvider in memory, whose "browser" signs `loginHint` in at ClickUp. */
export class HeadlessClientProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  discovery?: OAuthDiscoveryState;
  /** Where the browser came back to the client, with the code. */
  callback?: URL;
  readonly loginHint: string;
  private verifier = '';
  private readonly steps: Step[];
  private readonly browser: Browser;

  constructor(loginHint: string, steps: Step[], describe: Describe) {
    this.loginHint = loginHint;
    this.steps = steps;
    this.browser = new Browser(steps, describe);
  }

  get redirectUrl() {
    return CLIENT_REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: `demo client of ${this.loginHint}`,
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  async redirectToAuthorization(url: URL) {
    const start = new URL(url);
    const asked = [
      `PKCE ${start.searchParams.get('code_challenge_method')}`,
      `scope "${start.searchParams.get('scope')}"`,
      `resource ${start.searchParams.get('resource')}`,
      `login_hint ${this.loginHint}`,
    ];
    this.steps.push({ by: 'browser', line: `opens the authorization URL (${asked.join(', ')})` });
    start.searchParams.set('login_hint', this.loginHint);
    this.callback = await this.browser.follow(start, (at) => at.href.startsWith(CLIENT_REDIRECT));
    this.steps.push({
      by: 'browser',
      line: `back at the client's ${CLIENT_REDIRECT} with code ${short(this.callback.searchParams.get('code') ?? '')}`,
    });
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

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

export function newClient(era: ClientEra, name: string): Client {
  return new Client(
    { name, version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_PROTOCOL_VERSION } : era } },
  );
}

export interface SignedIn {
  client: Client;
  provider: HeadlessClientProvider;
  /** Every HTTP exchange of the sign-in, in order. */
  steps: Step[];
  /** From the first request to a connected client, in milliseconds. */
  loginMs: number;
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
 * connected, all by the SDK's client, the browser doing only what a person's browser does.
 */
export async function signIn(mcpUrl: string, loginHint: string, options: SignInOptions): Promise<SignedIn> {
  const steps: Step[] = [];
  const provider = new HeadlessClientProvider(loginHint, steps, options.describe);
  const fetchFn = recordingFetch(steps, options.describe);
  const transport = () =>
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      authProvider: provider,
      fetch: fetchFn,
      // A read-only client is told it lacks a scope rather than signing in again for it.
      ...(options.scope ? { onInsufficientScope: 'throw' as const } : {}),
    });
  const started = performance.now();
  if (options.scope) {
    await auth(provider, { serverUrl: new URL(mcpUrl), scope: options.scope, fetchFn });
  } else {
    try {
      await newClient(options.era, `demo client of ${loginHint}`).connect(transport());
      throw new Error(`${mcpUrl} accepted a client that had not signed in: is --auth builtin set?`);
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
    }
  }
  if (!provider.callback)
    throw new Error(`The sign-in of ${loginHint} never reached the client's redirect URI.`);
  const connected = transport();
  await connected.finishAuth(provider.callback.searchParams);
  const client = newClient(options.era, `demo client of ${loginHint}`);
  await client.connect(connected);
  const loginMs = performance.now() - started;
  fetchFn.state.recording = false;
  return { client, provider, steps, loginMs, fetch: fetchFn };
}
