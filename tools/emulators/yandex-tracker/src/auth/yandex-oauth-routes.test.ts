/**
 * Yandex OAuth and Yandex ID on the emulator, over raw HTTP: authorize (headless with `login_hint`,
 * a consent page without), the token endpoint (code with and without PKCE, refresh, client auth in
 * the body or Basic), every error, `/info`, then Tracker acting as the token's user until the token
 * expires.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '../create-tracker-emulator.ts';

const CALLBACK = 'http://127.0.0.1:9/oauth/callback';
const OTHER_CALLBACK = 'http://127.0.0.1:9/other';

let tracker: TrackerEmulator;
let now = Date.parse('2026-11-20T10:00:00.000Z');
beforeAll(async () => {
  tracker = await createTrackerEmulator({
    now: () => now,
    oauth: { redirectUris: [CALLBACK, OTHER_CALLBACK] },
  });
});
afterAll(() => tracker.close());
beforeEach(() => {
  tracker.reset();
  tracker.oauth.accessTokenTtlSeconds = 31_536_000;
});

const authorize = (params: Record<string, string>) =>
  fetch(`${tracker.oauth.authorizeUrl}?${new URLSearchParams(params)}`, { redirect: 'manual' });

async function codeFor(login: string, extra: Record<string, string> = {}): Promise<string> {
  const response = await authorize({
    response_type: 'code',
    client_id: tracker.oauth.clientId,
    redirect_uri: CALLBACK,
    state: 'st',
    login_hint: login,
    ...extra,
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe('st');
  return location.searchParams.get('code')!;
}

interface TokenAnswer {
  status: number;
  json: Record<string, unknown>;
}

async function token(
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<TokenAnswer> {
  const response = await fetch(tracker.oauth.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const client = () => ({ client_id: tracker.oauth.clientId, client_secret: tracker.oauth.clientSecret });

async function loginAs(login: string): Promise<Record<string, unknown>> {
  const answer = await token({ grant_type: 'authorization_code', code: await codeFor(login), ...client() });
  expect(answer.status).toBe(200);
  return answer.json;
}

const tracked = (path: string, accessToken: string, init: RequestInit = {}) =>
  fetch(`${tracker.url}${path}`, {
    ...init,
    headers: {
      authorization: `OAuth ${accessToken}`,
      'x-org-id': tracker.orgId,
      'content-type': 'application/json',
    },
  });

describe('authorize with login_hint and the code exchange', () => {
  it('approves headlessly and answers {token_type, access_token, refresh_token, expires_in}', async () => {
    const json = await loginAs('bob');
    expect(Object.keys(json).sort()).toEqual(['access_token', 'expires_in', 'refresh_token', 'token_type']);
    expect(json).toMatchObject({ token_type: 'bearer', expires_in: 31_536_000 });
    expect(json['access_token']).toMatch(/^y0_/);
    expect(json['refresh_token']).toMatch(/^1:/);
  });

  it('/info identifies the token’s user', async () => {
    const { access_token } = await loginAs('carol@example.org');
    const response = await fetch(tracker.oauth.infoUrl, {
      headers: { authorization: `OAuth ${access_token}` },
    });
    expect(response.status).toBe(200);
    const carol = tracker.state.users.find((u) => u.login === 'carol')!;
    expect(await response.json()).toMatchObject({
      id: String(carol.uid),
      login: 'carol',
      client_id: tracker.oauth.clientId,
      display_name: 'Carol Smirnova',
      default_email: 'carol@example.org',
    });
    expect((await fetch(tracker.oauth.infoUrl)).status).toBe(401);
    const bearer = await fetch(tracker.oauth.infoUrl, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(bearer.status).toBe(401);
  });

  it('takes the client credentials as Basic too, and refuses a wrong secret or an unknown client', async () => {
    const basic = (id: string, secret: string) => ({
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    });
    const ok = await token(
      { grant_type: 'authorization_code', code: await codeFor('bob') },
      basic(tracker.oauth.clientId, tracker.oauth.clientSecret),
    );
    expect(ok.status).toBe(200);
    const code = await codeFor('bob');
    expect(
      await token({ grant_type: 'authorization_code', code }, basic(tracker.oauth.clientId, 'x')),
    ).toEqual({
      status: 400,
      json: { error: 'invalid_client', error_description: 'Wrong client secret' },
    });
    expect(
      await token({ grant_type: 'authorization_code', code, client_id: 'nope', client_secret: 'x' }),
    ).toMatchObject({
      status: 400,
      json: { error: 'invalid_client', error_description: 'Client not found' },
    });
    // A refused client does not spend the code.
    expect((await token({ grant_type: 'authorization_code', code, ...client() })).status).toBe(200);
  });

  it('a code is single use and lives 10 minutes', async () => {
    const code = await codeFor('bob');
    expect((await token({ grant_type: 'authorization_code', code, ...client() })).status).toBe(200);
    expect(await token({ grant_type: 'authorization_code', code, ...client() })).toEqual({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Invalid code' },
    });
    const late = await codeFor('bob');
    now += 600_000;
    expect(await token({ grant_type: 'authorization_code', code: late, ...client() })).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Code has expired' },
    });
  });

  it('refuses a missing or unsupported grant_type and a missing code', async () => {
    expect(await token({ ...client() })).toMatchObject({ status: 400, json: { error: 'invalid_request' } });
    expect(await token({ grant_type: 'password', ...client() })).toMatchObject({
      status: 400,
      json: { error: 'unsupported_grant_type' },
    });
    expect(await token({ grant_type: 'authorization_code', ...client() })).toMatchObject({
      status: 400,
      json: { error: 'invalid_request' },
    });
  });

  it('a code of one app cannot be exchanged by another', async () => {
    const other = tracker.oauth.addApp({ clientId: 'other-app', redirectUris: [CALLBACK] });
    const code = await codeFor('bob');
    expect(
      await token({
        grant_type: 'authorization_code',
        code,
        client_id: other.clientId,
        client_secret: other.clientSecret,
      }),
    ).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    expect(() => tracker.oauth.addApp({ clientId: 'other-app' })).toThrow(/already configured/);
  });
});

describe('PKCE', () => {
  const verifier = 'a-verifier-of-at-least-forty-three-characters-0123456789';
  const challenge = createHash('sha256').update(verifier).digest('base64url');

  it('S256: the right code_verifier gets the token; a wrong or missing one is invalid_grant', async () => {
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };
    const ok = await token({
      grant_type: 'authorization_code',
      code: await codeFor('bob', pkce),
      code_verifier: verifier,
      ...client(),
    });
    expect(ok.status).toBe(200);
    const wrong = await token({
      grant_type: 'authorization_code',
      code: await codeFor('bob', pkce),
      code_verifier: `${verifier}x`,
      ...client(),
    });
    expect(wrong).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    const missing = await token({
      grant_type: 'authorization_code',
      code: await codeFor('bob', pkce),
      ...client(),
    });
    expect(missing).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('plain compares the verifier itself; another method is redirected as invalid_request', async () => {
    const code = await codeFor('bob', { code_challenge: verifier });
    expect(
      (await token({ grant_type: 'authorization_code', code, code_verifier: verifier, ...client() })).status,
    ).toBe(200);
    const response = await authorize({
      response_type: 'code',
      client_id: tracker.oauth.clientId,
      redirect_uri: CALLBACK,
      login_hint: 'bob',
      code_challenge: challenge,
      code_challenge_method: 'S512',
    });
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('refresh', () => {
  it('answers a new pair; the refresh token given is retired; the new access token works', async () => {
    const first = await loginAs('bob');
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first['refresh_token'] as string,
      ...client(),
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json['access_token']).not.toBe(first['access_token']);
    expect(refreshed.json['refresh_token']).not.toBe(first['refresh_token']);
    const again = await token({
      grant_type: 'refresh_token',
      refresh_token: first['refresh_token'] as string,
      ...client(),
    });
    expect(again).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
    const me = await tracked('/v2/myself', refreshed.json['access_token'] as string);
    expect(((await me.json()) as { login: string }).login).toBe('bob');
    expect(await token({ grant_type: 'refresh_token', ...client() })).toMatchObject({
      status: 400,
      json: { error: 'invalid_request' },
    });
  });

  it('an expired access token gets Tracker’s 401; the refresh token (same lifetime) too once it is over', async () => {
    tracker.oauth.accessTokenTtlSeconds = 60;
    const pair = await loginAs('bob');
    expect(pair['expires_in']).toBe(60);
    expect((await tracked('/v2/myself', pair['access_token'] as string)).status).toBe(200);
    now += 60_000;
    const expired = await tracked('/v2/myself', pair['access_token'] as string);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      statusCode: 401,
      errorMessages: ['Не авторизован. Unauthorized.'],
    });
    const info = await fetch(tracker.oauth.infoUrl, {
      headers: { authorization: `OAuth ${pair['access_token']}` },
    });
    expect(info.status).toBe(401);
    expect(
      await token({
        grant_type: 'refresh_token',
        refresh_token: pair['refresh_token'] as string,
        ...client(),
      }),
    ).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant', error_description: 'Refresh token has expired' },
    });
  });

  it('refreshing just before expiry keeps the user in', async () => {
    tracker.oauth.accessTokenTtlSeconds = 60;
    const pair = await loginAs('bob');
    now += 59_000;
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: pair['refresh_token'] as string,
      ...client(),
    });
    now += 2_000;
    expect((await tracked('/v2/myself', pair['access_token'] as string)).status).toBe(401);
    expect((await tracked('/v2/myself', refreshed.json['access_token'] as string)).status).toBe(200);
  });
});

describe('Tracker as the token’s user', () => {
  it('myself is that user; an issue and a comment are attributed to them; the static token is still alice', async () => {
    const { access_token } = await loginAs('bob');
    const bob = access_token as string;
    const me = (await (await tracked('/v3/myself', bob)).json()) as { login: string };
    expect(me.login).toBe('bob');
    const bobUid = String(tracker.state.users.find((u) => u.login === 'bob')!.uid);
    const created = await tracked('/v2/issues', bob, {
      method: 'POST',
      body: JSON.stringify({ queue: 'DEMO', summary: 'Filed by Bob' }),
    });
    expect(created.status).toBe(201);
    const issue = (await created.json()) as { key: string; createdBy: { id: string } };
    expect(issue.createdBy.id).toBe(bobUid);
    const comment = await tracked(`/v2/issues/${issue.key}/comments`, bob, {
      method: 'POST',
      body: JSON.stringify({ text: 'Bob writes' }),
    });
    expect(((await comment.json()) as { createdBy: { id: string } }).createdBy.id).toBe(bobUid);
    const alice = (await (await tracked('/v2/myself', tracker.token)).json()) as { login: string };
    expect(alice.login).toBe('alice');
  });

  it('a Yandex OAuth token is refused as Bearer (that scheme is for IAM tokens), and once revoked', async () => {
    const { access_token } = await loginAs('bob');
    const bearer = await fetch(`${tracker.url}/v2/myself`, {
      headers: { authorization: `Bearer ${access_token}`, 'x-cloud-org-id': tracker.cloudOrgId },
    });
    expect(bearer.status).toBe(401);
    tracker.oauth.revokeToken(access_token as string);
    expect((await tracked('/v2/myself', access_token as string)).status).toBe(401);
  });

  it('reset() keeps tokens and forgets pending codes; issueToken skips the flow', async () => {
    const { access_token } = await loginAs('bob');
    const pending = await codeFor('carol');
    tracker.reset();
    expect((await tracked('/v2/myself', access_token as string)).status).toBe(200);
    expect(await token({ grant_type: 'authorization_code', code: pending, ...client() })).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });
    const dave = tracker.oauth.issueToken('dave');
    expect(((await (await tracked('/v2/myself', dave.access_token)).json()) as { login: string }).login).toBe(
      'dave',
    );
  });
});

describe('authorize errors and the consent page', () => {
  it('an unknown client or a redirect_uri that is not one of the app’s: a 400 page, never a redirect', async () => {
    for (const params of [
      { client_id: 'nope', redirect_uri: CALLBACK },
      { client_id: tracker.oauth.clientId, redirect_uri: `${CALLBACK}/x` },
      { client_id: tracker.oauth.clientId, redirect_uri: 'http://evil.example/cb' },
    ]) {
      const response = await authorize({ response_type: 'code', login_hint: 'bob', ...params });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    }
  });

  it('without redirect_uri it uses the app’s first Callback URL; response_type=token is unsupported', async () => {
    const defaulted = await authorize({
      response_type: 'code',
      client_id: tracker.oauth.clientId,
      login_hint: 'bob',
    });
    expect(defaulted.headers.get('location')).toMatch(new RegExp(`^${CALLBACK}\\?code=`));
    const implicit = await authorize({
      response_type: 'token',
      client_id: tracker.oauth.clientId,
      redirect_uri: OTHER_CALLBACK,
      state: 's',
      login_hint: 'bob',
    });
    const location = new URL(implicit.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(OTHER_CALLBACK);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      error: 'unsupported_response_type',
      state: 's',
    });
  });

  it('a login_hint naming nobody is a 400 page', async () => {
    const response = await authorize({
      response_type: 'code',
      client_id: tracker.oauth.clientId,
      redirect_uri: CALLBACK,
      login_hint: 'nobody',
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('no user matches login_hint');
  });

  it('shows a consent page carrying the request; Allow redirects with a code, Deny with access_denied', async () => {
    const page = await authorize({
      response_type: 'code',
      client_id: tracker.oauth.clientId,
      redirect_uri: CALLBACK,
      state: '"><script>',
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/oauth.yandex.ru/authorize">');
    expect(html).toContain('value="carol"');
    expect(html).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(html).not.toContain('"><script>');

    const post = (decision: string) =>
      fetch(tracker.oauth.authorizeUrl, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({
          response_type: 'code',
          client_id: tracker.oauth.clientId,
          redirect_uri: CALLBACK,
          state: 'st',
          login: 'carol',
          decision,
        }),
      });
    const allowed = new URL((await post('allow')).headers.get('location')!);
    const answer = await token({
      grant_type: 'authorization_code',
      code: allowed.searchParams.get('code')!,
      ...client(),
    });
    const me = (await (await tracked('/v2/myself', answer.json['access_token'] as string)).json()) as {
      login: string;
    };
    expect(me.login).toBe('carol');
    const denied = new URL((await post('deny')).headers.get('location')!);
    expect(Object.fromEntries(denied.searchParams)).toEqual({ error: 'access_denied', state: 'st' });
  });
});
