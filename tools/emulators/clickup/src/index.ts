// Public API of the ClickUp emulator (a private tool package, used by the ClickUp server's tests and demos).
export {
  createClickUpEmulator,
  DEFAULT_TOKEN,
  type AfterHandlingFault,
  type ClickUpEmulator,
  type ClickUpEmulatorOptions,
  type ClickUpOAuth,
  type ClickUpOAuthOptions,
} from './create-clickup-emulator.ts';
export type { IssueTokenOptions, OAuthAppConfig } from './oauth/oauth-registry.ts';
export {
  createSeedState,
  SEED_EPOCH,
  SEED_OTHER_TEAMS,
  SEED_TEAM_ID,
  SEED_TIMEZONE,
  SEED_USERS,
  type SeedOptions,
} from './seed.ts';
export { ClickUpHttpError } from './clickup-error.ts';
export { signBody } from './webhooks/sign-body.ts';
export { WEBHOOK_EVENTS } from './routes/webhooks.ts';
export type {
  HistoryChange,
  SendOptions,
  WebhookDelivery,
  WebhookDispatcher,
  WebhookFormat,
} from './webhooks/webhook-dispatcher.ts';
export type { RateLimiter } from './rate-limiter.ts';
export { v2, v3, respond, type ClickUpRoute, type RouteContext } from './router.ts';
export type * from './clickup-state.ts';
