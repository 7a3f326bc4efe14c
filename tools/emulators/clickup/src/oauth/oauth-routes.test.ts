/**
 * ClickUp's OAuth on the emulator, over raw HTTP: the authorize URL (headless with `login_hint`, a
 * consent page without), the code exchange, every error, single-use and expiring codes, then the
 * token acting as its own user (attribution of writes) in the workspaces that user authorized.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { apiCaller, type Caller, type TaskJson } from '../__fixtures__/call-api.ts';
import { createClickUpEmulator, type ClickUpEmulator } from '../create-clickup-emulator.ts';
import { SEED_OTHER_TEAMS, SEED_TEAM_ID, SEED_USERS } from '../seed.ts';

const CALLBACK = 'http://127.0.0.1:9/oauth/callback';
const SPRINT = '901510000001';
const [clientProjects] = SEED_OTHER_TEAMS;

let clickup: ClickUpEmulator;
let call: Caller;
let now = Date.UTC(2026, 2, 1, 12, 0, 0);
beforeAll(async () => {
  clickup = await createClickUpEmulator({
    workspaces: 2,
    now: () => now,
    oauth: { redirectUris: [CALLBACK] },
  });
  call = apiCaller(clickup);
});
afterAll(() => clickup.close());
beforeEach(() => clickup.reset());

/** `GET /api?…` without following the redirect. */
async function authorize(params: Record<string, string>): Promise<Response> {
  return fetch(`${clickup.oauth.authorizeUrl}?${new URLSearchParams(params)}`, { redirect: 'manual' });
}

async function codeFor(loginHint: string, state = 'st-1'): Promise<string> {
  const response = await authorize({
    client_id: clickup.oauth.clientId,
    redirect_uri: CALLBACK,
    state,
    login_hint: loginHint,
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(CALLBACK);
  expect(location.searchParams.get('state')).toBe(state);
  return location.searchParams.get('code')!;
}

async function exchange(
  code: string,
  clientId = clickup.oauth.clientId,
  secret = clickup.oauth.clientSecret,
) {
  const query = new URLSearchParams({ client_id: clientId, client_secret: secret, code });
  const response = await fetch(`${clickup.oauth.tokenUrl}?${query}`, { method: 'POST' });
  return { status: response.status, json: (await response.json()) as Record<string, string> };
}

async function loginAs(hint: string): Promise<string> {
  const { status, json } = await exchange(await codeFor(hint));
  expect(status).toBe(200);
  return json['access_token']!;
}

describe('GET /api with login_hint (headless approval)', () => {
  it('redirects with a code for the user named by email, username or id, and the token acts as that user', async () => {
    for (const [hint, id] of [
      ['bob@example.com', SEED_USERS.bob],
      ['Carol Diaz', SEED_USERS.carol],
      [String(SEED_USERS.dave), SEED_USERS.dave],
    ] as const) {
      const token = await loginAs(hint);
      expect(token).toMatch(new RegExp(`^${id}_[0-9a-f]{40}$`));
      const { status, json } = await call<{ user: { id: number } }>('GET', '/user', undefined, {
        auth: `Bearer ${token}`,
      });
      expect({ status, id: json.user.id }).toEqual({ status: 200, id });
    }
  });

  it('answers the token exchange with access_token alone (ClickUp tokens do not expire)', async () => {
    const { status, json } = await exchange(await codeFor('bob@example.com'));
    expect(status).toBe(200);
    expect(Object.keys(json)).toEqual(['access_token']);
  });

  it('omits state from the redirect when the request had none', async () => {
    const response = await authorize({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      login_hint: 'bob@example.com',
    });
    const location = new URL(response.headers.get('location')!);
    expect([...location.searchParams.keys()]).toEqual(['code']);
  });
});

describe('authorize errors (answered as JSON, never redirected)', () => {
  it('an unknown client is 400 OAUTH_010', async () => {
    const response = await authorize({
      client_id: 'NOPE',
      redirect_uri: CALLBACK,
      login_hint: 'bob@example.com',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.json()).toEqual({ err: 'Client not found', ECODE: 'OAUTH_010' });
    expect((await authorize({ redirect_uri: CALLBACK })).status).toBe(400);
  });

  it('a redirect URI that is not exactly one of the app’s is 400 OAUTH_007', async () => {
    for (const redirect of [
      `${CALLBACK}/x`,
      'http://127.0.0.1:9/oauth/callback?x=1',
      'http://evil.example/cb',
    ]) {
      const response = await authorize({
        client_id: clickup.oauth.clientId,
        redirect_uri: redirect,
        login_hint: 'bob',
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.json()).toMatchObject({ ECODE: 'OAUTH_007' });
    }
    const missing = await authorize({ client_id: clickup.oauth.clientId, login_hint: 'bob@example.com' });
    expect(await missing.json()).toMatchObject({ ECODE: 'OAUTH_007' });
  });

  it('a login_hint naming nobody is the emulator’s 400 EMU_002', async () => {
    const response = await authorize({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      login_hint: 'nobody@example.com',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ECODE: 'EMU_002' });
  });
});

describe('POST /api/v2/oauth/token', () => {
  it('a code is single use: the second exchange is 400 OAUTH_014', async () => {
    const code = await codeFor('bob@example.com');
    expect((await exchange(code)).status).toBe(200);
    expect(await exchange(code)).toEqual({ status: 400, json: { err: 'Code invalid', ECODE: 'OAUTH_014' } });
  });

  it('a code expires after codeTtlMs (10 minutes)', async () => {
    const code = await codeFor('bob@example.com');
    now += 600_000;
    expect(await exchange(code)).toMatchObject({ status: 400, json: { ECODE: 'OAUTH_014' } });
    const fresh = await codeFor('bob@example.com');
    now += 599_000;
    expect((await exchange(fresh)).status).toBe(200);
  });

  it('refuses an unknown client and a wrong secret with OAUTH_010 (the code survives a wrong secret)', async () => {
    const code = await codeFor('bob@example.com');
    expect(await exchange(code, 'NOPE')).toEqual({
      status: 400,
      json: { err: 'Client not found', ECODE: 'OAUTH_010' },
    });
    expect(await exchange(code, clickup.oauth.clientId, 'wrong')).toEqual({
      status: 400,
      json: { err: 'Client secret invalid', ECODE: 'OAUTH_010' },
    });
    expect((await exchange(code)).status).toBe(200);
    expect(await exchange('')).toMatchObject({ status: 400, json: { ECODE: 'OAUTH_014' } });
  });

  it('a code issued to one app cannot be exchanged by another', async () => {
    clickup.oauth.addApp({ clientId: 'OTHERAPP', clientSecret: 'OTHERSECRET', redirectUris: [CALLBACK] });
    const code = await codeFor('bob@example.com');
    expect(await exchange(code, 'OTHERAPP', 'OTHERSECRET')).toMatchObject({
      status: 400,
      json: { ECODE: 'OAUTH_014' },
    });
    expect(() => clickup.oauth.addApp({ clientId: 'OTHERAPP' })).toThrow(/already configured/);
  });

  it('takes the parameters in the query, as documented: a JSON body alone is not read', async () => {
    const code = await codeFor('bob@example.com');
    const response = await fetch(clickup.oauth.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: clickup.oauth.clientId,
        client_secret: clickup.oauth.clientSecret,
        code,
      }),
    });
    expect(response.status).toBe(400);
  });
});

describe('the consent page (no login_hint)', () => {
  it('shows the users and workspaces in a form that POSTs back to /api; approving redirects with a code', async () => {
    const page = await authorize({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      state: '<s>&"',
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/api">');
    expect(html).toContain(`value="${SEED_USERS.bob}"`);
    expect(html).toContain(`value="${clientProjects.id}"`);
    expect(html).toContain('value="&lt;s&gt;&amp;&quot;"'); // state escaped, never raw markup
    expect(html).not.toContain('<s>&"');

    const approved = await fetch(clickup.oauth.authorizeUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: clickup.oauth.clientId,
        redirect_uri: CALLBACK,
        state: '<s>&"',
        user: String(SEED_USERS.bob),
      }),
    });
    expect(approved.status).toBe(302);
    const location = new URL(approved.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('<s>&"');
    const { json } = await exchange(location.searchParams.get('code')!);
    const me = await call<{ user: { id: number } }>('GET', '/user', undefined, {
      auth: `Bearer ${json['access_token']}`,
    });
    expect(me.json.user.id).toBe(SEED_USERS.bob);
  });

  it('refuses a form whose ticked workspaces are none of the user’s (400, the page again) and rechecks the client', async () => {
    const post = (form: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
      return fetch(clickup.oauth.authorizeUrl, { method: 'POST', redirect: 'manual', body });
    };
    const refused = await post({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      user: String(SEED_USERS.bob),
      team_id: clientProjects.id,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('not a member of the ticked Workspaces');
    const forged = await post({
      client_id: clickup.oauth.clientId,
      redirect_uri: 'http://evil.example/',
      user: '81000002',
    });
    expect(await forged.json()).toMatchObject({ ECODE: 'OAUTH_007' });
  });
});

describe('tokens as their users', () => {
  it('attributes writes to the token’s user: task creator, comment author, time entry user', async () => {
    const bob = `Bearer ${await loginAs('bob@example.com')}`;
    const task = await call<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'By Bob' }, { auth: bob });
    expect(task.status).toBe(200);
    expect(task.json['creator']).toMatchObject({ id: SEED_USERS.bob, email: 'bob@example.com' });
    const comment = await call(
      'POST',
      `/task/${task.json.id}/comment`,
      { comment_text: 'Bob here' },
      { auth: bob },
    );
    expect(comment.status).toBe(200);
    const comments = await call<{ comments: Array<{ user: { id: number } }> }>(
      'GET',
      `/task/${task.json.id}/comment`,
    );
    expect(comments.json.comments[0]!.user.id).toBe(SEED_USERS.bob);
    const entry = await call<{ data: { user: { id: number } } }>(
      'POST',
      `/team/${SEED_TEAM_ID}/time_entries`,
      { start: now - 3_600_000, duration: 3_600_000, tid: task.json.id },
      { auth: bob },
    );
    expect(entry.json.data.user.id).toBe(SEED_USERS.bob);
    // The personal token is still Alice.
    const alice = await call<TaskJson>('POST', `/list/${SPRINT}/task`, { name: 'By Alice' });
    expect(alice.json['creator']).toMatchObject({ id: SEED_USERS.alice });
  });

  it('GET /team lists the workspaces the user authorized: Alice both of hers, Bob his one', async () => {
    const teams = async (auth: string) =>
      (await call<{ teams: Array<{ id: string }> }>('GET', '/team', undefined, { auth })).json.teams.map(
        (t) => t.id,
      );
    expect(await teams(`Bearer ${await loginAs('alice@example.com')}`)).toEqual([
      SEED_TEAM_ID,
      clientProjects.id,
    ]);
    expect(await teams(`Bearer ${await loginAs('bob@example.com')}`)).toEqual([SEED_TEAM_ID]);
  });

  it('a token granted one workspace only gets 401 OAUTH_027 in the other, for team routes and the data under it', async () => {
    const body = new URLSearchParams({
      client_id: clickup.oauth.clientId,
      redirect_uri: CALLBACK,
      user: 'alice@example.com',
      team_id: clientProjects.id,
    });
    const approved = await fetch(clickup.oauth.authorizeUrl, { method: 'POST', redirect: 'manual', body });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    const auth = `Bearer ${(await exchange(code)).json['access_token']}`;
    const teams = await call<{ teams: Array<{ id: string }> }>('GET', '/team', undefined, { auth });
    expect(teams.json.teams.map((t) => t.id)).toEqual([clientProjects.id]);
    expect((await call('GET', `/team/${clientProjects.id}/space`, undefined, { auth })).json).toEqual({
      spaces: [],
    });
    const unauthorized = { status: 401, json: { err: 'Team not authorized', ECODE: 'OAUTH_027' } };
    expect(await call('GET', `/team/${SEED_TEAM_ID}/space`, undefined, { auth })).toMatchObject(unauthorized);
    expect(await call('GET', `/list/${SPRINT}/task`, undefined, { auth })).toMatchObject(unauthorized);
    expect((await call('GET', '/user', undefined, { auth })).status).toBe(200);
  });

  it('Bob is no member of Client Projects: 401 there with his token and his personal token', async () => {
    for (const auth of [
      `Bearer ${await loginAs('bob@example.com')}`,
      clickup.personalToken('bob@example.com'),
    ]) {
      expect(await call('GET', `/team/${clientProjects.id}/space`, undefined, { auth })).toMatchObject({
        status: 401,
        json: { ECODE: 'OAUTH_027' },
      });
    }
  });

  it('a revoked token is 401 OAUTH_025; reset() keeps tokens and forgets pending codes', async () => {
    const token = await loginAs('bob@example.com');
    const pending = await codeFor('carol@example.com');
    clickup.reset();
    expect((await call('GET', '/user', undefined, { auth: `Bearer ${token}` })).status).toBe(200);
    expect(await exchange(pending)).toMatchObject({ status: 400, json: { ECODE: 'OAUTH_014' } });
    expect(clickup.oauth.revokeToken(token)).toBe(true);
    expect(await call('GET', '/user', undefined, { auth: `Bearer ${token}` })).toEqual(
      expect.objectContaining({ status: 401, json: { err: 'Token invalid', ECODE: 'OAUTH_025' } }),
    );
  });

  it('issueToken skips the flow; the rate limit counts per token', async () => {
    const token = clickup.oauth.issueToken('dave@example.com');
    const answer = await call<{ user: { id: number } }>('GET', '/user', undefined, {
      auth: `Bearer ${token}`,
    });
    expect(answer.json.user.id).toBe(SEED_USERS.dave);
    expect(answer.headers.get('x-ratelimit-remaining')).toBe('9999');
  });
});

describe('personal tokens of every user', () => {
  it('each user has a pk_ token of their own, sent bare; Bearer pk_ is refused', async () => {
    const bob = clickup.personalToken('Bob Chen');
    expect(bob).toBe(`pk_${SEED_USERS.bob}_EMULATOR0CLICKUP0PERSONAL0TOKEN0`);
    expect(clickup.personalToken(SEED_USERS.alice)).toBe(clickup.token);
    const me = await call<{ user: { id: number } }>('GET', '/user', undefined, { auth: bob });
    expect(me.json.user.id).toBe(SEED_USERS.bob);
    expect(await call('GET', '/user', undefined, { auth: `Bearer ${bob}` })).toMatchObject({
      status: 401,
      json: { ECODE: 'OAUTH_025' },
    });
    expect(
      (await call('GET', '/user', undefined, { auth: 'pk_99999999_EMULATOR0CLICKUP0PERSONAL0TOKEN0' }))
        .status,
    ).toBe(401);
    expect(() => clickup.personalToken('nobody')).toThrow(/No user nobody/);
  });
});
