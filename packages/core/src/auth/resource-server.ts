/**
 * The MCP server as an OAuth 2.1 resource server (MCP authorization, 2025-11-25 and 2026-07-28):
 * every request to the MCP endpoint carries `Authorization: Bearer <token>`, which a
 * `TokenVerifier` checks (JWT, introspection, API key, the built-in authorization server); the
 * RFC 9728 protected-resource metadata tells clients where to get a token.
 *
 * Built on the SDK's helpers (`verifyBearerToken`, `bearerAuthChallengeResponse`,
 * `buildOAuthProtectedResourceMetadata`, `getOAuthProtectedResourceMetadataUrl`), with what they
 * leave to the server done here first: a token in the query string is refused (it ends up in logs
 * and histories), a header longer than 8 KiB or not of the `Bearer <b64token>` form is refused
 * without calling the verifier, and two `Authorization` headers are refused. A refusal answers 401
 * with `WWW-Authenticate: Bearer resource_metadata="…"` (and `error="invalid_token"` when a token
 * was sent), 403 `insufficient_scope` naming the scope to ask for, or 503 when the authorization
 * server cannot be reached. Nothing answered or logged quotes the token; the `AuthInfo` handed to
 * the SDK does not hold it either (`token` is a placeholder): the MCP client's token is never
 * passed on, so no code behind this point can forward it upstream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bearerAuthChallengeResponse,
  buildOAuthProtectedResourceMetadata,
  getOAuthProtectedResourceMetadataUrl,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
  type OAuthMetadata,
  type OAuthProtectedResourceMetadata,
} from '@modelcontextprotocol/server';
import { ConfigError } from '../errors/config-error.ts';
import { createStreamLogger, type Logger } from '../logging/logger.ts';
import { missingScopeMessage, STANDARD_SCOPES } from '../tool/tool-scope.ts';
import type { AuthContext, AuthEndpoints, TokenVerifier } from './auth-context.ts';

/** How the server authenticates (`--auth`); `none` is the absence of a resource server. */
export type AuthMode = 'jwt' | 'introspection' | 'api-key' | 'builtin';

/** Longest `Authorization` header verified; longer ones are refused unread. */
export const MAX_AUTHORIZATION_BYTES = 8 * 1024;

/** What `AuthInfo.token` holds: never the token (see the file comment). */
export const TOKEN_PLACEHOLDER = '[not kept]';

const WELL_KNOWN = '/.well-known/oauth-protected-resource';

/** RFC 6750 `b64token` after `Bearer` and spaces. */
const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

export interface ResourceServerOptions {
  mode: AuthMode;
  verifier: TokenVerifier;
  /** This server's canonical MCP URL (`https://mcp.example.com/mcp`): the audience of its tokens. */
  resource: string | URL;
  /** Issuer URLs of the authorization servers that issue its tokens (none for API keys). */
  authorizationServers: readonly string[];
  /** `scopes_supported` of the metadata. @default ['read', 'write', 'admin'] */
  scopesSupported?: readonly string[];
  /** `resource_name` of the metadata (e.g. the server's title). */
  resourceName?: string;
  /** More endpoints on the listener (the built-in authorization server's). */
  endpoints?: AuthEndpoints;
  /** Refusals at info (without the token), authorization-server failures at warn. */
  logger?: Logger;
}

export interface ResourceServer {
  readonly mode: AuthMode;
  /** The canonical MCP URL. */
  readonly resource: URL;
  /** Where the protected-resource metadata is served (the path-suffixed RFC 9728 form). */
  readonly metadataUrl: string;
  readonly metadata: OAuthProtectedResourceMetadata;
  /**
   * Serves the metadata documents and the mode's endpoints: true when it answered the request.
   * Runs before MCP routing, after the connection and Host checks.
   */
  serveEndpoints(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>;
  /**
   * Authenticates a request to the MCP endpoint: the SDK `AuthInfo` to put on `req.auth` (its
   * `extra` is the AuthContext), or undefined when the request was answered (401, 400, 503).
   */
  authenticate(req: IncomingMessage, res: ServerResponse): Promise<AuthInfo | undefined>;
  /** Answers 403 `insufficient_scope`: the token may not call `toolName`, which needs `needed`. */
  refuseScope(res: ServerResponse, auth: AuthContext, toolName: string, needed: string): Promise<void>;
  close(): Promise<void>;
}

/** The AuthContext a request was authenticated with, from the SDK's `AuthInfo` (`ctx.http.authInfo`). */
export function authContextOf(authInfo: AuthInfo | undefined): AuthContext | undefined {
  const extra = authInfo?.extra as Partial<AuthContext> | undefined;
  return typeof extra?.subject === 'string' && typeof extra.cacheKey === 'string'
    ? (extra as AuthContext)
    : undefined;
}

async function send(res: ServerResponse, response: Response, headers: Record<string, string> = {}) {
  const body = await response.text();
  res
    .writeHead(response.status, {
      ...Object.fromEntries(response.headers),
      'content-length': String(Buffer.byteLength(body)),
      'cache-control': 'no-store',
      ...headers,
    })
    .end(body);
}

/** `value` as an RFC 7230 quoted-string. */
const quoted = (value: string) => `"${value.replaceAll(/[\\"]/g, '\\$&')}"`;

/** The protected-resource metadata of `resource`, with the SDK's checks of each issuer URL. */
function protectedResourceMetadata(options: ResourceServerOptions, resource: URL) {
  const scopes = [...(options.scopesSupported ?? STANDARD_SCOPES)];
  const base = (issuer: string) =>
    buildOAuthProtectedResourceMetadata({
      // Only `issuer` is read: the document names the authorization server, clients read its metadata.
      oauthMetadata: { issuer } as OAuthMetadata,
      resourceServerUrl: resource,
      scopesSupported: scopes,
      ...(options.resourceName ? { resourceName: options.resourceName } : {}),
    });
  let documents: OAuthProtectedResourceMetadata[];
  try {
    documents = options.authorizationServers.map(base);
  } catch (error) {
    throw new ConfigError({
      problems: [
        {
          variable: '--auth-issuer',
          problem: `${(error as Error).message}.`,
          howToFix: 'Use the https issuer URL of the authorization server (http only on localhost).',
        },
      ],
    });
  }
  return {
    ...(documents[0] ?? { resource: resource.href, scopes_supported: scopes }),
    ...(documents.length > 0
      ? { authorization_servers: documents.flatMap((d) => d.authorization_servers ?? []) }
      : {}),
    ...(options.resourceName ? { resource_name: options.resourceName } : {}),
    bearer_methods_supported: ['header'],
  } as OAuthProtectedResourceMetadata;
}

export function createResourceServer(options: ResourceServerOptions): ResourceServer {
  const resource = new URL(options.resource);
  const logger = options.logger ?? createStreamLogger();
  const metadataUrl = getOAuthProtectedResourceMetadataUrl(resource);
  const metadata = protectedResourceMetadata(options, resource);
  const metadataBody = JSON.stringify(metadata);
  const metadataPaths = new Set([WELL_KNOWN, new URL(metadataUrl).pathname]);
  const challenge = { resourceMetadataUrl: metadataUrl };
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const context = await options.verifier.verify(token);
      return {
        token: TOKEN_PLACEHOLDER,
        clientId: context.clientId,
        scopes: [...context.scopes],
        // A credential that does not expire (an API key) is valid for this request.
        expiresAt: context.expiresAt ?? Math.floor(Date.now() / 1000) + 60,
        resource,
        extra: context as unknown as Record<string, unknown>,
      };
    },
  };

  const refuse = async (req: IncomingMessage, res: ServerResponse, error: OAuthError) => {
    logger.info('Access token refused', {
      mode: options.mode,
      error: error.code,
      reason: error.message,
      method: req.method,
      peer: req.socket.remoteAddress,
    });
    if (error.code === OAuthErrorCode.TemporarilyUnavailable) {
      await send(res, Response.json(error.toResponseObject(), { status: 503 }), { 'retry-after': '5' });
      return;
    }
    await send(res, bearerAuthChallengeResponse(error, challenge));
  };

  const badRequest = (res: ServerResponse, description: string) =>
    send(
      res,
      Response.json(new OAuthError(OAuthErrorCode.InvalidRequest, description).toResponseObject(), {
        status: 400,
      }),
      { 'www-authenticate': `Bearer error="invalid_request", resource_metadata=${quoted(metadataUrl)}` },
    );

  return {
    mode: options.mode,
    resource,
    metadataUrl,
    metadata,

    async serveEndpoints(req, res, pathname) {
      if (metadataPaths.has(pathname)) {
        const cors = {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'GET, HEAD, OPTIONS',
        };
        if (req.method === 'OPTIONS') {
          res.writeHead(204, { ...cors, 'access-control-allow-headers': 'mcp-protocol-version' }).end();
        } else if (req.method === 'GET' || req.method === 'HEAD') {
          res.writeHead(200, {
            ...cors,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(metadataBody)),
            'cache-control': 'public, max-age=300',
          });
          res.end(req.method === 'GET' ? metadataBody : undefined);
        } else {
          res.writeHead(405, { allow: 'GET, HEAD, OPTIONS' }).end();
        }
        return true;
      }
      return options.endpoints ? options.endpoints.handle(req, res, pathname) : false;
    },

    async authenticate(req, res) {
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      if (query.has('access_token')) {
        logger.info('Access token refused', {
          mode: options.mode,
          error: 'token_in_query',
          peer: req.socket.remoteAddress,
        });
        await badRequest(
          res,
          'Access tokens in the URL are refused (they end up in logs and browser history): send it in the Authorization header, as Authorization: Bearer <token>.',
        );
        return undefined;
      }
      let headers = 0;
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if ((req.rawHeaders[i] as string).toLowerCase() === 'authorization') headers++;
      }
      if (headers > 1) {
        await badRequest(res, 'Send one Authorization header, not several.');
        return undefined;
      }
      const header = req.headers.authorization;
      if (header === undefined || header === '') {
        // RFC 6750 section 3.1: no error code when the request had no credentials.
        logger.debug('Access token missing', { method: req.method, peer: req.socket.remoteAddress });
        const body = JSON.stringify({
          error: OAuthErrorCode.InvalidToken,
          error_description: `This server needs an access token: get one from the authorization server its metadata names (${metadataUrl}) and send it as Authorization: Bearer <token>.`,
        });
        res
          .writeHead(401, {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'cache-control': 'no-store',
            'www-authenticate': `Bearer resource_metadata=${quoted(metadataUrl)}`,
          })
          .end(body);
        return undefined;
      }
      if (Buffer.byteLength(header) > MAX_AUTHORIZATION_BYTES) {
        await refuse(
          req,
          res,
          new OAuthError(
            OAuthErrorCode.InvalidToken,
            `The Authorization header is longer than ${MAX_AUTHORIZATION_BYTES} bytes, more than any token this server accepts: send the access token the authorization server issued.`,
          ),
        );
        return undefined;
      }
      const token = BEARER.exec(header)?.[1];
      if (token === undefined) {
        await refuse(
          req,
          res,
          new OAuthError(
            OAuthErrorCode.InvalidToken,
            'The Authorization header is not of the form "Bearer <token>": send the access token as Authorization: Bearer <token>.',
          ),
        );
        return undefined;
      }
      try {
        return await verifyBearerToken(`Bearer ${token}`, { verifier, ...challenge });
      } catch (error) {
        if (!(error instanceof OAuthError)) throw error; // a bug: logged and answered 500 by the server
        await refuse(req, res, error);
        return undefined;
      }
    },

    async refuseScope(res, auth, toolName, needed) {
      // The scopes the token has plus the one missing: a client that signs in again with these
      // keeps what it could do (MCP authorization, step-up).
      const requiredScopes = [...new Set([...auth.scopes, needed])];
      logger.info('Tool call refused: scope missing', { tool: toolName, needed, subject: auth.subject });
      await send(
        res,
        bearerAuthChallengeResponse(
          new OAuthError(OAuthErrorCode.InsufficientScope, missingScopeMessage(toolName, needed)),
          { ...challenge, requiredScopes },
        ),
      );
    },

    async close() {
      await options.endpoints?.close?.();
    },
  };
}
