import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { createTrackerClient } from '../api/tracker-client.ts';
import { createYandexOAuthProvider, type YandexOAuthProvider } from './yandex-oauth-provider.ts';

const CALLBACK = 'http://127.0.0.1:9/oauth/callback';

let emulator: TrackerEmulator;
let provider: YandexOAuthProvider;

beforeAll(async () => {
  emulator = await createTrackerEmulator();
  emulator.oauth.addRedirectUri(CALLBACK);
  provider = createYandexOAuthProvider({
    clientId: emulator.oauth.clientId,
    clientSecret: emulator.oauth.clientSecret,
    oauthBase: emulator.oauth.base,
    loginBase: emulator.oauth.loginBase,
  });
});
afterAll(() => emulator.close());

/** Follows the authorize URL as a browser would, up to the redirect to the callback: its code. */
async function authorize(loginHint: string, state = 'st-1'): Promise<string> {
  const url = provider.authorizeUrl({ state, redirectUri: CALLBACK, loginHint });
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code')!;
}

describe('Yandex OAuth provider', () => {
  it('builds the authorize URL Yandex takes', () => {
    const url = new URL(provider.authorizeUrl({ state: 's', redirectUri: CALLBACK, loginHint: 'bob' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${emulator.oauth.base}/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: emulator.oauth.clientId,
      redirect_uri: CALLBACK,
      state: 's',
      login_hint: 'bob',
    });
  });

  it('logs a user in: code → OAuth tokens that act as that user in Tracker, identified by Yandex ID', async () => {
    const tokens = await provider.exchangeCode({ code: await authorize('bob'), redirectUri: CALLBACK });
    expect(tokens.scheme).toBe('OAuth');
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const bob = emulator.state.users.find((user) => user.login === 'bob')!;
    expect(await provider.identify(tokens)).toEqual({
      id: String(bob.uid),
      name: expect.stringContaining('Bob'),
      email: 'bob@example.org',
    });
    const client = createTrackerClient({
      baseUrl: emulator.url,
      auth: { scheme: tokens.scheme, token: tokens.accessToken },
      org: { header: 'X-Org-ID', id: emulator.orgId },
      retries: 0,
    });
    expect(await client.get('/v2/myself')).toMatchObject({ login: 'bob' });

    const refreshed = await provider.refresh(tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(await provider.identify(refreshed)).toMatchObject({ id: String(bob.uid) });
  });

  it('refuses a code used twice, and a wrong client secret, without repeating a secret', async () => {
    const code = await authorize('alice');
    await provider.exchangeCode({ code, redirectUri: CALLBACK });
    const reused = await provider.exchangeCode({ code, redirectUri: CALLBACK }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(reused?.message).toMatch(
      /^Yandex OAuth refused the login code \(HTTP 400, invalid_grant: .+\)\. Sign in again/,
    );
    expect(reused?.message).not.toContain(code);

    const wrong = createYandexOAuthProvider({
      clientId: emulator.oauth.clientId,
      clientSecret: 'not-the-secret-8c1e',
      oauthBase: emulator.oauth.base,
      loginBase: emulator.oauth.loginBase,
    });
    const refused = await wrong.exchangeCode({ code: await authorize('alice'), redirectUri: CALLBACK }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(refused!.message).toMatch(/^Yandex OAuth refused the login code \(HTTP 40\d/);
    expect(refused!.message).toContain('check YANDEX_OAUTH_CLIENT_ID, YANDEX_OAUTH_CLIENT_SECRET');
    expect(refused!.message).not.toContain('not-the-secret-8c1e');
    await expect(provider.refresh('not-a-refresh-token')).rejects.toThrow(
      /^Yandex OAuth refused the user's refresh token \(HTTP 400.*sign in again\.$/,
    );
    await expect(provider.identify({ accessToken: 'not-a-token' })).rejects.toThrow(
      'Yandex ID did not accept the token',
    );
  });
});
