/**
 * What an MCP client does to sign a user in, done with the MCP SDK v2 client's own OAuth functions:
 * discovery from the 401 (`WWW-Authenticate` → RFC 9728 protected-resource metadata → RFC 8414
 * authorization-server metadata), dynamic registration, PKCE authorization — the "browser" follows
 * the redirects, through the user's headless login at the emulator's Yandex OAuth (`login_hint`) —
 * the code exchange, refresh and revocation. `pin` sends a request to one replica behind the proxy
 * (nginx-front.ts's `X-Replica`).
 */
import {
  discoverAuthorizationServerMetadata,
  discoverOAuthProtectedResourceMetadata,
  exchangeAuthorization,
  extractWWWAuthenticateParams,
  refreshAuthorization,
  registerClient,
  startAuthorization,
  type AuthorizationServerMetadata,
  type OAuthClientInformationFull,
  type OAuthClientMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/client';

/** A native client's loopback redirect (RFC 8252): never contacted, the browser stops there. */
export const CLIENT_REDIRECT = 'http://127.0.0.1:53682/callback';

export interface Discovered {
  /** The MCP URL the client was given. */
  readonly mcpUrl: string;
  /** What the 401 said. */
  readonly challenge: { status: number; wwwAuthenticate: string };
  readonly resourceMetadataUrl: string;
  /** The protected resource (RFC 9728 `resource`): the audience of every token. */
  readonly resource: string;
  readonly issuer: string;
  readonly metadata: AuthorizationServerMetadata;
}

/** `fetch` that sends every request to replica `pin` (or lets the proxy balance it). */
export function fetchAt(pin?: string): typeof fetch {
  if (pin === undefined) return fetch;
  return (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('x-replica', pin);
    return fetch(input, { ...init, headers });
  };
}

/** An MCP request without a token, and where its 401 sends the client. */
export async function discoverFrom401(mcpUrl: string): Promise<Discovered> {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.body?.cancel();
  const challenge = {
    status: response.status,
    wwwAuthenticate: response.headers.get('www-authenticate') ?? '',
  };
  const { resourceMetadataUrl } = extractWWWAuthenticateParams(response);
  if (!resourceMetadataUrl)
    throw new Error(`no resource_metadata in the challenge: ${challenge.wwwAuthenticate}`);
  const protectedResource = await discoverOAuthProtectedResourceMetadata(mcpUrl, { resourceMetadataUrl });
  const issuer = protectedResource.authorization_servers?.[0];
  if (!issuer) throw new Error('the protected-resource metadata names no authorization server');
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  if (!metadata) throw new Error(`no authorization-server metadata at ${issuer}`);
  return {
    mcpUrl,
    challenge,
    resourceMetadataUrl: resourceMetadataUrl.href,
    resource: protectedResource.resource,
    issuer,
    metadata,
  };
}

export function registerPublicClient(
  discovered: Discovered,
  name: string,
  pin?: string,
): Promise<OAuthClientInformationFull> {
  return registerClient(discovered.issuer, {
    metadata: discovered.metadata,
    clientMetadata: {
      client_name: name,
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
    } as OAuthClientMetadata,
    fetchFn: fetchAt(pin),
  });
}

/** Follows redirects as a browser does (cookies kept), until the client's redirect URI. */
export async function followToClient(start: URL): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    if (url.href.startsWith(CLIENT_REDIRECT)) return url;
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (!location)
      throw new Error(`stopped at ${url.href} with ${response.status}: ${await response.text()}`);
    await response.body?.cancel();
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}

export interface SignedIn {
  readonly tokens: OAuthTokens;
  /** The authorization code the browser brought back (redeemed). */
  readonly code: string;
}

/** The user `login` signs in through the authorization server (scope `read write`). */
export async function signIn(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  login: string,
  options: { exchangeAt?: string } = {},
): Promise<SignedIn> {
  const { authorizationUrl, codeVerifier } = await startAuthorization(discovered.issuer, {
    metadata: discovered.metadata,
    clientInformation: client,
    redirectUrl: CLIENT_REDIRECT,
    scope: 'read write',
    state: `state-${login}`,
    resource: new URL(discovered.resource),
  });
  authorizationUrl.searchParams.set('login_hint', login);
  const back = await followToClient(authorizationUrl);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code came back: ${back.search}`);
  const tokens = await exchangeAuthorization(discovered.issuer, {
    metadata: discovered.metadata,
    clientInformation: client,
    authorizationCode: code,
    codeVerifier,
    redirectUri: CLIENT_REDIRECT,
    resource: new URL(discovered.resource),
    iss: back.searchParams.get('iss') ?? undefined,
    fetchFn: fetchAt(options.exchangeAt),
  } as Parameters<typeof exchangeAuthorization>[1]);
  return { tokens, code };
}

export function refresh(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  refreshToken: string,
  pin?: string,
): Promise<OAuthTokens> {
  return refreshAuthorization(discovered.issuer, {
    metadata: discovered.metadata,
    clientInformation: client,
    refreshToken,
    resource: new URL(discovered.resource),
    fetchFn: fetchAt(pin),
  });
}

/** RFC 7009 revocation by the public client that holds the token; resolves with the HTTP status. */
export async function revoke(
  discovered: Discovered,
  client: OAuthClientInformationFull,
  token: string,
  pin?: string,
): Promise<number> {
  // RFC 8414's field; the SDK's union type (OAuth or OpenID metadata) does not name it on both.
  const endpoint = (discovered.metadata as { revocation_endpoint?: string }).revocation_endpoint;
  if (!endpoint) throw new Error('the authorization server has no revocation_endpoint');
  const response = await fetchAt(pin)(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, client_id: client.client_id }),
  });
  await response.body?.cancel();
  return response.status;
}
