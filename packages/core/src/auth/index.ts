// Public API of @toolsmith/core/auth — authentication for HTTP servers: the OAuth 2.1 resource
// server, its token verifiers (JWT, introspection, API keys) and the contract the built-in
// authorization server implements. Everything exported here is public. It imports the MCP SDK
// (its bearer-auth helpers and OAuthError) and jose, so it stays off the root entry.
export type { AuthContext, AuthEndpoints, TokenVerifier, UpstreamCredentials } from './auth-context.ts';
export {
  authContextOf,
  createResourceServer,
  MAX_AUTHORIZATION_BYTES,
  TOKEN_PLACEHOLDER,
  type AuthMode,
  type ResourceServer,
  type ResourceServerOptions,
} from './resource-server.ts';
export {
  ASYMMETRIC_ALGORITHMS,
  claimClientId,
  claimScopes,
  contextFromClaims,
  createJwtVerifier,
  type JwtVerifierOptions,
} from './jwt-verifier.ts';
export { createIntrospectionVerifier, type IntrospectionVerifierOptions } from './introspection-verifier.ts';
export {
  createApiKeyVerifier,
  loadApiKeys,
  parseApiKeys,
  MIN_API_KEY_LENGTH,
  type ApiKeyEntry,
} from './api-key-verifier.ts';
export { discoverIssuer, type DiscoverIssuerOptions, type IssuerMetadata } from './issuer-metadata.ts';
export {
  AUTH_MODES,
  configureAuth,
  type AuthSetting,
  type AuthSettings,
  type BuiltinAuth,
  type BuiltinAuthFactory,
  type BuiltinAuthSettings,
  type ConfigureAuthOptions,
} from './configure-auth.ts';
export { authCacheKey, sha256 } from './token-hash.ts';
