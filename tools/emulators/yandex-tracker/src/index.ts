// Public API of the Yandex Tracker emulator (a private tool package, used by tests, the demo and benchmarks).
export {
  createTrackerEmulator,
  type AfterHandlingFault,
  type TrackerEmulator,
  type TrackerEmulatorOptions,
  type TrackerIam,
  type TrackerOAuth,
  type TrackerOAuthOptions,
} from './create-tracker-emulator.ts';
export {
  createServiceAccountKey,
  IAM_TOKEN_AUDIENCE,
  type ServiceAccountKeyFile,
  type ServiceAccountKeyOptions,
} from './auth/service-account-key.ts';
export type { YandexOAuthApp, YandexTokenResponse } from './auth/yandex-oauth-registry.ts';
export type { IamTokenResponse } from './auth/iam-service.ts';
export { createSeedState, issueIdFor } from './seed.ts';
export { TrackerHttpError } from './tracker-error.ts';
export { route, respond, created, type TrackerRoute, type RouteContext } from './router.ts';
export type * from './tracker-state.ts';
