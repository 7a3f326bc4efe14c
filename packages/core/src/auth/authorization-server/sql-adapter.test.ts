/**
 * The authorization server on SQL (PGlite here; PostgreSQL takes the same statements): replicas
 * sharing the table finish each other's logins and refreshes, the rows hold no token in clear, and
 * the encryption keys rotate without a migration.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PGlite } from '@electric-sql/pglite';
import { refreshAuthorization } from '@modelcontextprotocol/client';
import { decodeProtectedHeader } from 'jose';
import { startFakeUpstream, type FakeUpstream } from './__fixtures__/fake-upstream.ts';
import { authorize, registerPublicClient, signIn, startRig, whoami, type Rig } from './__fixtures__/rig.ts';
import { createAuthorizationServer } from './create-authorization-server.ts';
import { digest } from './sealed-records.ts';
import { createSqlOAuthStore, type SqlQueryable } from './sql-adapter.ts';

const key = () => randomBytes(32).toString('base64url');
const K1 = `k1:${key()}`;
const K2 = `k2:${key()}`;

interface RawRow {
  model: string;
  id_hash: string;
  payload_jwe: string;
  grant_id: string | null;
  uid: string | null;
}

let db: PGlite;
let sql: SqlQueryable;
let upstream: FakeUpstream;
let rig: Rig;

beforeAll(async () => {
  db = await PGlite.create();
  sql = { query: async (text, params) => (await db.query(text, params ? [...params] : [])).rows as never };
  upstream = await startFakeUpstream({
    alice: { id: 'u-1', name: 'Alice', email: 'alice@example.com' },
    bob: { id: 'u-2', name: 'Bob', email: 'bob@example.com' },
  });
  upstream.expiresIn = 3600;
  rig = await startRig(upstream, {
    store: createSqlOAuthStore(sql),
    env: { MCP_AUTH_ENCRYPTION_KEYS: K1 },
    replicas: 2,
  });
  // PGlite takes seconds to start on a busy machine.
}, 60_000);

afterAll(async () => {
  await rig.close();
  await upstream.close();
  await db.close();
});

const rows = () => sql.query<RawRow>('SELECT * FROM toolsmith_oauth');

describe('replicas sharing the table', () => {
  it('a login hops between two replicas at every request and ends with a token both accept', async () => {
    const { client, tokens } = await signIn(rig, 'alice');
    for (const replica of rig.servers) {
      expect(await replica.verifier.verify(tokens.access_token)).toMatchObject({ subject: 'fake:u-1' });
    }
    expect((await whoami(rig, tokens.access_token)).body).toMatchObject({ upstreamUser: { id: 'u-1' } });
    const rotated = await refreshAuthorization(rig.issuer, {
      metadata: rig.metadata,
      clientInformation: client,
      refreshToken: tokens.refresh_token!,
      resource: rig.resource,
    });
    // The old refresh token used again, on whichever replica: the grant is gone on both.
    const reuse = await fetch(`${rig.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: client.client_id,
      }),
    });
    expect(reuse.status).toBe(400);
    for (const replica of rig.servers) {
      await expect(replica.verifier.verify(rotated.access_token)).rejects.toMatchObject({
        code: 'invalid_token',
      });
    }
  });

  it('a code redeemed at two replicas at once is accepted once', async () => {
    const client = await registerPublicClient(rig);
    const authorized = await authorize(rig, client, { user: 'bob' });
    const redeem = () =>
      fetch(`${rig.issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: authorized.code!,
          code_verifier: authorized.codeVerifier,
          redirect_uri: client.redirect_uris[0]!,
          client_id: client.client_id,
        }),
      });
    const statuses = (await Promise.all([redeem(), redeem()])).map((response) => response.status).sort();
    expect(statuses).toEqual([200, 400]);
  });
});

describe('at rest', () => {
  it('the rows hold no token, code or upstream token in clear: ids are digests, payloads JWE', async () => {
    const { tokens } = await signIn(rig, 'bob');
    const client = await registerPublicClient(rig);
    const authorized = await authorize(rig, client, { user: 'alice' });
    const raw = JSON.stringify(await rows());
    const secrets = [
      tokens.access_token,
      tokens.refresh_token!,
      authorized.code!,
      ...upstream.issued,
      upstream.clientSecret,
      'alice@example.com',
    ];
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(raw).not.toContain(secret);
    // The refresh token's own digest is the id of its row: found by digest, never by value.
    const all = await rows();
    expect(
      all.some((row) => row.model === 'RefreshToken' && row.id_hash === digest(tokens.refresh_token!)),
    ).toBe(true);
    for (const row of all) {
      expect(row.id_hash).toMatch(/^[\w-]{43}$/);
      expect(decodeProtectedHeader(row.payload_jwe)).toEqual({ alg: 'dir', enc: 'A256GCM', kid: 'k1' });
    }
  });

  it('a row copied onto another id does not open (one user cannot be given another one’s upstream tokens)', async () => {
    const all = await rows();
    const [first, second] = all.filter((row) => row.model === 'UpstreamCredentials');
    expect(second).toBeDefined();
    await sql.query('UPDATE toolsmith_oauth SET payload_jwe = $1 WHERE model = $2 AND id_hash = $3', [
      first!.payload_jwe,
      'UpstreamCredentials',
      second!.id_hash,
    ]);
    const victim = await Promise.any(
      ['fake:u-1', 'fake:u-2'].map(async (account) => {
        await rig.server.vault.credentials(account);
        throw new Error('opened');
      }),
    ).catch((error: AggregateError) => error.errors.map((e: Error) => e.message));
    expect(victim.some((message: string) => /sealed for another record/.test(message))).toBe(true);
    await sql.query("DELETE FROM toolsmith_oauth WHERE model = 'UpstreamCredentials'");
  });

  it('key rotation: a replica with a new key first reads old rows and writes them back under the new key', async () => {
    const { tokens } = await signIn(rig, 'alice');
    const rotated = await createAuthorizationServer({
      issuer: rig.issuer,
      upstream: upstream.provider(),
      store: createSqlOAuthStore(sql),
      env: { MCP_AUTH_ENCRYPTION_KEYS: `${K2},${K1}` },
    });
    // Its start-up read its generated signing and cookie keys: they are under k2 now.
    const kid = (row: RawRow) => decodeProtectedHeader(row.payload_jwe).kid;
    const keysRows = (await rows()).filter((row) => row.model === 'ServerKeys');
    expect(keysRows.map(kid)).toEqual(['k2', 'k2']);
    // Verifying reads the grant; asking for upstream credentials reads the vault row.
    const context = await rotated.verifier.verify(tokens.access_token);
    expect((await context.upstreamCredentials!()).token).toEqual(expect.any(String));
    const touched = (await rows()).filter(
      (row) => row.model === 'Grant' || row.model === 'UpstreamCredentials',
    );
    expect(touched.filter((row) => kid(row) === 'k2').length).toBeGreaterThanOrEqual(2);
    // Once every row was read, the old key can go.
    const onlyNew = await createAuthorizationServer({
      issuer: rig.issuer,
      upstream: upstream.provider(),
      store: createSqlOAuthStore(sql),
      env: { MCP_AUTH_ENCRYPTION_KEYS: K2 },
    });
    expect((await onlyNew.verifier.verify(tokens.access_token)).subject).toBe('fake:u-1');
  });

  it('without MCP_AUTH_ENCRYPTION_KEYS a database store is refused, saying how to make a key', async () => {
    await expect(
      createAuthorizationServer({
        issuer: rig.issuer,
        upstream: upstream.provider(),
        store: createSqlOAuthStore(sql),
        env: {},
      }),
    ).rejects.toThrow(/MCP_AUTH_ENCRYPTION_KEYS.*not set.*randomBytes\(32\)/s);
  });
});
