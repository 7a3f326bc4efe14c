/**
 * What an MCP client does to sign a user in, one step at a time, with the MCP SDK v2 client's own
 * OAuth functions: discovery from the 401 (`WWW-Authenticate` → RFC 9728 protected-resource
 * metadata → RFC 8414 authorization-server metadata), dynamic registration of a public client,
 * PKCE authorization — the headless browser walks the redirects through the login, `login_hint`
 * naming the user — the code exchange, refresh and RFC 7009 revocation. For tests that look at
 * each step (replicas, refresh rotation, revocation); `signIn` (sign-in.ts) does it all the way
 * an MCP client's transport does.
 *
 * Every step that talks to the authorization server takes `fetch`, so a test can pin a request to
 * one replica behind a proxy, or record it.
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
import { HeadlessBrowser } from './headless-browser.ts';

/** A native client's loopback redirect URI (RFC 8252): never contacted, the browser stops there. */
export const CLIENT_REDIRECT = 'http://127.0.0.1:53682/callback';

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The authorization server a client signs in at, for the resource it wants tokens for. */
export interface AuthorizationServerRef {
  readonly issuer: string;
  readonly metadata: AuthorizationServerMetadata;
  /** The protected resource (RFC 9728 `resource`, RFC 8707): the audience of every token. */
  readonly resource: string;
}

export interface Discovered extends AuthorizationServerRef {
  /** The MCP URL the client was given. */
  readonly mcpUrl: string;
  /** What the 401 said. */
  readonly challenge: { readonly status: number; readonly wwwAuthenticate: string };
  readonly resourceMetadataUrl: string;
}

/** An MCP request without a token, and where its 401 sends the client. */
export async function discoverFrom401(
  mcpUrl: string,
  options: { fetch?: FetchLike } = {},
): Promise<Discovered> {
  const fetchFn = options.fetch ?? fetch;
  const response = await fetchFn(mcpUrl, {
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
  if (!resourceMetadataUrl) {
    throw new Error(
      `${mcpUrl} answered ${challenge.status} without resource_metadata in WWW-Authenticate ("${challenge.wwwAuthenticate}"): is the server started with authentication (--auth builtin)?`,
    );
  }
  const protectedResource = await discoverOAuthProtectedResourceMetadata(
    mcpUrl,
    { resourceMetadataUrl },
    fetchFn,
  );
  const issuer = protectedResource.authorization_servers?.[0];
  if (!issuer) {
    throw new Error(
      `The protected-resource metadata at ${resourceMetadataUrl.href} names no authorization server: give the resource server its authorizationServers.`,
    );
  }
  const metadata = await discoverAuthorizationServerMetadata(issuer, { fetchFn });
  if (!metadata) {
    throw new Error(`No authorization-server metadata at ${issuer}: is ${issuer} the issuer's URL?`);
  }
  return {
    mcpUrl,
    challenge,
    resourceMetadataUrl: resourceMetadataUrl.href,
    resource: protectedResource.resource,
    issuer,
    metadata,
  };
}

export interface RegisterOptions {
  fetch?: FetchLike;
  /** Fields to set or replace in the client metadata. */
  metadata?: Partial<OAuthClientMetadata>;
}

/** Dynamic registration (RFC 7591) of a public native client with the loopback redirect URI. */
export function registerPublicClient(
  server: AuthorizationServerRef,
  name: string,
  options: RegisterOptions = {},
): Promise<OAuthClientInformationFull> {
  return registerClient(server.issuer, {
    metadata: server.metadata,
    clientMetadata: {
      client_name: name,
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // What the SDK's auth() derives for a loopback redirect URI (SEP-837).
      application_type: 'native',
      ...options.metadata,
    } as OAuthClientMetadata,
    ...(options.fetch ? { fetchFn: options.fetch } : {}),
  });
}

export interface AuthorizeOptions {
  /** `login_hint`: the user the login page approves without a page. */
  loginHint?: string;
  /** @default 'read write' */
  scope?: string;
  /** @default 'client-state' */
  state?: string;
  /** @default the server's resource */
  resource?: string;
  /** @default the client's first redirect URI */
  redirectUrl?: string;
  /** Changes the authorization URL before the browser opens it. */
  edit?: (url: URL) => void;
  /** The browser (its cookies, its `visited`); a fresh one by default. */
  browser?: HeadlessBrowser;
}

export interface Authorized {
  /** Where the browser stopped: the client's redirect URI (code, state and iss in its query), or a page. */
  readonly url: URL;
  readonly code: string | null;
  readonly codeVerifier: string;
  /** The URLs of the walk, in order. */
  readonly visited: readonly URL[];
  /** The answer of the page the walk stopped at, when it stopped short of the client. */
  readonly response?: Response;
}

/** The browser part: authorization URL (PKCE) → the login → back at the client's redirect URI. */
export async function authorize(
  server: AuthorizationServerRef,
  client: OAuthClientInformationFull,
  options: AuthorizeOptions = {},
): Promise<Authorized> {
  const redirectUrl = options.redirectUrl ?? client.redirect_uris[0] ?? CLIENT_REDIRECT;
  const { authorizationUrl, codeVerifier } = await startAuthorization(server.issuer, {
    metadata: server.metadata,
    clientInformation: client,
    redirectUrl,
    scope: options.scope ?? 'read write',
    state: options.state ?? 'client-state',
    resource: new URL(options.resource ?? server.resource),
  });
  if (options.loginHint) authorizationUrl.searchParams.set('login_hint', options.loginHint);
  options.edit?.(authorizationUrl);
  const browser = options.browser ?? new HeadlessBrowser();
  const target = redirectUrl.split('?')[0]!;
  const followed = await browser.follow(authorizationUrl, (url) => url.href.startsWith(target));
  return {
    url: followed.url,
    code: followed.url.searchParams.get('code'),
    codeVerifier,
    visited: followed.visited,
    ...(followed.response ? { response: followed.response } : {}),
  };
}

export interface SignedInTokens {
  readonly tokens: OAuthTokens;
  /** The authorization code the browser brought back (redeemed). */
  readonly code: string;
}

/** The user `loginHint` signs in: authorization through the login, then the code exchanged. */
export async function signInForTokens(
  server: AuthorizationServerRef,
  client: OAuthClientInformationFull,
  loginHint: string,
  options: Omit<AuthorizeOptions, 'loginHint'> & { fetch?: FetchLike } = {},
): Promise<SignedInTokens> {
  const { fetch: fetchFn, ...authorizeOptions } = options;
  const authorized = await authorize(server, client, { ...authorizeOptions, loginHint });
  if (!authorized.code) {
    const at = authorized.url;
    throw new Error(
      `No code came back for ${loginHint}: the login stopped at ${at.origin}${at.pathname}${authorized.response ? ` (HTTP ${authorized.response.status})` : ''}, error ${at.searchParams.get('error') ?? 'none'}.`,
    );
  }
  const tokens = await exchangeAuthorization(server.issuer, {
    metadata: server.metadata,
    clientInformation: client,
    authorizationCode: authorized.code,
    codeVerifier: authorized.codeVerifier,
    redirectUri: options.redirectUrl ?? client.redirect_uris[0] ?? CLIENT_REDIRECT,
    resource: new URL(options.resource ?? server.resource),
    iss: authorized.url.searchParams.get('iss') ?? undefined,
    ...(fetchFn ? { fetchFn } : {}),
  });
  return { tokens, code: authorized.code };
}

/** A refresh-token grant: the rotated tokens. */
export function refreshTokens(
  server: AuthorizationServerRef,
  client: OAuthClientInformationFull,
  refreshToken: string,
  options: { fetch?: FetchLike } = {},
): Promise<OAuthTokens> {
  return refreshAuthorization(server.issuer, {
    metadata: server.metadata,
    clientInformation: client,
    refreshToken,
    resource: new URL(server.resource),
    ...(options.fetch ? { fetchFn: options.fetch } : {}),
  });
}

/** RFC 7009 revocation by the public client that holds the token; resolves with the HTTP status. */
export async function revokeToken(
  server: AuthorizationServerRef,
  client: OAuthClientInformationFull,
  token: string,
  options: { fetch?: FetchLike; tokenTypeHint?: 'access_token' | 'refresh_token' } = {},
): Promise<number> {
  // RFC 8414's field; the SDK's union type (OAuth or OpenID metadata) does not name it on both.
  const endpoint = (server.metadata as { revocation_endpoint?: string }).revocation_endpoint;
  if (!endpoint) {
    throw new Error(
      `${server.issuer} lists no revocation_endpoint in its metadata: it cannot sign users out.`,
    );
  }
  const response = await (options.fetch ?? fetch)(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      token,
      client_id: client.client_id,
      ...(options.tokenTypeHint ? { token_type_hint: options.tokenTypeHint } : {}),
    }),
  });
  await response.body?.cancel();
  return response.status;
}
