/**
 * `--auth builtin` deployed for a team (issue 23, sections 2 and 4): two real `yandex-tracker-mcp`
 * processes share one PostgreSQL database (`DATABASE_URL`) and `MCP_AUTH_ENCRYPTION_KEYS` behind a
 * real nginx balancing round robin, with no sticky sessions, on 127.0.0.1; the emulator is Yandex
 * OAuth and Tracker. Clients sign in with the MCP SDK v2 client's OAuth functions through nginx and
 * call in both protocol eras; logins, refreshes, revocations and calls land on either replica and
 * each finishes what the other started. Hostile tokens are refused and the servers keep serving;
 * the database holds no token in clear; one replica killed, the other serves the same tokens.
 * Then one server on PGlite: logins kept across a restart, a second process on its directory
 * refused. Ports are free ones; readiness is `/health`.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/client';
import { LOCK_FILE } from '@toolsmith/sql';
import { connectHttp, resultText, type ClientEra } from '@toolsmith/testing';
import { createTrackerEmulator } from '@toolsmith/yandex-tracker-emulator';
import { compactDecrypt, decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import {
  discoverFrom401,
  refresh,
  registerPublicClient,
  revoke,
  signIn,
  type Discovered,
} from './__fixtures__/mcp-oauth-client.ts';
import type { AccessLogEntry } from './__fixtures__/nginx-front.ts';
import { startReplicaDeployment, type ReplicaDeployment } from './__fixtures__/replica-deployment.ts';
import { runToExit, startReplica } from './__fixtures__/replica-process.ts';

const { postgresForTests } = await import('@toolsmith/sql/testing');

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A tools/list POST with `token`, at replica `pin` through nginx (or balanced): the HTTP status and challenge. */
async function probe(mcpUrl: string, token: string, pin?: string) {
  const response = await fetch(mcpUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      authorization: `Bearer ${token}`,
      ...(pin ? { 'x-replica': pin } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  await response.body?.cancel();
  return { status: response.status, challenge: response.headers.get('www-authenticate') ?? '' };
}

/** `tracker_get_current_user` as `token`, `calls` times over one connection: the logins Tracker answered with. */
async function whoami(
  mcpUrl: string,
  token: string,
  options: { era: ClientEra; tag: string; calls?: number },
) {
  const connection = await connectHttp(mcpUrl, {
    era: options.era,
    headers: { authorization: `Bearer ${token}`, 'x-case': options.tag },
  });
  try {
    const logins: string[] = [];
    for (let call = 0; call < (options.calls ?? 1); call++) {
      const result = await connection.client.callTool({ name: 'tracker_get_current_user', arguments: {} });
      expect(result.isError).toBeFalsy();
      logins.push((JSON.parse(resultText(result)) as { login: string }).login);
    }
    return logins;
  } finally {
    await connection.close();
  }
}

async function refusedWith(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeDefined();
  return (error as { code?: string }).code ?? String(error);
}

const withPostgres = postgresForTests() ? describe : describe.skip;

withPostgres(
  'two replicas behind nginx, one PostgreSQL store (without PostgreSQL: skipped here, a failure under CI)',
  () => {
    let d: ReplicaDeployment;
    let discovered: Discovered;
    /** Every token, code and secret seen, for the look at the database. */
    const seen = new Set<string>();
    const keep = (...values: (string | undefined)[]) => {
      for (const value of values) if (value) seen.add(value);
    };
    /** Users signed in through nginx: each one a Yandex code exchanged by a replica. */
    let logins = 0;
    const login: typeof signIn = async (...args) => {
      const signedIn = await signIn(...args);
      logins += 1;
      keep(signedIn.tokens.access_token, signedIn.tokens.refresh_token, signedIn.code);
      return signedIn;
    };

    beforeAll(async () => {
      d = await startReplicaDeployment({ dir: tempDir('tracker-nginx-') });
      discovered = await discoverFrom401(d.mcpUrl);
    }, 180_000);
    afterAll(async () => {
      await d?.close();
    }, 60_000);

    const port = (name: string) => `127.0.0.1:${d.replicas.get(name)!.port}`;
    const replicaOf = (upstream: string) =>
      [...d.replicas.values()].find((replica) => upstream === `127.0.0.1:${replica.port}`)?.name ?? upstream;
    /** nginx's log lines after `mark`, once `ready` holds for them (a line is written after its answer). */
    async function logAfter(mark: number, ready: (entries: AccessLogEntry[]) => boolean) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const entries = (await d.nginx.accessLog()).slice(mark);
        if (ready(entries) || Date.now() > deadline) return entries;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const logLength = async () => (await d.nginx.accessLog()).length;
    async function newClient(name: string): Promise<OAuthClientInformationFull> {
      return registerPublicClient(discovered, name);
    }

    it('signs a user in through nginx: the 401 leads to the metadata, the client registers, logs in at Yandex with PKCE (steps spread over both replicas) and gets tokens for this server', async () => {
      expect(discovered.challenge.status).toBe(401);
      expect(discovered.challenge.wwwAuthenticate).toContain(
        `resource_metadata="${d.nginx.origin}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(discovered.resource).toBe(d.mcpUrl);
      expect(discovered.issuer).toBe(d.nginx.origin);
      expect(discovered.metadata).toMatchObject({
        issuer: d.nginx.origin,
        authorization_endpoint: `${d.nginx.origin}/authorize`,
        token_endpoint: `${d.nginx.origin}/token`,
        registration_endpoint: `${d.nginx.origin}/register`,
        code_challenge_methods_supported: ['S256'],
      });
      const mark = await logLength();
      const client = await newClient('first client');
      const { tokens } = await login(discovered, client, 'alice');
      expect(decodeJwt(tokens.access_token)).toMatchObject({ aud: d.mcpUrl, iss: d.nginx.origin });
      expect(tokens.refresh_token).toBeTruthy();
      const steps = await logAfter(mark, (entries) => entries.some((e) => e.path === '/token'));
      expect(
        steps.map((e) => `${e.method} ${e.path.replace(/\/interaction\/[^/]+/, '/interaction/:uid')}`),
      ).toEqual(
        expect.arrayContaining([
          'POST /register',
          'GET /authorize',
          'GET /interaction/:uid',
          'GET /oauth/callback',
          'GET /interaction/:uid/upstream',
          'POST /token',
        ]),
      );
      expect(new Set(steps.flatMap((e) => e.upstreams).map(replicaOf))).toEqual(new Set(['a', 'b']));
      expect(await whoami(d.mcpUrl, tokens.access_token, { era: 'modern', tag: 'first' })).toEqual(['alice']);
    }, 60_000);

    it('answers calls of both protocol eras from both replicas in turn, and two users at once each see themselves', async () => {
      const alice = await login(discovered, await newClient("alice's client"), 'alice');
      const bob = await login(discovered, await newClient("bob's client"), 'bob');
      for (const era of ['legacy', 'modern'] as const) {
        const mark = await logLength();
        expect(
          await whoami(d.mcpUrl, alice.tokens.access_token, { era, tag: `turns-${era}`, calls: 4 }),
        ).toEqual(Array(4).fill('alice'));
        const isPost = (e: AccessLogEntry) =>
          e.tag === `turns-${era}` && e.method === 'POST' && e.path === '/mcp';
        const posts = (await logAfter(mark, (entries) => entries.filter(isPost).length >= 5)).filter(isPost);
        expect(posts.length).toBeGreaterThanOrEqual(5);
        // Round robin, no stickiness: one client's consecutive requests are answered by both replicas.
        expect(new Set(posts.map((e) => replicaOf(e.upstreams.at(-1)!)))).toEqual(new Set(['a', 'b']));
      }
      const together = await Promise.all(
        (['legacy', 'modern'] as const).flatMap((era) => [
          whoami(d.mcpUrl, alice.tokens.access_token, { era, tag: `both-${era}-alice`, calls: 3 }),
          whoami(d.mcpUrl, bob.tokens.access_token, { era, tag: `both-${era}-bob`, calls: 3 }),
        ]),
      );
      expect(together).toEqual([
        ['alice', 'alice', 'alice'],
        ['bob', 'bob', 'bob'],
        ['alice', 'alice', 'alice'],
        ['bob', 'bob', 'bob'],
      ]);
      // Tracker saw the users' Yandex tokens, never a token of this server.
      const sent = d.emulator.requests
        .filter((r) => /^\/v[23]\//.test(r.path))
        .map((r) => r.headers['authorization'] ?? '');
      expect(sent.length).toBeGreaterThanOrEqual(12);
      for (const header of sent) {
        expect(header).toMatch(/^OAuth y0_/);
        expect(header).not.toContain(alice.tokens.access_token);
        expect(header).not.toContain(bob.tokens.access_token);
      }
    }, 90_000);

    it('refreshes at one replica a login whose code was redeemed at the other; the new tokens work at both', async () => {
      const client = await newClient('refreshing client');
      const mark = await logLength();
      const first = await login(discovered, client, 'carol', { exchangeAt: 'a' });
      const refreshed = await refresh(discovered, client, first.tokens.refresh_token!, 'b');
      keep(refreshed.access_token, refreshed.refresh_token);
      const tokenCalls = (
        await logAfter(mark, (entries) => entries.filter((e) => e.path === '/token').length >= 2)
      ).filter((e) => e.path === '/token');
      expect(tokenCalls.map((e) => e.upstreams)).toEqual([[port('a')], [port('b')]]);
      expect(refreshed.refresh_token).toBeTruthy();
      expect(refreshed.refresh_token).not.toBe(first.tokens.refresh_token);
      expect(decodeJwt(refreshed.access_token)).toMatchObject({
        aud: d.mcpUrl,
        sub: decodeJwt(first.tokens.access_token).sub,
      });
      expect((await probe(d.mcpUrl, refreshed.access_token, 'a')).status).toBe(200);
      expect((await probe(d.mcpUrl, refreshed.access_token, 'b')).status).toBe(200);
      expect(
        await whoami(d.mcpUrl, refreshed.access_token, { era: 'legacy', tag: 'refreshed', calls: 2 }),
      ).toEqual(['carol', 'carol']);
    }, 60_000);

    it('revokes at one replica and the other refuses the tokens at once; a replayed access token is refused at both', async () => {
      const client = await newClient('revoking client');
      const { tokens } = await login(discovered, client, 'bob');
      expect((await probe(d.mcpUrl, tokens.access_token, 'b')).status).toBe(200);
      // Revoking the access token (a JWT; how VS Code and Claude sign out) ends its grant.
      expect(await revoke(discovered, client, tokens.access_token, 'a')).toBe(200);
      for (const pin of ['b', 'a']) {
        const replayed = await probe(d.mcpUrl, tokens.access_token, pin);
        expect(replayed.status).toBe(401);
        expect(replayed.challenge).toContain('error="invalid_token"');
      }
      expect(await refusedWith(() => refresh(discovered, client, tokens.refresh_token!, 'b'))).toBe(
        'invalid_grant',
      );
      // Revoking the refresh token instead does the same.
      const second = await login(discovered, client, 'bob');
      expect(await revoke(discovered, client, second.tokens.refresh_token!, 'b')).toBe(200);
      for (const pin of ['a', 'b'])
        expect((await probe(d.mcpUrl, second.tokens.access_token, pin)).status).toBe(401);
    }, 60_000);

    it('refuses hostile tokens through nginx and keeps serving: another audience signed with the real key, a stolen refresh token after rotation', async () => {
      const bystander = await login(discovered, await newClient('bystander'), 'dave');
      const stillServing = async () => {
        expect((await probe(d.mcpUrl, bystander.tokens.access_token, 'a')).status).toBe(200);
        expect((await probe(d.mcpUrl, bystander.tokens.access_token, 'b')).status).toBe(200);
      };

      // The signing key, as someone holding the database and the encryption key would read it.
      const client = await newClient('victim client');
      const victim = await login(discovered, client, 'alice');
      const [row] = await d.query<{ payload_jwe: string }>(
        'SELECT payload_jwe FROM toolsmith_oauth WHERE model = $1 AND id_hash = $2',
        ['ServerKeys', createHash('sha256').update('signing').digest('base64url')],
      );
      const encryptionKey = Buffer.from(d.encryptionKeys.split(':')[1]!, 'base64url');
      const sealed = JSON.parse(
        new TextDecoder().decode((await compactDecrypt(row!.payload_jwe, encryptionKey)).plaintext),
      ) as {
        v: { keys: JWK[] };
      };
      const jwk = sealed.v.keys[0]!;
      const header = decodeProtectedHeader(victim.tokens.access_token);
      const claims = decodeJwt(victim.tokens.access_token);
      const sign = async (aud: string) =>
        new SignJWT({ ...claims, aud })
          .setProtectedHeader({ alg: header.alg!, kid: header.kid!, typ: header.typ! })
          .sign(await importJWK(jwk, header.alg));
      // The forgery is faithful: with the right audience it is accepted…
      expect((await probe(d.mcpUrl, await sign(d.mcpUrl), 'a')).status).toBe(200);
      // …and with another MCP server's URL as audience it is refused at both replicas.
      const otherServer = await sign(`${d.nginx.origin}/other-server/mcp`);
      for (const pin of ['a', 'b', undefined]) {
        const refused = await probe(d.mcpUrl, otherServer, pin);
        expect(refused.status).toBe(401);
        expect(refused.challenge).toContain('error="invalid_token"');
      }
      await stillServing();

      // A refresh token stolen before its owner rotated it: refused, and the grant is revoked with it.
      const rotated = await refresh(discovered, client, victim.tokens.refresh_token!, 'a');
      keep(rotated.access_token, rotated.refresh_token);
      expect(await refusedWith(() => refresh(discovered, client, victim.tokens.refresh_token!, 'b'))).toBe(
        'invalid_grant',
      );
      expect((await probe(d.mcpUrl, rotated.access_token, 'a')).status).toBe(401);
      expect((await probe(d.mcpUrl, rotated.access_token, 'b')).status).toBe(401);
      expect(await refusedWith(() => refresh(discovered, client, rotated.refresh_token!, 'a'))).toBe(
        'invalid_grant',
      );
      await stillServing();
      expect(
        await whoami(d.mcpUrl, bystander.tokens.access_token, { era: 'modern', tag: 'bystander' }),
      ).toEqual(['dave']);
    }, 60_000);

    it('builds its URLs from the Host nginx passes on, never from X-Forwarded-Host or -Proto a client sends (pinned to the issuer)', async () => {
      const response = await fetch(`${d.nginx.origin}/.well-known/oauth-authorization-server`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({
        issuer: d.nginx.origin,
        authorization_endpoint: `${d.nginx.origin}/authorize`,
        token_endpoint: `${d.nginx.origin}/token`,
      });
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('https:');
    });

    it('keeps no token, code or Yandex secret in clear in the database', async () => {
      for (const { answer, request } of d.yandexOAuth.tokenExchanges) {
        const tokens = JSON.parse(answer) as { access_token?: string; refresh_token?: string };
        keep(
          tokens.access_token,
          tokens.refresh_token,
          new URLSearchParams(request).get('code') ?? undefined,
        );
      }
      keep(d.emulator.oauth.clientSecret);
      const yandexTokens = d.yandexOAuth.tokenExchanges.length;
      expect(yandexTokens).toBeGreaterThanOrEqual(logins);
      const rows = await d.query<Record<string, unknown>>('SELECT * FROM toolsmith_oauth');
      expect([...new Set(rows.map((row) => row.model))]).toEqual(
        expect.arrayContaining(['Client', 'Grant', 'RefreshToken', 'UpstreamCredentials', 'ServerKeys']),
      );
      const table = JSON.stringify(rows);
      expect(seen.size).toBeGreaterThan(3 * yandexTokens);
      for (const secret of seen) expect(table).not.toContain(secret);
      for (const row of rows)
        expect(String(row.payload_jwe)).toMatch(/^eyJ[\w-]*\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    });

    it('keeps serving the same tokens, logins and refreshes after a replica is killed', async () => {
      const client = await newClient('survivor client');
      const before = await login(discovered, client, 'bob');
      expect(await d.replicas.get('a')!.stop('SIGKILL')).toBeNull();
      const mark = await logLength();
      for (const era of ['legacy', 'modern'] as const) {
        expect(
          await whoami(d.mcpUrl, before.tokens.access_token, { era, tag: `survivor-${era}`, calls: 3 }),
        ).toEqual(Array(3).fill('bob'));
      }
      const refreshed = await refresh(discovered, client, before.tokens.refresh_token!);
      const after = await login(discovered, await newClient('after the kill'), 'carol');
      keep(refreshed.access_token, refreshed.refresh_token);
      expect(
        await whoami(d.mcpUrl, refreshed.access_token, { era: 'modern', tag: 'survivor-refreshed' }),
      ).toEqual(['bob']);
      expect(
        await whoami(d.mcpUrl, after.tokens.access_token, { era: 'modern', tag: 'survivor-login' }),
      ).toEqual(['carol']);
      const served = await logAfter(mark, (entries) => entries.some((e) => e.tag === 'survivor-login'));
      // Every request answered by b; the ones nginx sent to the dead replica first were moved on.
      expect(served.every((e) => e.status < 500)).toBe(true);
      expect(new Set(served.map((e) => replicaOf(e.upstreams.at(-1)!)))).toEqual(new Set(['b']));
      expect(served.some((e) => e.upstreams.length === 2 && replicaOf(e.upstreams[0]!) === 'a')).toBe(true);
    }, 60_000);

    it('closes its store on SIGTERM: exit 0, no connection left in PostgreSQL', async () => {
      const connections = async () =>
        Number(
          (
            await d.query<{ n: string }>(
              'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
            )
          )[0]!.n,
        );
      expect(await connections()).toBeGreaterThan(0);
      expect(await d.replicas.get('b')!.stop('SIGTERM')).toBe(0);
      const deadline = Date.now() + 10_000;
      while ((await connections()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await connections()).toBe(0);
    }, 30_000);
  },
);

describe('one server on PGlite (YANDEX_TRACKER_AUTH_DB)', () => {
  it('keeps logins across a restart and refuses a second process on its directory, pointing at DATABASE_URL', async () => {
    const emulator = await createTrackerEmulator();
    const directory = join(tempDir('tracker-auth-pglite-'), 'auth');
    const env = {
      YANDEX_TRACKER_API_BASE: emulator.url,
      YANDEX_ORG_ID: emulator.orgId,
      YANDEX_OAUTH_CLIENT_ID: emulator.oauth.clientId,
      YANDEX_OAUTH_CLIENT_SECRET: emulator.oauth.clientSecret,
      YANDEX_OAUTH_BASE: emulator.oauth.base,
      YANDEX_LOGIN_BASE: emulator.oauth.loginBase,
      YANDEX_TRACKER_AUTH_DB: directory,
      MCP_AUTH_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 3).toString('base64url')}`,
    };
    const first = await startReplica({ name: 'pglite', args: ['--auth', 'builtin'], env });
    try {
      emulator.oauth.addRedirectUri(`${first.origin}/oauth/callback`);
      expect(first.stderr()).toContain(`"store":"PGlite in ${directory} (YANDEX_TRACKER_AUTH_DB)"`);
      const mcpUrl = `${first.origin}/mcp`;
      const local = await discoverFrom401(mcpUrl);
      const client = await registerPublicClient(local, 'pglite client');
      const { tokens } = await signIn(local, client, 'alice');
      expect(await whoami(mcpUrl, tokens.access_token, { era: 'modern', tag: 'pglite' })).toEqual(['alice']);

      const second = await runToExit(['--auth', 'builtin'], env);
      expect(second.code).toBe(1);
      expect(second.stderr).toContain('- YANDEX_TRACKER_AUTH_DB: names a directory in use.');
      expect(second.stderr).toContain(`is in use by process ${first.pid}`);
      expect(second.stderr).toContain(
        'for several replicas, keep the logins in PostgreSQL: set DATABASE_URL',
      );

      expect(await first.stop('SIGTERM')).toBe(0);
      expect(existsSync(join(directory, LOCK_FILE))).toBe(false);
      // The same port, so the same issuer and audience: the tokens issued before the restart.
      const again = await startReplica({
        name: 'pglite-again',
        args: ['--auth', 'builtin'],
        env,
        port: first.port,
      });
      try {
        expect(await whoami(mcpUrl, tokens.access_token, { era: 'legacy', tag: 'pglite-again' })).toEqual([
          'alice',
        ]);
        const refreshed = await refresh(local, client, tokens.refresh_token!);
        expect(await whoami(mcpUrl, refreshed.access_token, { era: 'modern', tag: 'pglite-again' })).toEqual([
          'alice',
        ]);
      } finally {
        await again.stop();
      }
    } finally {
      await first.stop();
      await emulator.close();
    }
  }, 120_000);
});
