import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startFakeUpstream, type FakeUpstream } from './__fixtures__/fake-upstream.ts';
import { ephemeralEncryptionKeys } from './encryption-keys.ts';
import { createMemoryOAuthStore } from './oauth-store.ts';
import { createSealedRecords } from './sealed-records.ts';
import { createTokenVault, type TokenVault } from './token-vault.ts';
import { UpstreamLoginRequiredError } from './upstream-login-required-error.ts';
import type { UpstreamTokens } from './upstream-provider.ts';

const ALICE = { id: 'u-1', name: 'Alice', email: 'alice@example.com' };

let upstream: FakeUpstream;
let now: number;
let vault: TokenVault;

/** Signs alice in at the fake upstream, as the authorization server's callback does. */
async function signedIn(): Promise<UpstreamTokens> {
  const provider = upstream.provider();
  const authorize = new URL(
    provider.authorizeUrl({ state: 's', redirectUri: 'http://127.0.0.1/cb', loginHint: 'alice' }),
  );
  const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
  return provider.exchangeCode({ code: back.searchParams.get('code')!, redirectUri: 'http://127.0.0.1/cb' });
}

beforeAll(async () => {
  upstream = await startFakeUpstream({ alice: ALICE });
});

afterAll(() => upstream.close());

beforeEach(() => {
  now = Date.now();
  upstream.expiresIn = 600;
  vault = createTokenVault({
    records: createSealedRecords(createMemoryOAuthStore(), ephemeralEncryptionKeys()),
    provider: upstream.provider(),
    now: () => now,
  });
});

describe('token vault', () => {
  it('hands out the kept token while it is fresh, in the scheme the API takes', async () => {
    const tokens = await signedIn();
    await vault.save('fake:u-1', tokens, ALICE);
    const before = upstream.calls.refresh_token;
    expect(await vault.credentials('fake:u-1')).toEqual({
      scheme: 'Bearer',
      token: tokens.accessToken,
      expiresAt: tokens.expiresAt,
    });
    expect(upstream.calls.refresh_token).toBe(before);
    expect(await vault.account('fake:u-1')).toEqual(ALICE);
  });

  it('refreshes a token about to expire once, however many calls ask at the same moment', async () => {
    const tokens = await signedIn();
    await vault.save('fake:u-1', tokens, ALICE);
    now = (tokens.expiresAt! - 30) * 1000; // inside the 60 s margin
    upstream.expiresIn = 3600;
    const before = upstream.calls.refresh_token;
    const answers = await Promise.all(Array.from({ length: 5 }, () => vault.credentials('fake:u-1')));
    expect(upstream.calls.refresh_token).toBe(before + 1);
    expect(new Set(answers.map((a) => a.token)).size).toBe(1);
    expect(answers[0]!.token).not.toBe(tokens.accessToken);
    // The renewed pair is kept: the next call needs no refresh.
    expect((await vault.credentials('fake:u-1')).token).toBe(answers[0]!.token);
    expect(upstream.calls.refresh_token).toBe(before + 1);
  });

  it('a refresh the provider refuses asks the user to sign in again, without the token in the message', async () => {
    const tokens = await signedIn();
    await vault.save('fake:u-1', tokens, ALICE);
    now = tokens.expiresAt! * 1000;
    upstream.failNextToken = 400;
    const error = await vault.credentials('fake:u-1').catch((e: unknown) => e);
    expect(UpstreamLoginRequiredError.isInstance(error)).toBe(true);
    expect((error as UpstreamLoginRequiredError).userFacing).toBe(true);
    expect((error as Error).message).toMatch(
      /fake did not renew the expired sign-in\. Sign in to fake again/,
    );
    expect((error as Error).message).not.toContain(tokens.refreshToken!);
  });

  it('no kept sign-in, or an expired one without a refresh token: sign in again', async () => {
    await expect(vault.credentials('fake:nobody')).rejects.toThrow(/No fake sign-in is kept for this user/);
    await vault.save(
      'fake:u-1',
      { accessToken: 'a', scheme: 'Bearer', expiresAt: Math.floor(now / 1000) - 1 },
      ALICE,
    );
    await expect(vault.credentials('fake:u-1')).rejects.toThrow(/The fake sign-in has expired/);
  });

  it('forget drops the kept sign-in', async () => {
    await vault.save('fake:u-1', await signedIn(), ALICE);
    await vault.forget('fake:u-1');
    await expect(vault.credentials('fake:u-1')).rejects.toThrow(/No fake sign-in/);
  });
});
