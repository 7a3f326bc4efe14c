import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { authorizationHeader, createOAuth2UpstreamProvider } from './upstream-provider.ts';

interface Seen {
  method: string;
  url: URL;
  contentType?: string;
  body: string;
}

const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };
let base: string;
const server = createServer((req, res) => {
  void read(req).then((body) => {
    seen.push({
      method: req.method!,
      url: new URL(req.url!, base),
      contentType: req.headers['content-type'],
      body,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
});

async function read(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const identify = async () => ({ id: '1' });

describe('createOAuth2UpstreamProvider', () => {
  it('builds the authorize URL with state, redirect URI, scope, login_hint and extra parameters', () => {
    const provider = createOAuth2UpstreamProvider({
      name: 'yandex',
      authorizationEndpoint: 'https://oauth.yandex.ru/authorize',
      tokenEndpoint: 'https://oauth.yandex.ru/token',
      clientId: 'app',
      clientSecret: 'secret',
      scope: 'tracker:read tracker:write',
      authorizeParams: { force_confirm: 'yes' },
      identify,
    });
    const url = new URL(
      provider.authorizeUrl({
        state: 'st',
        redirectUri: 'https://mcp.example.com/oauth/callback',
        loginHint: 'alice',
      }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'app',
      redirect_uri: 'https://mcp.example.com/oauth/callback',
      state: 'st',
      scope: 'tracker:read tracker:write',
      login_hint: 'alice',
      force_confirm: 'yes',
    });
    expect(url.origin + url.pathname).toBe('https://oauth.yandex.ru/authorize');
  });

  it('form: RFC 6749 token request with the client credentials in the body; expiry from expires_in', async () => {
    answer = {
      status: 200,
      body: { access_token: 'at', refresh_token: 'rt', expires_in: 3600, token_type: 'bearer' },
    };
    const provider = createOAuth2UpstreamProvider({
      name: 'yandex',
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      clientId: 'app',
      clientSecret: 'secret',
      scheme: 'OAuth',
      identify,
      now: () => 1_000_000,
    });
    const tokens = await provider.exchangeCode({ code: 'c', redirectUri: 'https://mcp/cb' });
    expect(tokens).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      expiresAt: 1000 + 3600,
      scheme: 'OAuth',
    });
    const request = seen.at(-1)!;
    expect(request.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({
      grant_type: 'authorization_code',
      code: 'c',
      redirect_uri: 'https://mcp/cb',
      client_id: 'app',
      client_secret: 'secret',
    });
    expect(authorizationHeader({ scheme: tokens.scheme, token: tokens.accessToken })).toBe('OAuth at');
    // A refresh answered without a new refresh token keeps the old one.
    answer = { status: 200, body: { access_token: 'at2', expires_in: 60 } };
    expect(await provider.refresh!('rt')).toMatchObject({ accessToken: 'at2', refreshToken: 'rt' });
    expect(new URLSearchParams(seen.at(-1)!.body).get('grant_type')).toBe('refresh_token');
  });

  it("query: ClickUp's POST {token}?client_id&client_secret&code, no body; tokens that do not expire", async () => {
    answer = { status: 200, body: { access_token: 'pk_oauth', token_type: 'Bearer' } };
    const provider = createOAuth2UpstreamProvider({
      name: 'clickup',
      authorizationEndpoint: `${base}/api`,
      tokenEndpoint: `${base}/api/v2/oauth/token`,
      clientId: 'app',
      clientSecret: 'secret',
      tokenRequest: 'query',
      identify,
    });
    expect(await provider.exchangeCode({ code: 'c', redirectUri: 'x' })).toEqual({
      accessToken: 'pk_oauth',
      scheme: 'Bearer',
    });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/v2/oauth/token');
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      client_id: 'app',
      client_secret: 'secret',
      code: 'c',
    });
    expect(request.body).toBe('');
  });

  it('a refused token request names the status and the provider error, never the secret or the code', async () => {
    answer = { status: 400, body: { error: 'invalid_grant', error_description: 'Code has expired' } };
    const provider = createOAuth2UpstreamProvider({
      name: 'yandex',
      authorizationEndpoint: `${base}/authorize`,
      tokenEndpoint: `${base}/token`,
      clientId: 'app',
      clientSecret: 'very-secret-value',
      identify,
    });
    const error = (await provider
      .exchangeCode({ code: 'secret-code', redirectUri: 'x' })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).toBe(
      "yandex refused the token request with HTTP 400: invalid_grant (Code has expired). Check the yandex OAuth app's client id, secret and redirect URI, then sign in again.",
    );
    answer = { status: 200, body: { token_type: 'bearer' } };
    await expect(provider.exchangeCode({ code: 'c', redirectUri: 'x' })).rejects.toThrow(
      /answered without an access_token/,
    );
  });
});
