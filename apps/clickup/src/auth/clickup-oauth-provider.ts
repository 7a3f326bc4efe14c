/**
 * ClickUp OAuth as the upstream login of core's built-in authorization server (`--auth builtin`):
 * the user is sent to `https://app.clickup.com/api?client_id&redirect_uri&state` (ClickUp's
 * authorization-code flow, research §2.1; `login_hint` passed on for the emulator's headless
 * approval), the code is exchanged at `POST {api}/oauth/token?client_id&client_secret&code` (query
 * parameters, as ClickUp documents it — not a form body), and the account is identified by
 * `GET {api}/user`. ClickUp's access tokens do not expire and come without a refresh token, so there
 * is no refresh: a revoked token means signing in again. Tokens are sent as `Bearer <token>`.
 */
import { ApiError, createHttpClient, type Logger } from '@toolsmith/core';
import type {
  UpstreamAccount,
  UpstreamProvider,
  UpstreamTokens,
} from '@toolsmith/core/auth/authorization-server';
import { z } from 'zod';
import { parseClickUpError } from '../api/clickup-error-body.ts';

export interface ClickUpOAuthProviderOptions {
  /** CLICKUP_OAUTH_CLIENT_ID: the OAuth app's Client ID. */
  clientId: string;
  /** CLICKUP_OAUTH_CLIENT_SECRET: the OAuth app's Client Secret. */
  clientSecret: string;
  /** Where users sign in: `https://app.clickup.com/api` (the emulator's `/api`). */
  authorizeUrl: string;
  /** The API v2 base (`https://api.clickup.com/api/v2`): its `/oauth/token` and `/user`. */
  apiBase: string;
  fetch?: typeof fetch;
  logger?: Logger;
  timeoutMs?: number;
}

const TokenAnswer = z.object({ access_token: z.string().min(1) });

const UserAnswer = z.object({
  user: z.object({
    id: z.union([z.number(), z.string()]).transform(String),
    username: z.string().nullish(),
    email: z.string().nullish(),
  }),
});

export function createClickUpOAuthProvider(options: ClickUpOAuthProviderOptions): UpstreamProvider {
  const apiBase = options.apiBase.replace(/\/+$/, '');
  // The code and the secret travel in the query (ClickUp's way): both are redacted from logs and errors.
  const inFlight = new Set<string>();
  const http = createHttpClient({
    baseUrl: apiBase,
    parseError: parseClickUpError,
    userAgent: 'clickup-mcp/0.1.0 (toolsmith)',
    timeoutMs: options.timeoutMs ?? 30_000,
    secrets: () => [options.clientSecret, ...inFlight],
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  return {
    name: 'clickup',
    authorizeUrl({ state, redirectUri, loginHint }) {
      const url = new URL(options.authorizeUrl);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      if (loginHint) url.searchParams.set('login_hint', loginHint);
      return url;
    },

    async exchangeCode({ code }, signal): Promise<UpstreamTokens> {
      inFlight.add(code);
      let data: unknown;
      try {
        // A code works once: never sent twice (idempotent: false).
        ({ data } = await http.request<unknown>({
          method: 'POST',
          path: '/oauth/token',
          query: { client_id: options.clientId, client_secret: options.clientSecret, code },
          idempotent: false,
          ...(signal ? { signal } : {}),
        }));
      } catch (error) {
        throw refusedCode(error);
      } finally {
        inFlight.delete(code);
      }
      const answer = TokenAnswer.safeParse(data);
      if (!answer.success) {
        throw new Error(
          `ClickUp answered ${apiBase}/oauth/token without an access_token: sign in again; if it goes on, check CLICKUP_API_BASE.`,
        );
      }
      // ClickUp's tokens do not expire ("at this time", research §2.1): no expiresAt, no refresh token.
      return { accessToken: answer.data.access_token, scheme: 'Bearer' };
    },

    async identify(tokens, signal): Promise<UpstreamAccount> {
      let data: unknown;
      try {
        ({ data } = await http.request<unknown>({
          method: 'GET',
          path: '/user',
          headers: { authorization: `Bearer ${tokens.accessToken}` },
          ...(signal ? { signal } : {}),
        }));
      } catch (error) {
        if (!ApiError.isInstance(error) || error.status !== 401) throw error;
        throw new Error(
          `ClickUp did not accept the token it had just issued (HTTP 401${error.apiCode ? ` ${error.apiCode}` : ''}): sign in again; if it goes on, check CLICKUP_API_BASE.`,
          { cause: error },
        );
      }
      const answer = UserAnswer.safeParse(data);
      if (!answer.success) throw new Error(`ClickUp answered ${apiBase}/user without a user id.`);
      const { id, username, email } = answer.data.user;
      return { id, ...(username ? { name: username } : {}), ...(email ? { email } : {}) };
    },
  };
}

/** A refused code exchange as what to do: ClickUp's code and words, never the code or secret. */
function refusedCode(error: unknown): Error {
  if (!ApiError.isInstance(error) || error.status < 400 || error.status >= 500) return error as Error;
  const body = error.body as { err?: unknown; ECODE?: unknown } | undefined;
  const said = [body?.ECODE, body?.err].filter((part) => typeof part === 'string').join(' ');
  return new Error(
    `ClickUp refused the sign-in code (HTTP ${error.status}${said ? `, ${said}` : ''}). Sign in again (a code works once); ` +
      "if it goes on, check CLICKUP_OAUTH_CLIENT_ID and CLICKUP_OAUTH_CLIENT_SECRET, and that the app's Redirect URL is this server's /oauth/callback.",
    { cause: error },
  );
}
