/**
 * Pass-through mode on core's Streamable HTTP server: a resource server (what `serveHttp`'s `auth`
 * takes) that authenticates each MCP request by the gateway's header (passthrough-authenticator.ts)
 * — after the MCP bearer token, when `--auth` set a resource server too (`inner`), whose metadata,
 * endpoints and scope refusals it keeps. A request the header does not authenticate is answered
 * 400 with what the gateway must send, before its body is read; Tracker is not called.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@toolsmith/core';
import { authContextOf, TOKEN_PLACEHOLDER, type ResourceServer } from '@toolsmith/core/auth';
import type { PassthroughAuthenticator, RequestHeaders } from './passthrough-authenticator.ts';
import { UpstreamCredentialsError } from './upstream-credentials-error.ts';

/** The SDK's AuthInfo, as a resource server hands it on (`req.auth`). */
type AuthInfo = NonNullable<Awaited<ReturnType<ResourceServer['authenticate']>>>;

export interface PassthroughResourceServerOptions {
  authenticator: PassthroughAuthenticator;
  /** The resource server of `--auth` (jwt, introspection, api-key), when the MCP token is checked too. */
  inner?: ResourceServer | undefined;
  /** The canonical MCP URL (without `inner`). */
  resource: URL;
  logger?: Logger;
}

export function createPassthroughResourceServer(options: PassthroughResourceServerOptions): ResourceServer {
  const { authenticator, inner, logger } = options;
  /** The 400 a request without usable pass-through credentials gets: what the gateway must send. */
  const refusal = (error: UpstreamCredentialsError, method: string | undefined, peer: string | undefined) => {
    logger?.info('Request refused: no usable pass-through credentials', {
      header: authenticator.header,
      method,
      peer,
    });
    return Response.json(
      { error: 'invalid_request', error_description: error.message },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  };
  /** The request's AuthInfo from the gateway's header (and the MCP token's, when verified). */
  const authInfoOf = (headers: RequestHeaders, verified: AuthInfo | undefined): AuthInfo => {
    const context = authenticator.authenticate(headers, authContextOf(verified));
    return {
      ...(verified ?? {}),
      token: TOKEN_PLACEHOLDER,
      clientId: context.clientId,
      scopes: [...context.scopes],
      expiresAt: context.expiresAt ?? verified?.expiresAt ?? Math.floor(Date.now() / 1000) + 60,
      extra: context as unknown as Record<string, unknown>,
    };
  };
  const send = async (res: ServerResponse, response: Response) => {
    const text = await response.text();
    res
      .writeHead(response.status, {
        ...Object.fromEntries(response.headers),
        'content-length': String(Buffer.byteLength(text)),
      })
      .end(text);
  };
  const forbidden = () => Response.json({ error: 'insufficient_scope' }, { status: 403 });
  return {
    mode: inner?.mode ?? 'api-key',
    resource: inner?.resource ?? options.resource,
    metadataUrl:
      inner?.metadataUrl ?? new URL('/.well-known/oauth-protected-resource', options.resource).href,
    metadata: inner?.metadata ?? { resource: options.resource.href },
    endpointsNeedNode: inner?.endpointsNeedNode ?? false,
    // Without `inner` there is no authorization server to announce: nothing but /mcp is served.
    serveEndpoints: (req, res, pathname) =>
      inner ? inner.serveEndpoints(req, res, pathname) : Promise.resolve(false),
    metadataResponse: (request, pathname) => inner?.metadataResponse(request, pathname),
    async authenticate(req: IncomingMessage, res: ServerResponse) {
      const verified = inner ? await inner.authenticate(req, res) : undefined;
      if (inner && verified === undefined) return undefined; // inner answered (401, 400, 503)
      try {
        return authInfoOf(req.headers, verified);
      } catch (error) {
        if (!UpstreamCredentialsError.isInstance(error)) throw error;
        await send(res, refusal(error, req.method, req.socket.remoteAddress));
        return undefined;
      }
    },
    async authenticateRequest(request, peer) {
      const verified = inner ? await inner.authenticateRequest(request, peer) : undefined;
      if (verified instanceof Response) return verified; // inner refused (401, 400, 503)
      try {
        return authInfoOf(request.headers, verified);
      } catch (error) {
        if (!UpstreamCredentialsError.isInstance(error)) throw error;
        return refusal(error, request.method, peer);
      }
    },
    refuseScope: (res, auth, toolName, needed) =>
      inner ? inner.refuseScope(res, auth, toolName, needed) : send(res, forbidden()),
    scopeRefusal: (auth, toolName, needed) =>
      inner ? inner.scopeRefusal(auth, toolName, needed) : forbidden(),
    close: () => inner?.close() ?? Promise.resolve(),
  };
}
