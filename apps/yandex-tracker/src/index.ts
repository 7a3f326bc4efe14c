// Public API of @toolsmith/yandex-tracker-mcp: embed the Tracker tools in your own server or agent.
export {
  loadConfig,
  type LoadConfigOptions,
  type ServerCredentialsConfig,
  type TrackerConfig,
  type UpstreamAuthConfig,
} from './config.ts';
export {
  createDeps,
  createDepsFactory,
  serverCredentials,
  createRegistry,
  SERVER_INSTRUCTIONS,
  SERVER_NAME,
  SERVER_VERSION,
  TOOLSETS,
  type CreateDepsOptions,
  type DepsFactory,
} from './server.ts';
export {
  staticCredentials,
  type CredentialKind,
  type CredentialSource,
  type TrackerCredentials,
} from './auth/credential-source.ts';
export {
  createServiceAccountCredentials,
  YANDEX_IAM_TOKEN_URL,
  type ServiceAccountCredentialsOptions,
} from './auth/service-account-credentials.ts';
export { readServiceAccountKey, type ServiceAccountKey } from './auth/service-account-key.ts';
export { ServiceAccountAuthError } from './auth/service-account-auth-error.ts';
export { UpstreamCredentialsError } from './auth/upstream-credentials-error.ts';
export { userCredentials, type UserAuth } from './auth/user-credentials.ts';
export {
  createPassthroughAuthenticator,
  DEFAULT_PASSTHROUGH_HEADER,
  type PassthroughAuthenticator,
} from './auth/passthrough-authenticator.ts';
export { createPassthroughResourceServer } from './auth/passthrough-resource-server.ts';
export { yandexBuiltinAuth, type YandexBuiltinAuthOptions } from './auth/yandex-builtin-auth.ts';
export {
  createYandexOAuthProvider,
  type YandexOAuthProvider,
  type YandexOAuthProviderOptions,
} from './auth/yandex-oauth-provider.ts';
export { createTools } from './tools/index.ts';
export type { TrackerDeps } from './deps.ts';
export {
  createTrackerClient,
  CONFLICT_HINT,
  type TrackerClient,
  type TrackerClientOptions,
} from './api/tracker-client.ts';
export { TRACKER_SEARCH_GLOSSARY } from './tools/search-glossary.ts';
