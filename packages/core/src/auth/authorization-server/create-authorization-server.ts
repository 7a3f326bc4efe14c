/**
 * The built-in authorization server ("OAuth proxy"): an OAuth 2.1 authorization server for one MCP
 * server, built on panva's certified oidc-provider, whose login is delegated to the upstream
 * provider (ClickUp, Yandex). MCP clients discover it (RFC 8414), register (RFC 7591) or present
 * a client ID metadata document, authorize with PKCE (S256 only), and receive JWT access tokens for
 * the MCP resource only (RFC 8707) plus rotating refresh tokens; the user's upstream tokens stay
 * on the server, encrypted, and reach tools as `ctx.auth.upstreamCredentials()`.
 *
 * ```ts
 * const server = await createAuthorizationServer({
 *   issuer: 'https://mcp.example.com',
 *   upstream: createOAuth2UpstreamProvider({ name: 'yandex', … }),
 *   store: createSqlOAuthStore(driver),
 * });
 * // server.verifier and server.endpoints plug into the resource server (auth-context.ts)
 * ```
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, {
  errors,
  type AsymmetricSigningAlgorithm,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { EnvSource } from '../../config/env-config.ts';
import { createStreamLogger, type Logger } from '../../logging/logger.ts';
import type { AuthEndpoints, TokenVerifier } from '../auth-context.ts';
import { ownTokensOnly, revokeJwtAccessTokens } from './access-token-revocation.ts';
import { encryptionKeysFromEnv, ephemeralEncryptionKeys, missingEncryptionKeys } from './encryption-keys.ts';
import { createMemoryOAuthStore, type OAuthStore } from './oauth-store.ts';
import { createProviderAdapterFactory } from './provider-adapter.ts';
import { createSealedRecords } from './sealed-records.ts';
import { COOKIE_KEYS_VARIABLE, loadServerKeys, SIGNING_KEY_VARIABLE } from './server-keys.ts';
import { createBuiltinTokenVerifier } from './token-verifier.ts';
import { createTokenVault, type TokenVault } from './token-vault.ts';
import { createUpstreamLogin } from './upstream-login.ts';
import type { FetchLike, UpstreamProvider } from './upstream-provider.ts';

export interface AuthorizationServerOptions {
  /** The server's public base URL, e.g. `https://mcp.example.com` or `http://127.0.0.1:3000`. */
  issuer: string | URL;
  /** The MCP endpoint (the protected resource, the `aud` of every token). @default `${issuer}/mcp` */
  resource?: string | URL;
  /** Where users log in. */
  upstream: UpstreamProvider;
  /** Where records are kept. @default an in-memory store (one process; gone on restart) */
  store?: OAuthStore;
  /** Scopes the MCP server offers; requests are capped at these. @default ['read', 'write', 'admin'] */
  scopes?: readonly string[];
  /** Granted when the client asks for no scope. @default `scopes` */
  defaultScopes?: readonly string[];
  /** Where `MCP_AUTH_ENCRYPTION_KEYS`, `MCP_AUTH_SIGNING_KEY`, `MCP_AUTH_COOKIE_KEYS` are read. @default process.env */
  env?: EnvSource;
  /** @default 3600 */
  accessTokenTtlSeconds?: number;
  /** Each rotation issues a new one with this lifetime. @default 14 days */
  refreshTokenTtlSeconds?: number;
  /** After this, the user logs in upstream again whatever the refreshes. @default 90 days */
  grantTtlSeconds?: number;
  /** Path of the upstream redirect URI. @default '/oauth/callback' */
  upstreamCallbackPath?: string;
  clientIdMetadataDocuments?: {
    /** @default true */
    enabled?: boolean;
    /** How documents are fetched (tests serve them in process). @default global fetch behind oidc-provider's SSRF guard */
    fetch?: FetchLike;
    /**
     * Development only: fetch documents from loopback and private addresses too (the SSRF guard
     * is off). Client IDs must still be https URLs (the draft and oidc-provider require it).
     */
    allowPrivateAddresses?: boolean;
  };
  logger?: Logger;
}

export interface AuthorizationServer {
  readonly issuer: string;
  readonly resource: string;
  /** For the protected-resource metadata's `authorization_servers`. */
  readonly authorizationServers: readonly string[];
  /** The redirect URI to register with the upstream provider's OAuth app. */
  readonly upstreamRedirectUri: string;
  /** RFC 8414 endpoints, as served at `/.well-known/oauth-authorization-server`. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly verifier: TokenVerifier;
  readonly endpoints: AuthEndpoints;
  /** The users' upstream tokens (apps rarely need it: tools use `ctx.auth.upstreamCredentials()`). */
  readonly vault: TokenVault;
  close(): Promise<void>;
}

const DAY = 24 * 60 * 60;
const ROUTES = {
  authorization: '/authorize',
  token: '/token',
  registration: '/register',
  revocation: '/revoke',
  introspection: '/introspect',
  jwks: '/jwks',
} as const;
const PROVIDER_PATHS = new Set<string>([
  ...Object.values(ROUTES),
  '/.well-known/oauth-authorization-server',
  '/.well-known/openid-configuration',
]);

export async function createAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<AuthorizationServer> {
  const issuerUrl = new URL(options.issuer);
  if (issuerUrl.pathname !== '/' || issuerUrl.search || issuerUrl.hash) {
    throw new TypeError(
      `The issuer ${issuerUrl.href} has a path; give the server's public origin (https://host[:port]) — the ` +
        'authorization server is served at the root of its host.',
    );
  }
  const issuer = issuerUrl.origin;
  const resource = options.resource ? new URL(options.resource).href : `${issuer}/mcp`;
  const scopes = options.scopes ?? ['read', 'write', 'admin'];
  const defaultScopes = options.defaultScopes ?? scopes;
  const env = options.env ?? process.env;
  const logger = options.logger ?? createStreamLogger();
  const store = options.store ?? createMemoryOAuthStore();
  const keyRing = encryptionKeysFromEnv(env) ?? (store.persistent ? undefined : ephemeralEncryptionKeys());
  if (!keyRing) throw missingEncryptionKeys();
  const records = createSealedRecords(store, keyRing);
  const keys = await loadServerKeys({
    records,
    ...(env[SIGNING_KEY_VARIABLE] ? { signingKey: env[SIGNING_KEY_VARIABLE] } : {}),
    ...(env[COOKIE_KEYS_VARIABLE] ? { cookieKeys: env[COOKIE_KEYS_VARIABLE] } : {}),
  });
  const vault = createTokenVault({ records, provider: options.upstream });
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 3600;
  const refreshTokenTtl = options.refreshTokenTtlSeconds ?? 14 * DAY;
  const grantTtl = Math.max(options.grantTtlSeconds ?? 90 * DAY, refreshTokenTtl);
  const cimd = options.clientIdMetadataDocuments ?? {};
  const signingAlg = keys.signingAlg as AsymmetricSigningAlgorithm;
  const documentFetch = cimd.fetch ?? globalThis.fetch;

  const configuration: Configuration = {
    adapter: createProviderAdapterFactory(records),
    clients: [],
    jwks: keys.signing as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    routes: ROUTES,
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', ...scopes],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      id_token_signed_response_alg: signingAlg,
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    interactions: { url: async (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // @types/oidc-provider models features as a union its own examples do not satisfy; the values
    // are checked by oidc-provider when the Provider is made.
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      registration: { enabled: true, initialAccessToken: false, issueRegistrationAccessToken: false },
      registrationManagement: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => ownTokensOnly(client, token),
      },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => ownTokensOnly(client, token),
      },
      clientIdMetadataDocument: { enabled: cimd.enabled ?? true, ack: 'draft-02' },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx: KoaContextWithOIDC, indicator: string) => {
          if (indicator !== resource) {
            throw new errors.InvalidTarget(`this server issues tokens for ${resource} only`);
          }
          return {
            scope: scopes.join(' '),
            audience: resource,
            accessTokenTTL: accessTokenTtl,
            accessTokenFormat: 'jwt' as const,
            jwt: { sign: { alg: signingAlg } },
          };
        },
      },
    } as Configuration['features'],
    // The grant id rides in the access token so the verifier refuses it once the grant is revoked.
    extraTokenClaims: async (_ctx, token) =>
      token.kind === 'AccessToken' ? { gid: token.grantId } : undefined,
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      BackchannelAuthenticationRequest: 600,
      ClientCredentials: accessTokenTtl,
      DeviceCode: 600,
      Grant: grantTtl,
      IdToken: 3600,
      Interaction: 600,
      PreAuthorizedCode: 600,
      RefreshToken: refreshTokenTtl,
      Session: DAY,
    },
    // Browser-based clients may call the token endpoint from the origin of their redirect URI.
    clientBasedCORS: (_ctx, origin, client) =>
      origin !== 'null' &&
      client.clientAuthMethod === 'none' &&
      (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    renderError: async (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body =
        `The authorization request failed: ${out.error}` +
        `${out.error_description ? ` (${out.error_description})` : ''}. ` +
        'Start the sign-in again from your MCP client; if it keeps failing, the client is misconfigured.\n';
    },
    fetch: (url, init) => {
      if (cimd.allowPrivateAddresses) delete (init as { dispatcher?: unknown }).dispatcher;
      return documentFetch(url instanceof Request ? url.url : url, init);
    },
  };

  const provider = new Provider(issuer, configuration);
  // Every URL the library builds (redirects to /interaction, to the client, cookie `Secure`) comes
  // from the configured issuer: endpoints.handle sets the forwarded scheme and host from it on each
  // request, overwriting whatever a client or proxy sent. Behind a TLS-terminating proxy the issuer
  // is the public https origin (`--public-url`), and nothing a request says can change it.
  provider.proxy = true;
  // Errors go to the server's logger (stderr), never to stdout: on stdio that is the MCP wire.
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    logger.error('authorization server error', { error: error.message }),
  );
  // Koa's own 'error' event (a response stream failing): without a listener Koa writes to console.
  (provider as unknown as EventEmitter).on('error', (error: Error) =>
    logger.error('authorization server error', { error: error.message }),
  );
  const verifier = createBuiltinTokenVerifier({
    issuer,
    audience: resource,
    keys: keys.verification,
    algorithm: keys.signingAlg,
    records,
    vault,
  });
  // Revoking an access token (how MCP clients sign out) ends its grant, as for a refresh token.
  // (Installed before callback(): Koa composes the middleware then.)
  revokeJwtAccessTokens(provider, verifier);
  const callback = provider.callback();

  const login = createUpstreamLogin({
    provider,
    upstream: options.upstream,
    vault,
    records,
    issuer,
    callbackPath: options.upstreamCallbackPath ?? '/oauth/callback',
    resource,
    scopes,
    stateTtlSeconds: 600,
    logger,
  });

  const issuerOrigin = new URL(issuer);
  const callbackPathname = new URL(login.redirectUri).pathname;
  const endpoints: AuthEndpoints = {
    async handle(req: IncomingMessage, res: ServerResponse, pathname: string) {
      const url = new URL(req.url ?? '/', issuer);
      const resume = pathname.startsWith(`${ROUTES.authorization}/`);
      const interaction = pathname.startsWith('/interaction/') || pathname === callbackPathname;
      if (!PROVIDER_PATHS.has(pathname) && !resume && !interaction) return false;
      pinToIssuer(req, issuerOrigin);
      if (interaction) return login.handle(req, res, url);
      if (pathname === ROUTES.authorization && !url.searchParams.get('scope')?.trim()) {
        // A client that asks for no scope gets the default ones (MCP clients without a challenge scope).
        url.searchParams.set('scope', defaultScopes.join(' '));
        req.url = `${url.pathname}${url.search}`;
      }
      await callback(req, res);
      return true;
    },
  };

  return {
    issuer,
    resource,
    authorizationServers: [issuer],
    upstreamRedirectUri: login.redirectUri,
    metadata: {
      issuer,
      authorization_endpoint: `${issuer}${ROUTES.authorization}`,
      token_endpoint: `${issuer}${ROUTES.token}`,
      registration_endpoint: `${issuer}${ROUTES.registration}`,
      revocation_endpoint: `${issuer}${ROUTES.revocation}`,
      introspection_endpoint: `${issuer}${ROUTES.introspection}`,
      jwks_uri: `${issuer}${ROUTES.jwks}`,
      scopes_supported: ['offline_access', ...scopes],
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: cimd.enabled ?? true,
    },
    verifier,
    endpoints,
    vault,
    async close() {},
  };
}

/**
 * The request as the issuer's origin sees it (see `provider.proxy` above): scheme and host from the
 * configured issuer; a client-sent `X-Forwarded-For` dropped (the peer is the socket's address).
 */
function pinToIssuer(req: IncomingMessage, origin: URL): void {
  req.headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  req.headers['x-forwarded-host'] = origin.host;
  delete req.headers['x-forwarded-for'];
}
