/**
 * Each user's upstream tokens, kept encrypted in the authorization server's store and handed to
 * tools as `ctx.auth.upstreamCredentials()`. A token close to expiry is refreshed first, once per
 * account however many calls ask at the same moment (single flight in this process; replicas
 * that refresh at the same moment each store a valid pair, the last write wins).
 */
import type { UpstreamCredentials } from '../auth-context.ts';
import type { SealedRecords } from './sealed-records.ts';
import { UpstreamLoginRequiredError } from './upstream-login-required-error.ts';
import type { UpstreamAccount, UpstreamProvider, UpstreamTokens } from './upstream-provider.ts';

const MODEL = 'UpstreamCredentials';

interface StoredCredentials {
  readonly tokens: UpstreamTokens;
  readonly account: UpstreamAccount;
}

export interface TokenVault {
  save(accountId: string, tokens: UpstreamTokens, account: UpstreamAccount): Promise<void>;
  /** The user's credentials, refreshed when they expire within the refresh margin. */
  credentials(accountId: string, signal?: AbortSignal): Promise<UpstreamCredentials>;
  account(accountId: string): Promise<UpstreamAccount | undefined>;
  forget(accountId: string): Promise<void>;
}

export interface TokenVaultOptions {
  records: SealedRecords;
  provider: UpstreamProvider;
  /** Refresh when the token expires within this many seconds; default 60. */
  refreshMarginSeconds?: number;
  /** Epoch milliseconds, injectable for tests. */
  now?: () => number;
}

export function createTokenVault(options: TokenVaultOptions): TokenVault {
  const { records, provider } = options;
  const margin = options.refreshMarginSeconds ?? 60;
  const now = options.now ?? Date.now;
  const refreshing = new Map<string, Promise<UpstreamTokens>>();

  async function read(accountId: string): Promise<StoredCredentials | undefined> {
    return (await records.get<StoredCredentials>(MODEL, accountId))?.value;
  }

  async function refresh(accountId: string, stored: StoredCredentials, signal?: AbortSignal) {
    const running = refreshing.get(accountId);
    if (running) return running;
    const started = (async () => {
      const { refreshToken } = stored.tokens;
      if (!refreshToken || !provider.refresh) {
        throw new UpstreamLoginRequiredError({
          provider: provider.name,
          reason: `The ${provider.name} sign-in has expired.`,
        });
      }
      let tokens: UpstreamTokens;
      try {
        tokens = await provider.refresh(refreshToken, signal);
      } catch (cause) {
        throw new UpstreamLoginRequiredError({
          provider: provider.name,
          reason: `${provider.name} did not renew the expired sign-in.`,
          cause,
        });
      }
      await records.put(MODEL, accountId, { tokens, account: stored.account } satisfies StoredCredentials);
      return tokens;
    })();
    refreshing.set(accountId, started);
    try {
      return await started;
    } finally {
      refreshing.delete(accountId);
    }
  }

  return {
    async save(accountId, tokens, account) {
      await records.put(MODEL, accountId, { tokens, account } satisfies StoredCredentials);
    },
    async credentials(accountId, signal) {
      const stored = await read(accountId);
      if (!stored) {
        throw new UpstreamLoginRequiredError({
          provider: provider.name,
          reason: `No ${provider.name} sign-in is kept for this user.`,
        });
      }
      let { tokens } = stored;
      const nowSeconds = now() / 1000;
      if (tokens.expiresAt !== undefined && tokens.expiresAt - margin <= nowSeconds) {
        tokens = await refresh(accountId, stored, signal);
      }
      return {
        scheme: tokens.scheme,
        token: tokens.accessToken,
        ...(tokens.expiresAt === undefined ? {} : { expiresAt: tokens.expiresAt }),
      };
    },
    async account(accountId) {
      return (await read(accountId))?.account;
    },
    async forget(accountId) {
      await records.destroy(MODEL, accountId);
    },
  };
}
