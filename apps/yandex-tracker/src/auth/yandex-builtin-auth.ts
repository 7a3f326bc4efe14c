/**
 * `--auth builtin` for the Tracker server: core's built-in authorization server (the "OAuth proxy")
 * with Yandex OAuth as the login. MCP clients register, authorize with PKCE and get tokens for this
 * server only; users log in at Yandex, and their Yandex tokens stay on the server, encrypted,
 * reaching every call as `ctx.auth.upstreamCredentials()` (the per-user deps of server.ts).
 *
 * Logins are kept in the store the environment names (config.ts, `loadAuthStoreConfig`; opened by
 * auth-store.ts): PostgreSQL with DATABASE_URL, shared by replicas; else PGlite in
 * YANDEX_TRACKER_AUTH_DB or the user's data directory; in memory only with
 * YANDEX_TRACKER_AUTH_DB=memory. The store closes with the server. Loaded when the server starts in
 * that mode only: oidc-provider is heavy to import.
 */
import type { OAuthStore } from '@toolsmith/core/auth/authorization-server';
import type { BuiltinAuthFactory } from '@toolsmith/core/mcp';
import { loadAuthStoreConfig, type UpstreamAuthConfig } from '../config.ts';
import { createYandexOAuthProvider } from './yandex-oauth-provider.ts';

export type YandexOAuthConfig = Extract<UpstreamAuthConfig, { mode: 'login' }>['yandexOAuth'];

export interface YandexBuiltinAuthOptions {
  /**
   * Where logins and the users' Yandex tokens are kept; the caller opens and closes it.
   * @default the store the environment names (DATABASE_URL, YANDEX_TRACKER_AUTH_DB), opened at start and closed with the server
   */
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
    const opened = options.store
      ? { store: options.store, async close() {} }
      : await import('./auth-store.ts').then(({ openAuthStore }) =>
          openAuthStore(loadAuthStoreConfig(env), { env, logger }),
        );
    let server: Awaited<ReturnType<typeof createAuthorizationServer>>;
    try {
      server = await createAuthorizationServer({
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
        store: opened.store,
      });
    } catch (error) {
      await opened.close().catch(() => undefined);
      throw error;
    }
    logger.info('Yandex OAuth login: register this redirect URI with the OAuth app', {
      redirectUri: server.upstreamRedirectUri,
    });
    return {
      verifier: server.verifier,
      endpoints: {
        handle: (req, res, pathname) => server.endpoints.handle(req, res, pathname),
        // serveHttp's close ends the resource server, which ends these: the store closes last.
        async close() {
          try {
            await server.endpoints.close?.();
            await server.close();
          } finally {
            await opened.close();
          }
        },
      },
      authorizationServers: server.authorizationServers,
    };
  };
}
