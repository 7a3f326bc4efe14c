/**
 * An MCP server behind core's built-in authorization server, for the sign-in tests: serveHttp on
 * 127.0.0.1 with two tools — `whoami` (read: the caller's upstream token, which names the user)
 * and `touch` (write) — the authorization server on the same origin (memory store), and as the
 * login it delegates to, a fake API on another origin: `GET /login` sets a cookie on `/login` and
 * sends the browser to `/login/approve`, which approves the `login_hint` user at once when the
 * cookie came back (a 302 to the authorization server's callback with the code), and answers a
 * page otherwise (no user, or no cookie).
 */
import { z } from 'zod';
import { BaseTool, defineToolMetadata, silentLogger, ToolRegistry, type ToolContext } from '@toolsmith/core';
import { createResourceServer } from '@toolsmith/core/auth';
import {
  createAuthorizationServer,
  type AuthorizationServer,
  type UpstreamProvider,
} from '@toolsmith/core/auth/authorization-server';
import { serveHttp, type RunningHttpServer } from '@toolsmith/core/mcp';
import { createFakeApi, type FakeApi, type FakeResponse } from '../../fake-api/fake-api.ts';

const noParams = z.object({});

class WhoAmITool extends BaseTool<object, typeof noParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'whoami',
    description: 'Who is calling: the upstream token the server holds for the caller.',
    category: 'auth',
    annotations: { readOnlyHint: true },
  });
  override getParamsSchema() {
    return noParams;
  }
  async execute(_: object, ctx: ToolContext<object>) {
    const credentials = await ctx.auth?.upstreamCredentials?.();
    return { upstreamToken: credentials?.token ?? null, scopes: ctx.auth?.scopes ?? [] };
  }
}

class TouchTool extends BaseTool<object, typeof noParams> {
  static override readonly METADATA = defineToolMetadata({
    name: 'touch',
    description: 'A write: needs the write scope.',
    category: 'auth',
    annotations: { readOnlyHint: false },
  });
  override getParamsSchema() {
    return noParams;
  }
  async execute() {
    return { touched: true };
  }
}

export interface OAuthMcpServer {
  /** The MCP endpoint. */
  readonly url: string;
  readonly issuer: string;
  /** The login page's fake API (its `requests`). */
  readonly login: FakeApi;
  close(): Promise<void>;
}

/** The upstream token of `user`: what `whoami` answers for them. */
export const upstreamTokenOf = (user: string) => `upstream-token-of-${user}`;

export async function startOAuthMcpServer(options: { auth?: boolean } = {}): Promise<OAuthMcpServer> {
  const login = await createFakeApi({
    routes: {
      'GET /login': (req) => ({
        status: 302,
        headers: {
          location: `/login/approve?${new URLSearchParams(req.query as Record<string, string>)}`,
          'set-cookie': 'login-session=started; Path=/login; HttpOnly',
        },
      }),
      'GET /login/approve': (req): FakeResponse => {
        const { login_hint: user, redirect_uri: redirectUri, state } = req.query as Record<string, string>;
        if (!user || req.headers['cookie'] !== 'login-session=started') {
          return { status: 200, headers: { 'content-type': 'text/html' }, text: '<form>Sign in</form>' };
        }
        const back = new URL(redirectUri!);
        back.search = new URLSearchParams({ code: user, state: state ?? '' }).toString();
        return { status: 302, headers: { location: back.href } };
      },
    },
  });
  const upstream: UpstreamProvider = {
    name: 'fake',
    authorizeUrl: ({ state, redirectUri, loginHint }) =>
      `${login.url}/login?${new URLSearchParams({ state, redirect_uri: redirectUri, login_hint: loginHint ?? '' })}`,
    exchangeCode: async ({ code }) => ({ accessToken: upstreamTokenOf(code), scheme: 'Bearer' }),
    identify: async (tokens) => ({ id: tokens.accessToken.slice(upstreamTokenOf('').length) }),
  };
  let authorizationServer: AuthorizationServer | undefined;
  const server: RunningHttpServer = await serveHttp({
    name: 'oauth-test',
    version: '1.0.0',
    registry: new ToolRegistry<object>().register(new WhoAmITool(), new TouchTool()),
    deps: {},
    logger: silentLogger,
    searchTools: false,
    port: 0,
    ...(options.auth === false
      ? {}
      : {
          auth: async ({ url }: { url: URL }) => {
            authorizationServer = await createAuthorizationServer({
              issuer: url.origin,
              resource: url,
              upstream,
              env: {},
              logger: silentLogger,
            });
            return createResourceServer({
              mode: 'builtin',
              resource: url,
              authorizationServers: authorizationServer.authorizationServers,
              verifier: authorizationServer.verifier,
              endpoints: authorizationServer.endpoints,
              logger: silentLogger,
            });
          },
        }),
  });
  return {
    url: server.url,
    issuer: new URL(server.url).origin,
    login,
    async close() {
      await server.close();
      await authorizationServer?.close();
      await login.close();
    },
  };
}
