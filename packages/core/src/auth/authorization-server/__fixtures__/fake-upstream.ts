/**
 * A tiny upstream OAuth provider on node:http, standing in for ClickUp's or Yandex's OAuth in the
 * authorization server's tests: `GET /authorize` approves at once (302 to the redirect URI with a
 * code) when `login_hint` names one of its users and shows a page otherwise, `POST /token` takes
 * form-encoded authorization-code and refresh-token grants (single-use codes, rotating refresh
 * tokens), `GET /me` says who holds a bearer token. Everything it issued is listed, so tests can
 * look for it where it must not be.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  authorizationHeader,
  createOAuth2UpstreamProvider,
  type UpstreamProvider,
} from '../upstream-provider.ts';

export interface FakeUser {
  id: string;
  name: string;
  email: string;
}

export interface FakeUpstream {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Every access and refresh token it handed out, and every code. */
  readonly issued: string[];
  /** Token endpoint calls by grant type. */
  readonly calls: { authorization_code: number; refresh_token: number };
  /** Lifetime of the access tokens it issues, in seconds; undefined: they never expire. */
  expiresIn: number | undefined;
  /** Makes the next token call fail with this status. */
  failNextToken?: number;
  /** An UpstreamProvider for it, as an app would build one. */
  provider(): UpstreamProvider;
  close(): Promise<void>;
}

export async function startFakeUpstream(users: Record<string, FakeUser>): Promise<FakeUpstream> {
  const clientId = 'fake-app';
  const clientSecret = randomBytes(16).toString('base64url');
  const codes = new Map<string, { login: string; redirectUri: string }>();
  const accessTokens = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const issued: string[] = [];
  const calls = { authorization_code: 0, refresh_token: 0 };
  const fresh = () => {
    const value = randomBytes(24).toString('base64url');
    issued.push(value);
    return value;
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => json(res, 500, { error: String(error) }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://upstream');
    if (req.method === 'GET' && url.pathname === '/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const state = url.searchParams.get('state') ?? '';
      const login = url.searchParams.get('login_hint');
      if (url.searchParams.get('client_id') !== clientId) return json(res, 400, { error: 'invalid_client' });
      if (login === 'refuse') {
        return redirect(res, `${redirectUri}?${new URLSearchParams({ error: 'access_denied', state })}`);
      }
      if (!login || !users[login]) {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<form>Sign in to Fake</form>');
        return;
      }
      const code = fresh();
      codes.set(code, { login, redirectUri });
      return redirect(res, `${redirectUri}?${new URLSearchParams({ code, state })}`);
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await body(req));
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        return json(res, 401, { error: 'invalid_client' });
      }
      if (upstream.failNextToken) {
        const status = upstream.failNextToken;
        upstream.failNextToken = undefined;
        return json(res, status, { error: 'temporarily_unavailable' });
      }
      let login: string | undefined;
      const grantType = form.get('grant_type');
      if (grantType === 'authorization_code') {
        calls.authorization_code++;
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (code && code.redirectUri === form.get('redirect_uri')) login = code.login;
      } else if (grantType === 'refresh_token') {
        calls.refresh_token++;
        login = refreshTokens.get(form.get('refresh_token') ?? '');
        refreshTokens.delete(form.get('refresh_token') ?? '');
      }
      if (!login) return json(res, 400, { error: 'invalid_grant' });
      const access = fresh();
      const refresh = fresh();
      accessTokens.set(access, login);
      refreshTokens.set(refresh, login);
      return json(res, 200, {
        access_token: access,
        refresh_token: refresh,
        token_type: 'bearer',
        ...(upstream.expiresIn === undefined ? {} : { expires_in: upstream.expiresIn }),
      });
    }
    if (req.method === 'GET' && url.pathname === '/me') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const login = token ? accessTokens.get(token) : undefined;
      if (!login) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, users[login]);
    }
    json(res, 404, { error: 'not_found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const upstream: FakeUpstream = {
    url,
    clientId,
    clientSecret,
    issued,
    calls,
    expiresIn: undefined,
    provider() {
      return createOAuth2UpstreamProvider({
        name: 'fake',
        authorizationEndpoint: `${url}/authorize`,
        tokenEndpoint: `${url}/token`,
        clientId,
        clientSecret,
        async identify(tokens, fetch, signal) {
          const response = await fetch(`${url}/me`, {
            headers: {
              authorization: authorizationHeader({ scheme: tokens.scheme, token: tokens.accessToken }),
            },
            ...(signal ? { signal } : {}),
          });
          if (!response.ok) throw new Error(`Fake /me answered ${response.status}`);
          const user = (await response.json()) as FakeUser;
          return { id: user.id, name: user.name, email: user.email };
        },
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return upstream;
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location }).end();
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
