// The built-in authorization server ("OAuth proxy", `--auth builtin`): what apps import to make
// one. Everything exported here is public API: add a symbol on purpose. It loads oidc-provider,
// so it stays off core's root entry.
export {
  createAuthorizationServer,
  type AuthorizationServer,
  type AuthorizationServerOptions,
} from './create-authorization-server.ts';
export {
  createOAuth2UpstreamProvider,
  authorizationHeader,
  type FetchLike,
  type OAuth2UpstreamOptions,
  type UpstreamAccount,
  type UpstreamProvider,
  type UpstreamTokens,
} from './upstream-provider.ts';
export { createMemoryOAuthStore, type OAuthIndex, type OAuthRow, type OAuthStore } from './oauth-store.ts';
export { createSqlOAuthStore, type SqlOAuthStoreOptions, type SqlQueryable } from './sql-adapter.ts';
export {
  ENCRYPTION_KEYS_VARIABLE,
  parseEncryptionKeys,
  type EncryptionKeyRing,
  type OpenedValue,
} from './encryption-keys.ts';
export { COOKIE_KEYS_VARIABLE, SIGNING_KEY_VARIABLE } from './server-keys.ts';
export type { TokenVault } from './token-vault.ts';
export { UpstreamLoginRequiredError } from './upstream-login-required-error.ts';
