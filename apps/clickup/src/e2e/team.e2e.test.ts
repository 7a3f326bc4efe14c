/**
 * The ClickUp server for a team (issue 23): the bin with `--transport http --auth builtin`, its
 * users signing in with ClickUp OAuth through the emulator, driven by the MCP SDK v2 client's own
 * OAuth in both protocol eras. Alice is in two workspaces, Bob in the seed one only.
 *
 * - the sign-in: the 401 names the resource metadata, the SDK finds the authorization server from
 *   it, registers, starts PKCE (S256, resource), the browser walks authorize → ClickUp (login_hint)
 *   → callback → back to the client, and the code is redeemed; the login time is measured;
 * - two users at once: each is themselves (GET /user through their own ClickUp token — every
 *   request the server sent for a user carried that user's token and no other), writes are
 *   attributed to them in ClickUp, Bob is refused Alice's other workspace with his own, Alice in
 *   two is asked to choose;
 * - refresh (rotation; a stolen, already rotated refresh token is refused and ends the grant) and
 *   revocation;
 * - hostile: a token of another audience, a revoked token, a token in the query string: refused
 *   with the right status, nothing leaked, and the server keeps serving.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { refreshAuthorization, type Client } from '@modelcontextprotocol/client';
import { createClickUpEmulator, SEED_OTHER_TEAMS, type ClickUpEmulator } from '@toolsmith/clickup-emulator';
import { resultText } from '@toolsmith/testing';
import { SignJWT, importJWK, type JWK } from 'jose';
import { CLIENT_REDIRECT, connectWithToken, signIn, type SignedIn } from './__fixtures__/oauth-client.ts';
import { BIN, serverEnv } from './__fixtures__/clickup-harness.ts';
import { startTeamServer, teamEnv, type TeamServer } from './__fixtures__/team-server.ts';

const SEED = '9015123456';
const CLIENT_PROJECTS = SEED_OTHER_TEAMS[0];
const ALICE = 81000001;
const BOB = 81000002;
const SPRINT = '901510000001';

let clickup: ClickUpEmulator;
let server: TeamServer;
let alice: SignedIn;
let bob: SignedIn;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  clickup = await createClickUpEmulator({ workspaces: 2 });
  server = await startTeamServer(clickup);
  // Both at once, in both eras: Alice's client speaks 2025-11-25, Bob's 2026-07-28.
  [alice, bob] = await Promise.all([
    signIn(server.url, 'alice@example.com', 'legacy'),
    signIn(server.url, 'bob@example.com', 'modern'),
  ]);
  closing.push(
    () => alice.close(),
    () => bob.close(),
  );
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(closing.map((close) => close()));
  await server?.stop();
  await clickup?.close();
});

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = resultText(result);
  let json: unknown;
  try {
    json = JSON.parse(text.split('\n').at(-1) ?? '');
  } catch {
    json = undefined;
  }
  return { isError: result.isError === true, text, json };
}

/** The ClickUp token the server holds for a user: the emulator's tokens start with the user id. */
const tokenOf = (authorization: string | undefined) => /^Bearer (\d+)_/.exec(authorization ?? '')?.[1];

/** One JSON-RPC request of the 2026-07-28 era, raw, with what `init` adds. */
function rawCall(url: string, init: { authorization?: string; query?: string } = {}) {
  return fetch(`${url}${init.query ?? ''}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/list',
      ...(init.authorization ? { authorization: init.authorization } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1.0.0' },
        },
      },
    }),
  });
}

describe('signing in with ClickUp', () => {
  it('the 401 names the resource metadata, which names this server as the authorization server', async () => {
    const refused = await rawCall(server.url);
    expect(refused.status).toBe(401);
    const challenge = refused.headers.get('www-authenticate')!;
    expect(challenge).toContain(
      `resource_metadata="${server.issuer}/.well-known/oauth-protected-resource/mcp"`,
    );
    const resource = (await (
      await fetch(`${server.issuer}/.well-known/oauth-protected-resource/mcp`)
    ).json()) as Record<string, unknown>;
    expect(resource).toMatchObject({ resource: server.url, authorization_servers: [server.issuer] });
    const metadata = (await (
      await fetch(`${server.issuer}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      issuer: server.issuer,
      registration_endpoint: `${server.issuer}/register`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('the SDK client registered, asked for PKCE and this resource, and the browser went through ClickUp', () => {
    for (const user of [alice, bob]) {
      expect(user.provider.information?.client_id).toEqual(expect.any(String));
      const authorization = user.provider.authorizationUrl!;
      expect(authorization.origin + authorization.pathname).toBe(`${server.issuer}/authorize`);
      expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorization.searchParams.get('resource')).toBe(server.url);
      const path = user.provider.browser.visited.map((url) =>
        url.origin === clickup.origin
          ? `clickup ${url.pathname}`
          : url.pathname.replace(/\/[\w-]{16,}/, '/:uid'),
      );
      expect(path).toEqual([
        '/authorize',
        '/interaction/:uid',
        'clickup /api',
        '/oauth/callback',
        '/interaction/:uid/upstream',
        '/authorize/:uid',
        new URL(CLIENT_REDIRECT).pathname,
      ]);
      expect(user.provider.saved?.refresh_token).toEqual(expect.any(String));
      // The MCP client holds this server's token, never ClickUp's.
      expect(tokenOf(`Bearer ${user.provider.saved!.access_token}`)).toBeUndefined();
    }
    process.stderr.write(
      `login flow (401 → registration → PKCE → ClickUp → token → connected): Alice ${alice.loginMs.toFixed(0)} ms, Bob ${bob.loginMs.toFixed(0)} ms (at once)\n`,
    );
  });
});

describe('two users at once', () => {
  it('each is themselves, and every ClickUp request made for them carried their own token', async () => {
    const mark = clickup.requests.length;
    const [a, b] = await Promise.all([
      call(alice.client, 'clickup_find_member', { query: 'me', team_id: SEED }),
      call(bob.client, 'clickup_find_member', { query: 'me' }),
    ]);
    expect(a.json).toMatchObject({ items: [{ id: ALICE, email: 'alice@example.com' }] });
    expect(b.json).toMatchObject({ items: [{ id: BOB, email: 'bob@example.com' }] });
    const sent = clickup.requests.slice(mark);
    expect(sent.length).toBeGreaterThan(0);
    // Each request went with Alice's or Bob's ClickUp token; /user answered each with themselves.
    expect(new Set(sent.map((r) => tokenOf(r.headers['authorization'])))).toEqual(
      new Set([String(ALICE), String(BOB)]),
    );
    const mcpTokens = [alice.provider.saved!.access_token, bob.provider.saved!.access_token];
    for (const request of sent) expect(mcpTokens).not.toContain(request.headers['authorization']?.slice(7));
  });

  it('writes are theirs: ClickUp records each as the creator, and "me" is each one themselves', async () => {
    const [a, b] = await Promise.all([
      call(alice.client, 'clickup_create_task', {
        list_id: SPRINT,
        name: 'Written by Alice',
        assignees: ['me'],
        team_id: SEED,
      }),
      call(bob.client, 'clickup_create_task', {
        list_id: 'Sprint 1',
        name: 'Written by Bob',
        assignees: ['me'],
      }),
    ]);
    expect(a.isError).toBe(false);
    expect(b.isError).toBe(false);
    // Each one's reference data: the same words resolve to each one's own values.
    expect(a.text).toContain(`assignees.0 "me" → ${ALICE}`);
    expect(b.text).toContain(`assignees.0 "me" → ${BOB}`);
    expect(b.text).toContain('list_id "Sprint 1" → 901510000001');
    const task = (name: string) => clickup.state.tasks.find((t) => t.name === name);
    expect(task('Written by Alice')).toMatchObject({ creator: ALICE, assignees: [ALICE] });
    expect(task('Written by Bob')).toMatchObject({ creator: BOB, assignees: [BOB] });
  });

  it("Bob sees only his workspace, and is refused Alice's other one with his own — not her data", async () => {
    const theirs = async (client: Client) =>
      ((await call(client, 'clickup_get_workspaces')).json as { items: { id: string }[] }).items.map(
        (w) => w.id,
      );
    expect(await theirs(alice.client)).toEqual([SEED, CLIENT_PROJECTS.id]);
    expect(await theirs(bob.client)).toEqual([SEED]);
    const mark = clickup.requests.length;
    const refused = await call(bob.client, 'clickup_get_spaces', { team_id: CLIENT_PROJECTS.id });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(`"${CLIENT_PROJECTS.id}" is not a workspace.`);
    expect(refused.text).toContain(`Valid workspaces: ${SEED} (Emulator Workspace).`);
    expect(refused.text).not.toContain(CLIENT_PROJECTS.name);
    expect(clickup.requests.slice(mark).some((r) => r.path.includes(CLIENT_PROJECTS.id))).toBe(false);
    // By name, too: Bob's list of workspaces has no "Client Projects".
    expect((await call(bob.client, 'clickup_get_spaces', { team_id: CLIENT_PROJECTS.name })).isError).toBe(
      true,
    );
    // Alice may work there.
    expect((await call(alice.client, 'clickup_get_spaces', { team_id: CLIENT_PROJECTS.name })).isError).toBe(
      false,
    );
  });

  it('Alice, in two workspaces, is asked which one when a call names none', async () => {
    const refused = await call(alice.client, 'clickup_get_spaces');
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain(
      `you are in 2: ${SEED} "Emulator Workspace", ${CLIENT_PROJECTS.id} "${CLIENT_PROJECTS.name}". Pass team_id`,
    );
    const named = await call(alice.client, 'clickup_get_spaces', { team_id: 'emulator workspace' });
    expect(named.isError).toBe(false);
    expect(named.text).toContain(`team_id "emulator workspace" → ${SEED} (Emulator Workspace)`);
    expect(named.text).toContain('Development');
  });

  it('webhook events: one store for the server, but a user reads only the deliveries of the webhooks ClickUp lists for them', async () => {
    const created = await call(alice.client, 'clickup_create_webhook', {
      endpoint: `${server.issuer}/webhooks/clickup`,
      events: ['taskCreated'],
      team_id: SEED,
    });
    expect(created.isError).toBe(false);
    await call(alice.client, 'clickup_create_task', {
      list_id: SPRINT,
      name: 'Seen by a webhook',
      team_id: SEED,
    });
    type Events = { items: { event: string; taskId: string }[] };
    let alices: Events = { items: [] };
    for (let attempt = 0; attempt < 50 && alices.items.length === 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      alices = (
        await call(alice.client, 'clickup_list_webhook_events', { event: 'taskCreated', team_id: SEED })
      ).json as Events;
    }
    expect(alices.items).toEqual([expect.objectContaining({ event: 'taskCreated' })]);
    // Bob works in the same workspace, but the webhook is Alice's: its deliveries are not his to read.
    const bobs = await call(bob.client, 'clickup_list_webhook_events', { event: 'taskCreated' });
    expect(bobs.isError).toBe(false);
    expect((bobs.json as Events).items).toEqual([]);
  }, 60_000);

  it('one user signed in twice, in the other era, is the same user', async () => {
    const again = await connectWithToken(server.url, alice.provider.saved!.access_token, 'modern');
    closing.push(() => again.close());
    expect((await call(again, 'clickup_find_member', { query: 'me', team_id: SEED })).json).toMatchObject({
      items: [{ id: ALICE }],
    });
  });
});

describe('tokens over time', () => {
  it('a refresh rotates the tokens; the old refresh token, used again, is refused and ends the grant', async () => {
    const carol = await signIn(server.url, 'carol@example.com', 'legacy');
    closing.push(() => carol.close());
    process.stderr.write(`login flow, one user alone: ${carol.loginMs.toFixed(0)} ms\n`);
    const metadata = { issuer: server.issuer, token_endpoint: `${server.issuer}/token` } as never;
    const first = carol.provider.saved!;
    const rotated = await refreshAuthorization(server.issuer, {
      metadata,
      clientInformation: carol.provider.information!,
      refreshToken: first.refresh_token!,
      resource: new URL(server.url),
    });
    expect(rotated.access_token).not.toBe(first.access_token);
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    const refreshed = await connectWithToken(server.url, rotated.access_token, 'modern');
    closing.push(() => refreshed.close());
    expect((await call(refreshed, 'clickup_find_member', { query: 'me' })).json).toMatchObject({
      items: [{ email: 'carol@example.com' }],
    });
    // A stolen refresh token, used after it was rotated: refused, and the grant ends for everyone holding it.
    await expect(
      refreshAuthorization(server.issuer, {
        metadata,
        clientInformation: carol.provider.information!,
        refreshToken: first.refresh_token!,
        resource: new URL(server.url),
      }),
    ).rejects.toThrow(/invalid_grant|grant/i);
    expect((await rawCall(server.url, { authorization: `Bearer ${rotated.access_token}` })).status).toBe(401);
  }, 60_000);

  it('sign-out (RFC 7009 revocation of the refresh token) ends the grant: its access token is refused at once; the others go on', async () => {
    const dave = await signIn(server.url, 'dave@example.com', 'modern');
    closing.push(() => dave.close());
    const { access_token: token, refresh_token: refresh } = dave.provider.saved!;
    expect((await rawCall(server.url, { authorization: `Bearer ${token}` })).status).toBe(200);
    const revoke = (body: Record<string, string>) =>
      fetch(`${server.issuer}/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: dave.provider.information!.client_id, ...body }),
      });
    expect((await revoke({ token: refresh!, token_type_hint: 'refresh_token' })).status).toBe(200);
    const refused = await rawCall(server.url, { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(refused.headers.get('www-authenticate')).toContain('revoked');
    expect(await refused.text()).not.toContain(token);
    expect((await call(bob.client, 'clickup_find_member', { query: 'me' })).json).toMatchObject({
      items: [{ id: BOB }],
    });
  }, 60_000);

  it("a user whose ClickUp token was revoked in ClickUp is told to sign in again, not given another's", async () => {
    const erin = await signIn(server.url, 'erin@partner.example', 'legacy');
    closing.push(() => erin.close());
    const mark = clickup.requests.length;
    expect((await call(erin.client, 'clickup_get_workspaces')).isError).toBe(false);
    const erinsToken = clickup.requests
      .slice(mark)
      .map((r) => r.headers['authorization'])
      .find((h) => h?.startsWith('Bearer '))!
      .slice(7);
    clickup.oauth.revokeToken(erinsToken);
    const refused = await call(erin.client, 'clickup_get_spaces', { team_id: SEED });
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('ClickUp no longer accepts your sign-in');
    expect(refused.text).toContain('Sign in to ClickUp again');
    expect(refused.text).not.toContain(erinsToken);
  }, 60_000);
});

describe('hostile requests', () => {
  it('a token this server signed for another audience: 401 naming the resource it accepts', async () => {
    // What a token minted by this authorization server for another MCP server would look like:
    // signed with its key (the test knows it through MCP_AUTH_SIGNING_KEY on a second server).
    const { privateKey, publicJwk } = await signingKey();
    const other = await startTeamServer(clickup, {
      env: { MCP_AUTH_SIGNING_KEY: JSON.stringify(privateKey) },
      args: ['--toolsets', 'context'],
    });
    closing.push(() => other.stop());
    const key = await importJWK(privateKey, 'ES256');
    const forged = await new SignJWT({ client_id: 'x', scope: 'read write', gid: 'g' })
      .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: publicJwk.kid! })
      .setIssuer(other.issuer)
      .setAudience('https://another-server.example/mcp')
      .setSubject(`clickup:${ALICE}`)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
    const refused = await rawCall(other.url, { authorization: `Bearer ${forged}` });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    expect(refused.headers.get('www-authenticate')).toContain(`request one for ${other.url}`);
    // Alice's token, issued by the first server, is for the first server only.
    const elsewhere = await rawCall(other.url, {
      authorization: `Bearer ${alice.provider.saved!.access_token}`,
    });
    expect(elsewhere.status).toBe(401);
    // Neither server answered with anything from ClickUp, and the first goes on serving.
    expect((await call(alice.client, 'clickup_find_member', { query: 'me', team_id: SEED })).isError).toBe(
      false,
    );
  }, 90_000);

  it('a token in the query string: 400, unread; the server keeps serving', async () => {
    const token = bob.provider.saved!.access_token;
    const refused = await rawCall(server.url, { query: `?access_token=${encodeURIComponent(token)}` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).not.toContain(token);
    expect((await call(bob.client, 'clickup_get_workspaces')).isError).toBe(false);
  });

  it('nothing the server logged holds a token, a code or a secret', () => {
    const log = server.stderr();
    for (const user of [alice, bob]) {
      expect(log).not.toContain(user.provider.saved!.access_token);
      expect(log).not.toContain(user.provider.saved!.refresh_token!);
      expect(log).not.toContain(user.provider.callback!.searchParams.get('code')!);
    }
    expect(log).not.toContain(clickup.oauth.clientSecret);
    expect(log).not.toContain(server.encryptionKeys.slice(3));
    expect(log).not.toMatch(/Bearer \d+_[0-9a-f]{20,}/);
  });
});

describe('start-up', () => {
  /** The bin with --auth builtin and `env`: its exit code and stderr. */
  const run = (env: Record<string, string>) =>
    new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(
        process.execPath,
        ['--conditions=@toolsmith/source', BIN, '--transport', 'http', '--port', '0', '--auth', 'builtin'],
        { env: serverEnv(env), stdio: ['ignore', 'ignore', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.once('exit', (code) => resolve({ code, stderr }));
    });

  it('refuses to start without MCP_AUTH_ENCRYPTION_KEYS, saying how to make one', async () => {
    const { MCP_AUTH_ENCRYPTION_KEYS: _, ...env } = teamEnv(clickup, '/nonexistent', '');
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    expect(stderr).toContain('MCP_AUTH_ENCRYPTION_KEYS');
    expect(stderr).toContain("randomBytes(32).toString('base64url')");
    expect(stderr).not.toContain('MCP server listening');
  }, 60_000);

  it('refuses a malformed key without quoting it, and a missing OAuth app naming both variables', async () => {
    const bad = await run({ ...teamEnv(clickup, '/nonexistent', 'k1:c2hvcnQ') });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('the key of kid "k1" is not 32 bytes');
    expect(bad.stderr).not.toContain('c2hvcnQ');
    const {
      CLICKUP_OAUTH_CLIENT_ID: _id,
      CLICKUP_OAUTH_CLIENT_SECRET: _secret,
      ...env
    } = teamEnv(clickup, '/nonexistent', 'k1:' + 'A'.repeat(43));
    const noApp = await run(env);
    expect(noApp.code).toBe(1);
    expect(noApp.stderr).toContain('CLICKUP_OAUTH_CLIENT_ID');
    expect(noApp.stderr).toContain('CLICKUP_OAUTH_CLIENT_SECRET');
  }, 60_000);
});

/** An ES256 key pair as JWKs, with a kid (what MCP_AUTH_SIGNING_KEY takes). */
async function signingKey(): Promise<{ privateKey: JWK; publicJwk: JWK }> {
  const { generateKeyPair, exportJWK } = await import('jose');
  const pair = await generateKeyPair('ES256', { extractable: true });
  const privateKey = await exportJWK(pair.privateKey);
  const publicJwk = await exportJWK(pair.publicKey);
  const kid = createHash('sha256').update(JSON.stringify(publicJwk)).digest('base64url').slice(0, 16);
  return { privateKey: { ...privateKey, kid, alg: 'ES256' }, publicJwk: { ...publicJwk, kid } };
}
