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
 *
 * Every decision is made once, on web-standard values (`Request` in, `Response` out), and served to
 * both faces of the server: node:http (`serveEndpoints`, `authenticate`, `refuseScope` write the
 * same Responses to a ServerResponse) and the web-standard handler (`metadataResponse`,
 * `authenticateRequest`, `scopeRefusal`). The mode's own endpoints (the built-in authorization
 * server, on oidc-provider) take node:http requests only: `endpointsNeedNode` says so.
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
  /**
   * Web form of `serveEndpoints` for the metadata documents: their answer, or undefined when
   * `pathname` is not one of them. The mode's endpoints are not served here (`endpointsNeedNode`).
   */
  metadataResponse(request: Request, pathname: string): Response | undefined;
  /**
   * Web form of `authenticate`: the SDK `AuthInfo`, or the Response refusing the request (401, 400,
   * 503). `peer` (the client's address, when the runtime tells it) only goes to the log.
   */
  authenticateRequest(request: Request, peer?: string): Promise<AuthInfo | Response>;
  /** Web form of `refuseScope`: the 403 `insufficient_scope` answer. */
  scopeRefusal(auth: AuthContext, toolName: string, needed: string): Response;
  /**
   * The mode serves endpoints that take node:http requests (the built-in authorization server on
   * oidc-provider): it cannot be served by the web-standard handler.
   */
  readonly endpointsNeedNode: boolean;
  close(): Promise<void>;
}

/** The AuthContext a request was authenticated with, from the SDK's `AuthInfo` (`ctx.http.authInfo`). */
export function authContextOf(authInfo: AuthInfo | undefined): AuthContext | undefined {
  const extra = authInfo?.extra as Partial<AuthContext> | undefined;
  return typeof extra?.subject === 'string' && typeof extra.cacheKey === 'string'
    ? (extra as AuthContext)
    : undefined;
}

/** Writes a web Response to a node:http response, with its length. */
async function send(res: ServerResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers = Object.fromEntries(response.headers);
  // A HEAD answer keeps the length of what GET would send.
  if (response.status !== 204) headers['content-length'] ??= String(body.length);
  res.writeHead(response.status, headers).end(body.length > 0 ? body : undefined);
}

/** `response` with `Cache-Control: no-store` and `headers` added: an answer about credentials. */
function noStore(response: Response, headers: Record<string, string> = {}): Response {
  const merged = new Headers(response.headers);
  merged.set('cache-control', 'no-store');
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status: response.status, headers: merged });
}

/**
 * The values of a web request's `Authorization` headers: a runtime joins several with ", ", which
 * no single `Bearer <b64token>` contains, so two non-empty parts are two headers.
 */
function authorizationValues(headers: Headers): string[] {
  const value = headers.get('authorization');
  if (value === null) return [];
  const parts = value.split(',').filter((part) => part.trim() !== '');
  return parts.length > 1 ? parts : [value];
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
  const metadataLength = String(new TextEncoder().encode(metadataBody).byteLength);
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

  /** What a request was, for the log lines of its refusal (never its credentials). */
  interface Caller {
    method: string | undefined;
    peer: string | undefined;
  }

  const refuse = (caller: Caller, error: OAuthError): Response => {
    logger.info('Access token refused', {
      mode: options.mode,
      error: error.code,
      reason: error.message,
      method: caller.method,
      peer: caller.peer,
    });
    if (error.code === OAuthErrorCode.TemporarilyUnavailable) {
      return noStore(Response.json(error.toResponseObject(), { status: 503 }), { 'retry-after': '5' });
    }
    return noStore(bearerAuthChallengeResponse(error, challenge));
  };

  const badRequest = (description: string): Response =>
    noStore(
      Response.json(new OAuthError(OAuthErrorCode.InvalidRequest, description).toResponseObject(), {
        status: 400,
      }),
      { 'www-authenticate': `Bearer error="invalid_request", resource_metadata=${quoted(metadataUrl)}` },
    );

  /** The metadata document's answer to `method`: CORS-open, cacheable. */
  const metadataAnswer = (method: string | undefined): Response => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, OPTIONS',
    };
    if (method === 'OPTIONS') {
      return new Response(null, {
        status: 204,
        headers: { ...cors, 'access-control-allow-headers': 'mcp-protocol-version' },
      });
    }
    if (method === 'GET' || method === 'HEAD') {
      return new Response(method === 'GET' ? metadataBody : null, {
        status: 200,
        headers: {
          ...cors,
          'content-type': 'application/json',
          'content-length': metadataLength,
          'cache-control': 'public, max-age=300',
        },
      });
    }
    return new Response(null, { status: 405, headers: { allow: 'GET, HEAD, OPTIONS' } });
  };

  /**
   * Authenticates a request to the MCP endpoint from its target, method and `Authorization`
   * header values: the AuthInfo, or the Response that refuses it.
   */
  const check = async (
    target: string,
    authorizations: readonly string[],
    caller: Caller,
  ): Promise<AuthInfo | Response> => {
    const query = new URL(target, 'http://localhost').searchParams;
    if (query.has('access_token')) {
      logger.info('Access token refused', { mode: options.mode, error: 'token_in_query', peer: caller.peer });
      return badRequest(
        'Access tokens in the URL are refused (they end up in logs and browser history): send it in the Authorization header, as Authorization: Bearer <token>.',
      );
    }
    if (authorizations.length > 1) return badRequest('Send one Authorization header, not several.');
    const header = authorizations[0];
    if (header === undefined || header === '') {
      // RFC 6750 section 3.1: no error code when the request had no credentials.
      logger.debug('Access token missing', { method: caller.method, peer: caller.peer });
      return noStore(
        Response.json(
          {
            error: OAuthErrorCode.InvalidToken,
            error_description: `This server needs an access token: get one from the authorization server its metadata names (${metadataUrl}) and send it as Authorization: Bearer <token>.`,
          },
          { status: 401, headers: { 'www-authenticate': `Bearer resource_metadata=${quoted(metadataUrl)}` } },
        ),
      );
    }
    if (new TextEncoder().encode(header).byteLength > MAX_AUTHORIZATION_BYTES) {
      return refuse(
        caller,
        new OAuthError(
          OAuthErrorCode.InvalidToken,
          `The Authorization header is longer than ${MAX_AUTHORIZATION_BYTES} bytes, more than any token this server accepts: send the access token the authorization server issued.`,
        ),
      );
    }
    const token = BEARER.exec(header)?.[1];
    if (token === undefined) {
      return refuse(
        caller,
        new OAuthError(
          OAuthErrorCode.InvalidToken,
          'The Authorization header is not of the form "Bearer <token>": send the access token as Authorization: Bearer <token>.',
        ),
      );
    }
    try {
      return await verifyBearerToken(`Bearer ${token}`, { verifier, ...challenge });
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error; // a bug: logged and answered 500 by the server
      return refuse(caller, error);
    }
  };

  const scopeRefusal = (auth: AuthContext, toolName: string, needed: string): Response => {
    // The scopes the token has plus the one missing: a client that signs in again with these
    // keeps what it could do (MCP authorization, step-up).
    const requiredScopes = [...new Set([...auth.scopes, needed])];
    logger.info('Tool call refused: scope missing', { tool: toolName, needed, subject: auth.subject });
    return noStore(
      bearerAuthChallengeResponse(
        new OAuthError(OAuthErrorCode.InsufficientScope, missingScopeMessage(toolName, needed)),
        { ...challenge, requiredScopes },
      ),
    );
  };

  return {
    mode: options.mode,
    resource,
    metadataUrl,
    metadata,

    endpointsNeedNode: options.endpoints !== undefined,

    async serveEndpoints(req, res, pathname) {
      if (metadataPaths.has(pathname)) {
        await send(res, metadataAnswer(req.method));
        return true;
      }
      return options.endpoints ? options.endpoints.handle(req, res, pathname) : false;
    },

    metadataResponse(request, pathname) {
      return metadataPaths.has(pathname) ? metadataAnswer(request.method) : undefined;
    },

    async authenticate(req, res) {
      const authorizations: string[] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if ((req.rawHeaders[i] as string).toLowerCase() === 'authorization') {
          authorizations.push(req.rawHeaders[i + 1] as string);
        }
      }
      const answer = await check(req.url ?? '/', authorizations, {
        method: req.method,
        peer: req.socket.remoteAddress,
      });
      if (!(answer instanceof Response)) return answer;
      await send(res, answer);
      return undefined;
    },

    authenticateRequest(request, peer) {
      return check(request.url, authorizationValues(request.headers), { method: request.method, peer });
    },

    async refuseScope(res, auth, toolName, needed) {
      await send(res, scopeRefusal(auth, toolName, needed));
    },

    scopeRefusal,

    async close() {
      await options.endpoints?.close?.();
    },
  };
}
