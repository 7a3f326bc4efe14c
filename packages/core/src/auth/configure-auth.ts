/**
 * From the serve command line's auth settings (`--auth`, `--auth-issuer`, `--auth-audience`,
 * `--public-url`, `--auth-api-keys`, `MCP_AUTH_CLIENT_ID`/`MCP_AUTH_CLIENT_SECRET`) to a
 * ResourceServer: the issuer's metadata is read at start-up (jwt, introspection), the keys file
 * loaded (api-key), or the app's built-in authorization server made (builtin). Anything missing or
 * unusable is a ConfigError naming the setting and the fix, so the server does not start half
 * configured.
 */
import { ConfigError } from '../errors/config-error.ts';
import type { Logger } from '../logging/logger.ts';
import { createApiKeyVerifier, loadApiKeys } from './api-key-verifier.ts';
import type { AuthEndpoints, TokenVerifier } from './auth-context.ts';
import { createIntrospectionVerifier } from './introspection-verifier.ts';
import { discoverIssuer } from './issuer-metadata.ts';
import { createJwtVerifier } from './jwt-verifier.ts';
import type { AuthSetting } from './auth-modes.ts';
import { createResourceServer, type ResourceServer } from './resource-server.ts';

export { AUTH_MODES, type AuthSetting } from './auth-modes.ts';

export interface AuthSettings {
  mode: AuthSetting;
  /** `--auth-issuer`: the authorization server (jwt, introspection; optional for builtin). */
  issuer?: string;
  /** `--auth-audience`: the `aud` tokens must carry. @default the canonical MCP URL */
  audience?: string;
  /** `--auth-api-keys`: the keys file (api-key). */
  apiKeysFile?: string;
  /** `MCP_AUTH_API_KEYS`: keys from the environment when no file is given (api-key). */
  apiKeysEnv?: string;
  /** `MCP_AUTH_CLIENT_ID` / `MCP_AUTH_CLIENT_SECRET`: this server's client for introspection. */
  clientId?: string;
  clientSecret?: string;
}

/** What an app's built-in authorization server is made from (`--auth builtin`). */
export interface BuiltinAuthSettings {
  /** The canonical MCP URL: the resource (and audience) of the tokens it issues. */
  resource: URL;
  /** The audience its tokens must carry (`--auth-audience`, default `resource`). */
  audience: string;
  /** `--auth-issuer`, when given: the issuer URL it should use. */
  issuer?: string;
  logger: Logger;
  env: Record<string, string | undefined>;
}

/** An app's built-in authorization server: a verifier of its tokens and the endpoints it serves. */
export interface BuiltinAuth {
  verifier: TokenVerifier;
  endpoints: AuthEndpoints;
  /** Its issuer URL(s), for the protected-resource metadata. */
  authorizationServers: readonly string[];
}

export type BuiltinAuthFactory = (settings: BuiltinAuthSettings) => Promise<BuiltinAuth>;

export interface ConfigureAuthOptions {
  /** The canonical MCP URL (`--public-url`, or the address served). */
  resource: URL;
  logger: Logger;
  env: Record<string, string | undefined>;
  /** `scopes_supported` of the metadata: the scopes the server's tools need. */
  scopesSupported?: readonly string[];
  resourceName?: string;
  builtinAuth?: BuiltinAuthFactory;
  /** For tests. @default globalThis.fetch */
  fetch?: typeof fetch;
}

const problem = (variable: string, text: string, howToFix: string) =>
  new ConfigError({ problems: [{ variable, problem: text, howToFix }] });

/** The ResourceServer for the settings; undefined for `none`. Throws ConfigError on bad settings. */
export async function configureAuth(
  settings: AuthSettings,
  options: ConfigureAuthOptions,
): Promise<ResourceServer | undefined> {
  if (settings.mode === 'none') return undefined;
  const audience = settings.audience ?? options.resource.href;
  const fetchOption = options.fetch ? { fetch: options.fetch } : {};
  const common = {
    mode: settings.mode,
    resource: options.resource,
    logger: options.logger,
    ...(options.scopesSupported ? { scopesSupported: options.scopesSupported } : {}),
    ...(options.resourceName ? { resourceName: options.resourceName } : {}),
  };
  switch (settings.mode) {
    case 'jwt':
    case 'introspection': {
      if (settings.issuer === undefined) {
        throw problem(
          '--auth-issuer',
          `--auth ${settings.mode} needs the authorization server's issuer URL.`,
          'Pass --auth-issuer https://sso.example.com (or set MCP_AUTH_ISSUER): its RFC 8414 or OpenID metadata gives the keys or the introspection endpoint.',
        );
      }
      const issuer = await discoverIssuer(settings.issuer, fetchOption);
      if (settings.mode === 'jwt') {
        if (issuer.jwksUri === undefined) {
          throw problem(
            '--auth-issuer',
            `${issuer.source} gives no jwks_uri, so JWT signatures cannot be checked.`,
            'Use --auth introspection if the authorization server issues opaque tokens, or enable its JWKS.',
          );
        }
        return createResourceServer({
          ...common,
          authorizationServers: [issuer.issuer],
          verifier: createJwtVerifier({
            issuer: issuer.issuer,
            audience,
            jwksUri: issuer.jwksUri,
            ...fetchOption,
          }),
        });
      }
      if (issuer.introspectionEndpoint === undefined) {
        throw problem(
          '--auth-issuer',
          `${issuer.source} gives no introspection_endpoint.`,
          'Use --auth jwt if the authorization server issues JWT access tokens, or enable its RFC 7662 introspection.',
        );
      }
      if ((settings.clientId === undefined) !== (settings.clientSecret === undefined)) {
        throw problem(
          'MCP_AUTH_CLIENT_ID',
          'MCP_AUTH_CLIENT_ID and MCP_AUTH_CLIENT_SECRET must be given together.',
          "Set both to this server's client credentials at the authorization server (it authenticates introspection requests with them).",
        );
      }
      return createResourceServer({
        ...common,
        authorizationServers: [issuer.issuer],
        verifier: createIntrospectionVerifier({
          endpoint: issuer.introspectionEndpoint,
          issuer: issuer.issuer,
          audience,
          logger: options.logger,
          ...(settings.clientId !== undefined ? { clientId: settings.clientId } : {}),
          ...(settings.clientSecret !== undefined ? { clientSecret: settings.clientSecret } : {}),
          ...fetchOption,
        }),
      });
    }
    case 'api-key': {
      const keys = await loadApiKeys({
        ...(settings.apiKeysFile !== undefined ? { file: settings.apiKeysFile } : {}),
        ...(settings.apiKeysEnv !== undefined ? { env: settings.apiKeysEnv } : {}),
      });
      return createResourceServer({
        ...common,
        authorizationServers: [],
        verifier: createApiKeyVerifier(keys),
      });
    }
    case 'builtin': {
      if (options.builtinAuth === undefined) {
        throw problem(
          '--auth',
          'this server has no built-in authorization server, so --auth builtin cannot be used.',
          'Choose --auth jwt or introspection (with --auth-issuer) or api-key.',
        );
      }
      const builtin = await options.builtinAuth({
        resource: options.resource,
        audience,
        ...(settings.issuer !== undefined ? { issuer: settings.issuer } : {}),
        logger: options.logger,
        env: options.env,
      });
      return createResourceServer({
        ...common,
        authorizationServers: builtin.authorizationServers,
        verifier: builtin.verifier,
        endpoints: builtin.endpoints,
      });
    }
  }
}
