/**
 * `--auth builtin` for the Tracker server: core's built-in authorization server (the "OAuth proxy")
 * with Yandex OAuth as the upstream login. MCP clients register, authorize with PKCE and get
 * tokens for this server only; users log in at Yandex, and their Yandex tokens stay on the server,
 * encrypted, reaching every call as `ctx.auth.upstreamCredentials()` (the per-user deps of
 * server.ts). Loaded when the server starts in that mode only: oidc-provider is heavy to import.
 */
import type { OAuthStore } from '@toolsmith/core/auth/authorization-server';
import type { BuiltinAuthFactory } from '@toolsmith/core/mcp';
import type { UpstreamAuthConfig } from '../config.ts';
import { createYandexOAuthProvider } from './yandex-oauth-provider.ts';

export type YandexOAuthConfig = Extract<UpstreamAuthConfig, { mode: 'login' }>['yandexOAuth'];

export interface YandexBuiltinAuthOptions {
  /** Where logins and the users' Yandex tokens are kept. @default core's in-memory store (one process) */
  store?: OAuthStore;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** The `builtinAuth` of core's serve CLI (and `configureAuth`): Yandex OAuth as the login. */
export function yandexBuiltinAuth(
  yandexOAuth: () => YandexOAuthConfig,
  options: YandexBuiltinAuthOptions = {},
): BuiltinAuthFactory {
  return async ({ resource, issuer, logger, env }) => {
    const { createAuthorizationServer } = await import('@toolsmith/core/auth/authorization-server');
    const server = await createAuthorizationServer({
      issuer: issuer ?? resource.origin,
      resource,
      upstream: createYandexOAuthProvider({
        ...yandexOAuth(),
        logger,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      }),
      env,
      logger,
      ...(options.store ? { store: options.store } : {}),
    });
    logger.info('Yandex OAuth login: register this redirect URI with the OAuth app', {
      redirectUri: server.upstreamRedirectUri,
    });
    return {
      verifier: server.verifier,
      endpoints: server.endpoints,
      authorizationServers: server.authorizationServers,
    };
  };
}
