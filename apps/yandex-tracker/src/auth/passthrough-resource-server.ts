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
import type { PassthroughAuthenticator } from './passthrough-authenticator.ts';
import { UpstreamCredentialsError } from './upstream-credentials-error.ts';

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
  const refuse = (req: IncomingMessage, res: ServerResponse, error: UpstreamCredentialsError) => {
    logger?.info('Request refused: no usable pass-through credentials', {
      header: authenticator.header,
      method: req.method,
      peer: req.socket.remoteAddress,
    });
    const body = JSON.stringify({ error: 'invalid_request', error_description: error.message });
    res
      .writeHead(400, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'cache-control': 'no-store',
      })
      .end(body);
  };
  return {
    mode: inner?.mode ?? 'api-key',
    resource: inner?.resource ?? options.resource,
    metadataUrl:
      inner?.metadataUrl ?? new URL('/.well-known/oauth-protected-resource', options.resource).href,
    metadata: inner?.metadata ?? { resource: options.resource.href },
    // Without `inner` there is no authorization server to announce: nothing but /mcp is served.
    serveEndpoints: (req, res, pathname) =>
      inner ? inner.serveEndpoints(req, res, pathname) : Promise.resolve(false),
    async authenticate(req, res) {
      const verified = inner ? await inner.authenticate(req, res) : undefined;
      if (inner && verified === undefined) return undefined; // inner answered (401, 400, 503)
      try {
        const context = authenticator.authenticate(req.headers, authContextOf(verified));
        return {
          ...(verified ?? {}),
          token: TOKEN_PLACEHOLDER,
          clientId: context.clientId,
          scopes: [...context.scopes],
          expiresAt: context.expiresAt ?? verified?.expiresAt ?? Math.floor(Date.now() / 1000) + 60,
          extra: context as unknown as Record<string, unknown>,
        };
      } catch (error) {
        if (!UpstreamCredentialsError.isInstance(error)) throw error;
        refuse(req, res, error);
        return undefined;
      }
    },
    refuseScope: (res, auth, toolName, needed) =>
      inner
        ? inner.refuseScope(res, auth, toolName, needed)
        : Promise.resolve(void res.writeHead(403, { 'content-type': 'application/json' }).end('{}')),
    close: () => inner?.close() ?? Promise.resolve(),
  };
}
