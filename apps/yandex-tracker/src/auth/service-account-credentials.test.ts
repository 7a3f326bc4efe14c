import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createStreamLogger } from '@toolsmith/core';
import {
  createIamEndpoint,
  generateServiceAccountKey,
  type IamEndpoint,
} from './__fixtures__/iam-fixture.ts';
import type { CredentialSource } from './credential-source.ts';
import { ServiceAccountAuthError } from './service-account-auth-error.ts';
import {
  createServiceAccountCredentials,
  YANDEX_IAM_TOKEN_URL,
  type ServiceAccountCredentialsOptions,
} from './service-account-credentials.ts';
import { readServiceAccountKey } from './service-account-key.ts';

const generated = generateServiceAccountKey();
const key = readServiceAccountKey({ YANDEX_SA_KEY_FILE: 'key.json' }, () => generated.file).key!;
const LIFE = 600_000;

let clock: number;
const now = () => clock;
let iam: IamEndpoint;
let lines: string[];

beforeEach(async () => {
  clock = Date.parse('2026-03-01T10:00:00Z');
  iam = await createIamEndpoint(generated, { now, lifetimeMs: LIFE });
  lines = [];
});
afterEach(() => iam.close());

function source(options: Partial<ServiceAccountCredentialsOptions> = {}): CredentialSource {
  return createServiceAccountCredentials({
    key,
    iamEndpoint: iam.url,
    now,
    random: () => 0,
    retries: 0,
    retryDelayMs: 5_000,
    logger: createStreamLogger({ level: 'debug', write: (line) => lines.push(line) }),
    ...options,
  });
}

/** Waits (real time) until `check` holds: a refresh runs in the background of the request that started it. */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const exchanges = () => iam.api.requests.length;

describe('service account credentials', () => {
  it('exchanges a PS256 JWT of the authorized key for an IAM token, once for concurrent requests', async () => {
    const credentials = source();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => credentials.credentials()));
    expect(iam.issued).toHaveLength(1);
    for (const answer of answers) expect(answer).toEqual({ scheme: 'Bearer', token: iam.issued[0] });
    const issuedAt = clock / 1000;
    expect(iam.jwts[0]).toEqual({
      header: { alg: 'PS256', typ: 'JWT', kid: generated.keyId },
      claims: {
        iss: generated.serviceAccountId,
        aud: YANDEX_IAM_TOKEN_URL,
        iat: issuedAt,
        exp: issuedAt + 3600,
      },
    });
    expect(credentials.kind).toBe('service-account');
    expect(credentials.principal).toMatch(/^[0-9a-f]{64}$/);
    clock += 60_000;
    await credentials.credentials();
    expect(exchanges()).toBe(1); // cached
  });

  it('refreshes at 90% of the life, without a restart: requests meanwhile go on with the current token', async () => {
    const credentials = source();
    const first = await credentials.credentials();
    clock += LIFE * 0.9 - 1000;
    expect(await credentials.credentials()).toEqual(first);
    expect(exchanges()).toBe(1);
    clock += 2000; // past 90%
    const during = await Promise.all([1, 2, 3].map(() => credentials.credentials()));
    for (const answer of during) expect(answer).toEqual(first); // not kept waiting
    await until(async () => (await credentials.credentials()).token !== first.token, 'the new token');
    expect(await credentials.credentials()).toEqual({ scheme: 'Bearer', token: iam.issued[1] });
    expect(exchanges()).toBe(2); // one refresh for every request past the point
    // and the next one 90% into the new token's life
    clock += LIFE * 0.9 + 1000;
    await credentials.credentials();
    await until(() => iam.issued.length === 3, 'the second refresh');
  });

  it('takes up to 5% of the life off the refresh point at random, so replicas spread out', async () => {
    const credentials = source({ random: () => 0.999 });
    await credentials.credentials();
    clock += LIFE * 0.84;
    await credentials.credentials();
    expect(exchanges()).toBe(1);
    clock += LIFE * 0.02; // 86%: past 90% - 5% × 0.999
    await credentials.credentials();
    await until(() => iam.issued.length === 2, 'the jittered refresh');
  });

  it('keeps the current token until it expires when refreshing fails, warns without a token, and retries later', async () => {
    const credentials = source();
    const first = await credentials.credentials();
    iam.api.faults.add({ kind: 'status', status: 503, times: Infinity });
    clock += LIFE * 0.92;
    expect(await credentials.credentials()).toEqual(first);
    await until(() => lines.some((line) => line.includes('"level":"warn"')), 'the warning');
    const warning = JSON.parse(lines.find((line) => line.includes('"level":"warn"'))!) as Record<
      string,
      unknown
    >;
    expect(warning).toMatchObject({
      msg: 'service account IAM token refresh failed; the current token is used until it expires',
      serviceAccountId: generated.serviceAccountId,
      expiresAt: new Date(Date.parse('2026-03-01T10:00:00Z') + LIFE).toISOString(),
    });
    expect(String(warning['error'])).toContain('503');
    const attempts = exchanges();
    clock += 1000; // within retryDelayMs: no new attempt
    expect(await credentials.credentials()).toEqual(first);
    expect(exchanges()).toBe(attempts);
    clock += 5000; // past it: one more attempt, still failing, still the current token
    expect(await credentials.credentials()).toEqual(first);
    await until(() => exchanges() === attempts + 1, 'the second attempt');
    // expired: the failure, saying what to check
    clock = Date.parse('2026-03-01T10:00:00Z') + LIFE + 6000;
    const failure = await credentials.credentials().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ServiceAccountAuthError.isInstance(failure)).toBe(true);
    const message = (failure as Error).message;
    expect(message).toContain(`service account ${generated.serviceAccountId} could not get an IAM token`);
    expect(message).toContain('YANDEX_SA_KEY_FILE');
    expect(message).not.toContain(first.token);
    // within the wait, the same failure without calling IAM again
    const before = exchanges();
    await expect(credentials.credentials()).rejects.toThrow('could not get an IAM token');
    expect(exchanges()).toBe(before);
    // IAM back: the next request after the wait gets a new token
    iam.api.faults.clear();
    clock += 5000;
    expect(await credentials.credentials()).toEqual({ scheme: 'Bearer', token: iam.issued.at(-1) });
    expect(iam.issued).toHaveLength(2);
  });

  it('exchanges a new token before the next request once Tracker refused the current one', async () => {
    const credentials = source();
    const first = await credentials.credentials();
    credentials.rejected?.({ scheme: 'Bearer', token: 'some older token' });
    expect(await credentials.credentials()).toEqual(first); // not the one in use: ignored
    credentials.rejected?.(first);
    const second = await credentials.credentials();
    expect(second.token).not.toBe(first.token);
    expect(second.token).toBe(iam.issued[1]);
  });

  it('refuses with the IAM answer when the key is not accepted', async () => {
    const other = generateServiceAccountKey(generated.keyId, generated.serviceAccountId);
    const wrong = readServiceAccountKey({ YANDEX_SA_KEY_FILE: 'k' }, () => other.file).key!;
    const failure = await source({ key: wrong })
      .credentials()
      .then(
        () => undefined,
        (error: unknown) => error as Error,
      );
    expect(failure?.message).toMatch(
      /could not get an IAM token from http:\/\/127\.0\.0\.1:\d+\/iam\/v1\/tokens \(.*401.*invalid JWT/,
    );
  });

  it('never writes a token, the JWT or the key to the log', async () => {
    const credentials = source();
    await credentials.credentials();
    iam.api.faults.add({ kind: 'status', status: 500, times: 1 });
    clock += LIFE * 0.91;
    await credentials.credentials();
    await until(() => lines.some((line) => line.includes('"level":"warn"')), 'the warning');
    clock += 6000;
    await credentials.credentials();
    // Issued is not yet in use: the answer is still on its way. Wait until the source hands it out,
    // or the expiry below would join that exchange instead of starting a third.
    await until(
      async () => (await credentials.credentials()).token === iam.issued[1],
      'the refreshed token in use',
    );
    clock = clock + LIFE * 2;
    await credentials.credentials();
    expect(iam.issued).toHaveLength(3);
    const log = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(5);
    const jwts = iam.api.requests.map((request) => (request.body as { jwt: string }).jwt);
    for (const secret of [...iam.issued, ...jwts]) expect(log).not.toContain(secret);
    const keyBody = key.privateKeyPem.split('\n')[1]!;
    expect(log).not.toContain(keyBody.slice(0, 24));
  });
});
