/**
 * An MCP client signing in the way desktop clients do, with the SDK v2 client's own OAuth: its
 * `OAuthClientProvider` kept in memory, and a browser reduced to what a login needs — it follows
 * redirects one at a time, keeps cookies by path, adds `login_hint` so the ClickUp emulator approves
 * without a page, and stops at the client's loopback redirect URI. The first connect gets the 401,
 * the SDK discovers the authorization server from it, registers, starts PKCE and hands the
 * authorization URL to `redirectToAuthorization`; the browser walks it; `finishAuth` redeems the code.
 */
import {
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

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export class Browser {
  private cookies: Cookie[] = [];
  /** Every URL visited, in order. */
  readonly visited: URL[] = [];

  /** Follows redirects from `start` until `stopAt` accepts a URL; a page without a redirect throws. */
  async follow(start: URL, stopAt: (url: URL) => boolean, maxHops = 12): Promise<URL> {
    let url = start;
    for (let hop = 0; hop < maxHops; hop++) {
      this.visited.push(url);
      if (stopAt(url)) return url;
      const response = await this.get(url);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(
          `The login stopped at ${url.href} (HTTP ${response.status}): ${await response.text()}`,
        );
      }
      await response.body?.cancel();
      url = new URL(location, url);
    }
    throw new Error(`More than ${maxHops} redirects from ${start.href}`);
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
  verifier = '';
  discovery?: OAuthDiscoveryState;
  /** The authorization URL the SDK built (PKCE, resource…). */
  authorizationUrl?: URL;
  /** Where the browser came back to the client, with the code and iss. */
  callback?: URL;
  readonly browser = new Browser();

  readonly loginHint: string;

  constructor(loginHint: string) {
    this.loginHint = loginHint;
  }

  get redirectUrl() {
    return CLIENT_REDIRECT;
  }
  get clientMetadata() {
    return {
      client_name: `e2e client of ${this.loginHint}`,
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
    this.authorizationUrl = new URL(url);
    const start = new URL(url);
    start.searchParams.set('login_hint', this.loginHint);
    this.callback = await this.browser.follow(start, (at) => at.href.startsWith(CLIENT_REDIRECT));
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

export function newClient(era: ClientEra, name = 'clickup-team-e2e'): Client {
  return new Client(
    { name, version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: MODERN_PROTOCOL_VERSION } : era } },
  );
}

export interface SignedIn {
  client: Client;
  provider: HeadlessClientProvider;
  /** From the first request to a connected client, in milliseconds. */
  loginMs: number;
  close(): Promise<void>;
}

/** Connects as `loginHint`: 401 → discovery → registration → PKCE login at ClickUp → token → connected. */
export async function signIn(mcpUrl: string, loginHint: string, era: ClientEra): Promise<SignedIn> {
  const provider = new HeadlessClientProvider(loginHint);
  const started = performance.now();
  const first = newClient(era);
  try {
    await first.connect(new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider }));
    throw new Error('connected without signing in');
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: provider });
  await transport.finishAuth(provider.callback!.searchParams);
  const client = newClient(era);
  await client.connect(transport);
  const loginMs = performance.now() - started;
  return { client, provider, loginMs, close: () => client.close() };
}

/** A client that sends `token` as it is (no OAuth of its own). */
export async function connectWithToken(mcpUrl: string, token: string, era: ClientEra): Promise<Client> {
  const client = newClient(era);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), { authProvider: { token: async () => token } }),
  );
  return client;
}
