/**
 * `clickup-mcp --transport http --auth builtin`: the server is its users' OAuth authorization
 * server (core's, on oidc-provider: discovery, dynamic registration and client ID metadata
 * documents, PKCE, rotating refresh tokens, revocation) and delegates the login itself to ClickUp
 * OAuth (clickup-oauth-provider.ts). MCP clients hold only tokens this server issued for its own
 * MCP URL; each user's ClickUp token stays in the store, encrypted under MCP_AUTH_ENCRYPTION_KEYS,
 * and every call of theirs is made with it (deps.ts, `depsFor`).
 *
 * Loaded on demand (oidc-provider, PGlite): a stdio start, or HTTP with another auth mode, never
 * loads it.
 */
import { ConfigError, GENERATE_ENCRYPTION_KEY_COMMAND, type Logger } from '@toolsmith/core';
import type { BuiltinAuth, BuiltinAuthSettings } from '@toolsmith/core/auth';
import type { ClickUpConfig } from '../config.ts';
import { openAuthStore } from './auth-store.ts';
import { createClickUpOAuthProvider } from './clickup-oauth-provider.ts';

const ENCRYPTION_KEYS = 'MCP_AUTH_ENCRYPTION_KEYS';

/**
 * Refuses to start without the keys that encrypt the stored ClickUp tokens (or with malformed
 * ones), saying how to make one — before the port is opened or the store touched.
 */
export async function checkEncryptionKeys(env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const value = env[ENCRYPTION_KEYS]?.trim();
  if (!value) {
    throw new ConfigError({
      problems: [
        {
          variable: ENCRYPTION_KEYS,
          problem:
            "is not set, and --auth builtin keeps each user's ClickUp token in its store, encrypted with these keys.",
          howToFix: `Set it to kid:key pairs, each key 32 random bytes in base64url, the newest first; generate one with: ${GENERATE_ENCRYPTION_KEY_COMMAND}. Keep it secret and the same on every replica.`,
        },
      ],
    });
  }
  // Throws a ConfigError naming the malformed pair by position and kid, never the key.
  const { parseEncryptionKeys } = await import('@toolsmith/core/auth/authorization-server');
  parseEncryptionKeys(value, ENCRYPTION_KEYS);
}

export interface ClickUpAuthorizationServerOptions {
  /** For tests: how the ClickUp OAuth provider reaches ClickUp. */
  fetch?: typeof fetch;
  logger?: Logger;
}

/** The factory core's serve CLI calls once listening (`runServeCli({ builtinAuth })`). */
export async function createClickUpAuthorizationServer(
  settings: BuiltinAuthSettings,
  config: ClickUpConfig,
  options: ClickUpAuthorizationServerOptions = {},
): Promise<BuiltinAuth> {
  const oauth = config.oauth;
  if (!oauth) {
    throw new ConfigError({
      problems: [
        {
          variable: '--auth',
          problem: 'is builtin, but the server was configured without ClickUp OAuth.',
          howToFix:
            'Serve over HTTP (--transport http) with CLICKUP_OAUTH_CLIENT_ID and CLICKUP_OAUTH_CLIENT_SECRET set.',
        },
      ],
    });
  }
  await checkEncryptionKeys(settings.env);
  const logger = options.logger ?? settings.logger;
  const { createAuthorizationServer, createSqlOAuthStore } =
    await import('@toolsmith/core/auth/authorization-server');
  const store = await openAuthStore({ databaseUrl: config.databaseUrl, directory: oauth.store });
  try {
    const server = await createAuthorizationServer({
      issuer: settings.issuer ?? settings.resource.origin,
      resource: settings.resource,
      upstream: createClickUpOAuthProvider({
        clientId: oauth.clientId,
        clientSecret: oauth.clientSecret,
        authorizeUrl: oauth.authorizeUrl,
        apiBase: config.apiBase,
        timeoutMs: config.timeoutMs,
        logger,
        ...(options.fetch ? { fetch: options.fetch } : {}),
      }),
      store: createSqlOAuthStore(store.driver),
      env: settings.env,
      logger,
      // An https MCP URL served over plain HTTP sits behind a TLS-terminating proxy (nginx).
    });
    logger.info('built-in authorization server ready: users sign in with ClickUp', {
      issuer: server.issuer,
      // What the ClickUp OAuth app's Redirect URL must be.
      clickupRedirectUrl: server.upstreamRedirectUri,
      store: store.location,
    });
    return {
      verifier: server.verifier,
      authorizationServers: server.authorizationServers,
      endpoints: {
        handle: (req, res, pathname) => server.endpoints.handle(req, res, pathname),
        async close() {
          await server.close();
          await store.driver.close();
        },
      },
    };
  } catch (error) {
    await store.driver.close().catch(() => undefined);
    throw error;
  }
}
