/**
 * The built-in authorization server mounted on a plain node:http server on 127.0.0.1, as the
 * Streamable HTTP server mounts it, plus just enough of a resource server to show whose upstream
 * credentials a token carries: RFC 9728 metadata and a `/mcp` that answers who the token's user is
 * upstream (it calls the fake upstream's `/me` with `ctx.auth.upstreamCredentials()`). The real
 * resource server is in `../resource-server.ts`; this one exists so these tests depend only on
 * the authorization server. Also: sign-in helpers built on the MCP SDK client's OAuth functions.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  discoverAuthorizationServerMetadata,
  exchangeAuthorization,
  registerClient,
  startAuthorization,
  type AuthorizationServerMetadata,
  type OAuthClientInformationFull,
  type OAuthClientMetadata,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import {
  createAuthorizationServer,
  type AuthorizationServer,
  type AuthorizationServerOptions,
} from '../create-authorization-server.ts';
import { createStreamLogger } from '../../../logging/logger.ts';
import { authorizationHeader } from '../upstream-provider.ts';
import { Browser } from './browser.ts';
import type { FakeUpstream } from './fake-upstream.ts';

export interface Rig {
  readonly issuer: string;
  readonly resource: string;
  readonly server: AuthorizationServer;
  /** Every replica (one unless `replicas` was given); requests go to them in turn. */
  readonly servers: readonly AuthorizationServer[];
  readonly upstream: FakeUpstream;
  readonly metadata: AuthorizationServerMetadata;
  /** What the authorization server logged (JSON lines). */
  readonly logs: string[];
  close(): Promise<void>;
}

export type RigOptions = Partial<Omit<AuthorizationServerOptions, 'issuer' | 'upstream'>> & {
  /**
   * Replicas behind one address, as behind a load balancer: each request goes to the next one,
   * so a login started on one is finished on another. They need a shared `store`.
   */
  replicas?: number;
};

export async function startRig(upstream: FakeUpstream, options: RigOptions = {}): Promise<Rig> {
  const { replicas = 1, ...serverOptions } = options;
  const servers: AuthorizationServer[] = [];
  let turn = 0;
  // The handler runs only once the servers below are made (requests come after listen + create).
  const http: Server = createServer((req, res) => {
    const server = servers[turn++ % servers.length]!;
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/.well-known/oauth-protected-resource')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            resource: server.resource,
            authorization_servers: server.authorizationServers,
            scopes_supported: ['read', 'write', 'admin'],
            bearer_methods_supported: ['header'],
          }),
        );
        return;
      }
      if (url.pathname === '/mcp') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        try {
          const auth = await server.verifier.verify(token);
          const credentials = await auth.upstreamCredentials!();
          const me = await fetch(`${upstream.url}/me`, {
            headers: { authorization: authorizationHeader(credentials) },
          });
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(
              JSON.stringify({ subject: auth.subject, scopes: auth.scopes, upstreamUser: await me.json() }),
            );
        } catch (error) {
          res
            .writeHead(401, {
              'www-authenticate': `Bearer error="invalid_token", resource_metadata="${server.issuer}/.well-known/oauth-protected-resource/mcp"`,
              'content-type': 'application/json',
            })
            .end(JSON.stringify({ error: (error as Error).message }));
        }
        return;
      }
      if (!(await server.endpoints.handle(req, res, url.pathname))) res.writeHead(404).end();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const logs: string[] = [];
  for (let replica = 0; replica < replicas; replica++) {
    servers.push(
      await createAuthorizationServer({
        issuer,
        upstream: upstream.provider(),
        env: {},
        logger: createStreamLogger({ level: 'debug', write: (line) => logs.push(line) }),
        ...serverOptions,
      }),
    );
  }
  const server = servers[0]!;
  const metadata = await discoverAuthorizationServerMetadata(issuer);
  if (!metadata) throw new Error(`No authorization server metadata at ${issuer}`);
  return {
    issuer,
    resource: server.resource,
    server,
    servers,
    upstream,
    metadata,
    logs,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/** The loopback redirect URI a desktop MCP client registers. */
export const CLIENT_REDIRECT = 'http://127.0.0.1:53682/callback';

export async function registerPublicClient(
  rig: Rig,
  metadata: Partial<OAuthClientMetadata> = {},
): Promise<OAuthClientInformationFull> {
  return registerClient(rig.issuer, {
    metadata: rig.metadata,
    clientMetadata: {
      client_name: 'test client',
      redirect_uris: [CLIENT_REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      // What the SDK's auth() derives for a loopback redirect URI (SEP-837).
      application_type: 'native',
      ...metadata,
    } as OAuthClientMetadata,
  });
}

export interface AuthorizeOptions {
  browser?: Browser;
  /** `login_hint`: which fake upstream user approves headlessly. */
  user?: string;
  scope?: string;
  resource?: string;
  redirectUrl?: string;
  /** Changes the authorization URL before the browser opens it. */
  edit?: (url: URL) => void;
}

export interface Authorized {
  /** Where the browser was sent back to the client (the code, state and iss in its query). */
  url: URL;
  code: string | null;
  codeVerifier: string;
  visited: URL[];
  response?: Response;
}

/** The browser part: authorization URL → upstream login → back at the client's redirect URI. */
export async function authorize(
  rig: Rig,
  client: OAuthClientInformationFull,
  options: AuthorizeOptions = {},
): Promise<Authorized> {
  const redirectUrl = options.redirectUrl ?? client.redirect_uris[0]!;
  const { authorizationUrl, codeVerifier } = await startAuthorization(rig.issuer, {
    metadata: rig.metadata,
    clientInformation: client,
    redirectUrl,
    scope: options.scope ?? 'read write',
    state: 'client-state',
    resource: options.resource ?? rig.resource,
  });
  if (options.user) authorizationUrl.searchParams.set('login_hint', options.user);
  options.edit?.(authorizationUrl);
  const browser = options.browser ?? new Browser();
  const followed = await browser.follow(authorizationUrl, (url) =>
    url.href.startsWith(redirectUrl.split('?')[0]!),
  );
  return {
    url: followed.url,
    code: followed.url.searchParams.get('code'),
    codeVerifier,
    visited: followed.visited,
    ...(followed.response ? { response: followed.response } : {}),
  };
}

/** Registration, authorization and token exchange: what an MCP client does on its first 401. */
export async function signIn(
  rig: Rig,
  user: string,
  options: Omit<AuthorizeOptions, 'user'> & { client?: OAuthClientInformationFull } = {},
): Promise<{ client: OAuthClientInformationFull; tokens: OAuthTokens }> {
  const client = options.client ?? (await registerPublicClient(rig));
  const authorized = await authorize(rig, client, { ...options, user });
  if (!authorized.code) throw new Error(`No code came back: ${authorized.url.href}`);
  const tokens = await exchangeAuthorization(rig.issuer, {
    metadata: rig.metadata,
    clientInformation: client,
    authorizationCode: authorized.code,
    codeVerifier: authorized.codeVerifier,
    redirectUri: options.redirectUrl ?? client.redirect_uris[0]!,
    resource: options.resource ?? rig.resource,
    iss: authorized.url.searchParams.get('iss') ?? undefined,
  });
  return { client, tokens };
}

/** What `/mcp` says about a token: its user upstream, or the 401. */
export async function whoami(rig: Rig, accessToken: string) {
  const response = await fetch(`${rig.issuer}/mcp`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
