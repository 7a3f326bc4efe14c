/**
 * The ClickUp OAuth provider against the emulator's OAuth (ClickUp's authorization-code flow over
 * real HTTP): the authorize URL ClickUp documents, a headless approval with login_hint, the code
 * exchanged with query parameters for a Bearer token that acts as its user, the user identified by
 * GET /user; a reused code and a wrong secret refused with what to do, never the code or secret.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClickUpEmulator, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { createClickUpOAuthProvider } from './clickup-oauth-provider.ts';

const CALLBACK = 'http://127.0.0.1:3999/oauth/callback';
let clickup: ClickUpEmulator;

beforeAll(async () => {
  clickup = await createClickUpEmulator({ oauth: { redirectUris: [CALLBACK] } });
});
afterAll(async () => {
  await clickup.close();
});

const provider = (clientSecret = clickup.oauth.clientSecret) =>
  createClickUpOAuthProvider({
    clientId: clickup.oauth.clientId,
    clientSecret,
    authorizeUrl: clickup.oauth.authorizeUrl,
    apiBase: clickup.url,
    timeoutMs: 5000,
  });

/** The browser's part: the authorize URL, approved headlessly, back at the callback with a code. */
async function approve(url: URL): Promise<{ code: string | null; state: string | null }> {
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return { code: back.searchParams.get('code'), state: back.searchParams.get('state') };
}

describe('ClickUp OAuth as the upstream login', () => {
  it("builds ClickUp's authorize URL: client_id, redirect_uri, state, and login_hint when given", () => {
    const url = new URL(
      provider().authorizeUrl({ state: 's-1', redirectUri: CALLBACK, loginHint: 'bob@example.com' }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(clickup.oauth.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      state: 's-1',
      login_hint: 'bob@example.com',
    });
    const plain = new URL(provider().authorizeUrl({ state: 's-2', redirectUri: CALLBACK }));
    expect(plain.searchParams.has('login_hint')).toBe(false);
  });

  it('exchanges the code with query parameters for a Bearer token that acts as the user who approved', async () => {
    const upstream = provider();
    const { code, state } = await approve(
      new URL(upstream.authorizeUrl({ state: 'st', redirectUri: CALLBACK, loginHint: 'bob@example.com' })),
    );
    expect(state).toBe('st');
    const mark = clickup.requests.length;
    const tokens = await upstream.exchangeCode({ code: code!, redirectUri: CALLBACK });
    expect(tokens).toEqual({ accessToken: expect.any(String), scheme: 'Bearer' });
    expect(tokens.refreshToken).toBeUndefined();
    expect(tokens.expiresAt).toBeUndefined();
    const exchange = clickup.requests.slice(mark).find((r) => r.path === '/api/v2/oauth/token')!;
    expect(exchange.method).toBe('POST');
    expect(exchange.query).toEqual({
      client_id: clickup.oauth.clientId,
      client_secret: clickup.oauth.clientSecret,
      code,
    });
    const account = await upstream.identify(tokens);
    expect(account).toEqual({ id: '81000002', name: 'Bob Chen', email: 'bob@example.com' });
    const me = await fetch(`${clickup.url}/user`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(((await me.json()) as { user: { id: number } }).user.id).toBe(81000002);
  });

  it('a reused code: refused with ClickUp’s code and what to do, without the code or the secret', async () => {
    const upstream = provider();
    const { code } = await approve(
      new URL(upstream.authorizeUrl({ state: 'st', redirectUri: CALLBACK, loginHint: 'alice@example.com' })),
    );
    await upstream.exchangeCode({ code: code!, redirectUri: CALLBACK });
    const error = await upstream.exchangeCode({ code: code!, redirectUri: CALLBACK }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toMatch(/^ClickUp refused the sign-in code \(HTTP 400, OAUTH_014 Code invalid\)/);
    expect(error?.message).toContain('Sign in again');
    expect(error?.message).not.toContain(code!);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain(
      clickup.oauth.clientSecret,
    );
  });

  it('a wrong client secret: refused naming the variables to check, never the secret', async () => {
    const upstream = provider('wrong-secret-value');
    const { code } = await approve(
      new URL(upstream.authorizeUrl({ state: 'st', redirectUri: CALLBACK, loginHint: 'alice@example.com' })),
    );
    const error = await upstream.exchangeCode({ code: code!, redirectUri: CALLBACK }).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { message?: string; url?: string } },
    );
    expect(error?.message).toContain('OAUTH_010');
    expect(error?.message).toContain('CLICKUP_OAUTH_CLIENT_SECRET');
    const everything = `${error?.message} ${error?.cause?.message} ${error?.cause?.url}`;
    expect(everything).not.toContain('wrong-secret-value');
    expect(everything).not.toContain(code!);
  });

  it('a token ClickUp no longer accepts: identify says to sign in again', async () => {
    const upstream = provider();
    const { code } = await approve(
      new URL(upstream.authorizeUrl({ state: 'st', redirectUri: CALLBACK, loginHint: 'carol@example.com' })),
    );
    const tokens = await upstream.exchangeCode({ code: code!, redirectUri: CALLBACK });
    clickup.oauth.revokeToken(tokens.accessToken);
    await expect(upstream.identify(tokens)).rejects.toThrow(/sign in again/);
  });
});
