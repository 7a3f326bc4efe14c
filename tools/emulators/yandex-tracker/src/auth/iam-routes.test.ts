/**
 * Yandex Cloud IAM on the emulator, over raw HTTP: an authorized key file in Yandex's format, its
 * PS256 JWT exchanged at `/iam/v1/tokens`, every way a JWT is refused, the IAM token's lifetime, and
 * Tracker acting as the service account's user with `Bearer <iam>` and `X-Cloud-Org-ID`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { createTrackerEmulator, type TrackerEmulator } from '../create-tracker-emulator.ts';
import { signServiceAccountJwt } from './__fixtures__/sign-service-account-jwt.ts';
import {
  createServiceAccountKey,
  IAM_TOKEN_AUDIENCE,
  type ServiceAccountKeyFile,
} from './service-account-key.ts';

let tracker: TrackerEmulator;
let key: ServiceAccountKeyFile;
let now = Date.parse('2026-11-20T10:00:00.000Z');
beforeAll(async () => {
  tracker = await createTrackerEmulator({ now: () => now, iamTokenTtlMs: 120_000 });
  key = await tracker.iam.createKey({ login: 'carol' });
});
afterAll(() => tracker.close());
beforeEach(() => tracker.reset());

async function exchange(body: unknown, raw = false) {
  const response = await fetch(tracker.iam.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function iamToken(): Promise<string> {
  const { status, json } = await exchange({ jwt: await signServiceAccountJwt(key, now) });
  expect(status).toBe(200);
  return json['iamToken'] as string;
}

/** A Tracker request with the IAM token and the cloud organisation (plus `headers`). */
const tracked = (path: string, iam: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(`${tracker.url}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${iam}`,
      'x-cloud-org-id': tracker.cloudOrgId,
      'content-type': 'application/json',
      ...headers,
    },
  });

describe('the authorized key file', () => {
  it('has Yandex’s fields and format, the private key behind its marker line', async () => {
    const file = await createServiceAccountKey({ serviceAccountId: 'ajeserviceaccount001' });
    expect(Object.keys(file).sort()).toEqual([
      'created_at',
      'id',
      'key_algorithm',
      'private_key',
      'public_key',
      'service_account_id',
    ]);
    expect(file.id).toMatch(/^aje[a-v0-9]{17}$/);
    expect(file.service_account_id).toBe('ajeserviceaccount001');
    expect(file.key_algorithm).toBe('RSA_2048');
    expect(Number.isNaN(Date.parse(file.created_at))).toBe(false);
    expect(file.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(file.private_key).toMatch(
      new RegExp(
        `^PLEASE DO NOT REMOVE THIS LINE! Yandex\\.Cloud SA Key ID <${file.id}>\\n-----BEGIN PRIVATE KEY-----\\n`,
      ),
    );
  });
});

describe('POST /iam/v1/tokens', () => {
  it('exchanges a PS256 JWT for {iamToken: "t1.…", expiresAt} that expires after iamTokenTtlMs', async () => {
    const { status, json } = await exchange({ jwt: await signServiceAccountJwt(key, now) });
    expect(status).toBe(200);
    expect(Object.keys(json).sort()).toEqual(['expiresAt', 'iamToken']);
    expect(json['iamToken']).toMatch(/^t1\.[\w-]+\.[\w-]+$/);
    expect(json['expiresAt']).toBe(new Date(now + 120_000).toISOString());
    expect(tracker.iam.audience).toBe(IAM_TOKEN_AUDIENCE);
  });

  const refused = (status: number, code: number, message: RegExp) =>
    expect.objectContaining({
      status,
      json: expect.objectContaining({ code, message: expect.stringMatching(message) }),
    });

  it('refuses a body without a JWT or a JWT that is not one with 400 code 3 (INVALID_ARGUMENT)', async () => {
    expect(await exchange({})).toEqual(refused(400, 3, /jwt/));
    expect(await exchange('not json', true)).toEqual(refused(400, 3, /jwt/));
    expect(await exchange({ jwt: 'abc.def' })).toEqual(refused(400, 3, /not a JWT/));
    expect((await exchange({})).json['details']).toEqual([
      { '@type': 'type.googleapis.com/google.rpc.RequestInfo', requestId: expect.any(String) },
    ]);
  });

  it('refuses every JWT that does not verify with 401 code 16 (UNAUTHENTICATED)', async () => {
    const iat = Math.floor(now / 1000);
    const forged = await createServiceAccountKey({ id: key.id, serviceAccountId: key.service_account_id });
    const header = Buffer.from(JSON.stringify({ alg: 'none', kid: key.id })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ iss: key.service_account_id, aud: IAM_TOKEN_AUDIENCE, iat, exp: iat + 60 }),
    ).toString('base64url');
    const cases: Array<[string, string]> = [
      ['unknown kid', await signServiceAccountJwt(key, now, { kid: 'ajeunknownkey0000000' })],
      ['wrong audience', await signServiceAccountJwt(key, now, { aud: 'https://example.com/' })],
      ['wrong issuer', await signServiceAccountJwt(key, now, { iss: 'ajeanotheraccount000' })],
      ['expired', await signServiceAccountJwt(key, now, { iat: iat - 7200, exp: iat - 3600 })],
      ['lives over an hour', await signServiceAccountJwt(key, now, { exp: iat + 3601 })],
      ['iat in the future', await signServiceAccountJwt(key, now, { iat: iat + 1800, exp: iat + 2400 })],
      ['RS256 instead of PS256', await signServiceAccountJwt(key, now, { alg: 'RS256' })],
      ['alg none', `${header}.${body}.`],
      ['signed by another key with the same kid', await signServiceAccountJwt(forged, now)],
    ];
    for (const [name, jwt] of cases) {
      const answer = await exchange({ jwt });
      expect({ name, answer }).toEqual({ name, answer: refused(401, 16, /^Invalid JWT/) });
    }
    // A JWT living exactly an hour is fine.
    expect((await exchange({ jwt: await signServiceAccountJwt(key, now, { exp: iat + 3600 }) })).status).toBe(
      200,
    );
  });

  it('refuses the JWTs of a removed key; accepts an existing key file once added', async () => {
    const external = await createServiceAccountKey();
    expect((await exchange({ jwt: await signServiceAccountJwt(external, now) })).status).toBe(401);
    await tracker.iam.addKey(external, 'dave');
    const { json } = await exchange({ jwt: await signServiceAccountJwt(external, now) });
    const me = await tracked('/v2/myself', json['iamToken'] as string);
    expect(((await me.json()) as { login: string }).login).toBe('dave');
    expect(tracker.iam.removeKey(external.id)).toBe(true);
    expect((await exchange({ jwt: await signServiceAccountJwt(external, now) })).status).toBe(401);
  });
});

describe('Tracker with an IAM token', () => {
  it('acts as the service account’s user (myself, attribution) with X-Cloud-Org-ID only', async () => {
    const iam = await iamToken();
    const me = await tracked('/v3/myself', iam);
    expect(me.status).toBe(200);
    expect(((await me.json()) as { login: string }).login).toBe('carol');
    const created = await tracked(
      '/v2/issues',
      iam,
      {},
      {
        method: 'POST',
        body: JSON.stringify({ queue: 'DEMO', summary: 'Filed by the robot' }),
      },
    );
    expect(created.status).toBe(201);
    const carolUid = String(tracker.state.users.find((u) => u.login === 'carol')!.uid);
    expect(((await created.json()) as { createdBy: { id: string } }).createdBy.id).toBe(carolUid);
    const with360 = await tracked('/v2/myself', iam, { 'x-org-id': tracker.orgId });
    expect(with360.status).toBe(400); // both headers
    const only360 = await fetch(`${tracker.url}/v2/myself`, {
      headers: { authorization: `Bearer ${iam}`, 'x-org-id': tracker.orgId },
    });
    expect(only360.status).toBe(403);
    const asOAuth = await fetch(`${tracker.url}/v2/myself`, {
      headers: { authorization: `OAuth ${iam}`, 'x-cloud-org-id': tracker.cloudOrgId },
    });
    expect(asOAuth.status).toBe(401);
  });

  it('an expired IAM token gets Tracker’s 401; a new exchange (the refresh) works; tokenTtlMs can change', async () => {
    const first = await iamToken();
    now += 119_000;
    expect((await tracked('/v2/myself', first)).status).toBe(200);
    const second = await iamToken();
    now += 1_000;
    const expired = await tracked('/v2/myself', first);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      statusCode: 401,
      errorMessages: ['Не авторизован. Unauthorized.'],
    });
    expect((await tracked('/v2/myself', second)).status).toBe(200);

    tracker.iam.tokenTtlMs = 5_000;
    const short = await exchange({ jwt: await signServiceAccountJwt(key, now) });
    expect(short.json['expiresAt']).toBe(new Date(now + 5_000).toISOString());
    tracker.iam.tokenTtlMs = 120_000;
  });

  it('a revoked IAM token is 401; tokens survive reset()', async () => {
    const iam = await iamToken();
    tracker.reset();
    expect((await tracked('/v2/myself', iam)).status).toBe(200);
    expect(tracker.iam.revokeToken(iam)).toBe(true);
    expect((await tracked('/v2/myself', iam)).status).toBe(401);
  });
});
