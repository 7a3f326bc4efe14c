/**
 * The signing secrets of the webhooks this server created. ClickUp returns a webhook's `secret`
 * once, in the answer to POST /team/{team_id}/webhook, and signs every delivery of that webhook
 * with it (`X-Signature`). clickup_create_webhook keeps it here, intake checks a delivery with the
 * secret of its `webhook_id`, and clickup_delete_webhook forgets it. Kept in the webhook event
 * store's database (PGlite or PostgreSQL), so every replica and a restarted server read it; never
 * shown in a tool answer or a log line.
 */
export interface WebhookSecretStore {
  /** Keeps the secret of a webhook (replacing one kept before for the same id). Durable when resolved. */
  keepSecret(webhookId: string, secret: string): Promise<void>;
  /** The secret kept for the webhook, or undefined. */
  secretOf(webhookId: string): Promise<string | undefined>;
  /** Forgets the webhook's secret; true when one was kept. */
  forgetSecret(webhookId: string): Promise<boolean>;
}
