/**
 * The kept webhook secrets over SQL (table `clickup_webhook_secrets`, schema version 2), the same
 * on PGlite and PostgreSQL. One row per webhook id; keeping a secret again replaces it.
 */
import type { SqlQueryable } from '@toolsmith/sql';
import type { WebhookSecretStore } from './webhook-secret-store.ts';

export class SqlSecretStore implements WebhookSecretStore {
  readonly #db: SqlQueryable;

  constructor(db: SqlQueryable) {
    this.#db = db;
  }

  async keepSecret(webhookId: string, secret: string): Promise<void> {
    if (webhookId === '' || secret === '')
      throw new Error('A kept webhook secret needs a webhook id and a secret.');
    await this.#db.query(
      `INSERT INTO clickup_webhook_secrets (webhook_id, secret) VALUES ($1, $2)
       ON CONFLICT (webhook_id) DO UPDATE SET secret = EXCLUDED.secret, kept_at = now()`,
      [webhookId, secret],
    );
  }

  async secretOf(webhookId: string): Promise<string | undefined> {
    const [row] = await this.#db.query<{ secret: string }>(
      'SELECT secret FROM clickup_webhook_secrets WHERE webhook_id = $1',
      [webhookId],
    );
    return row?.secret;
  }

  async forgetSecret(webhookId: string): Promise<boolean> {
    const rows = await this.#db.query(
      'DELETE FROM clickup_webhook_secrets WHERE webhook_id = $1 RETURNING webhook_id',
      [webhookId],
    );
    return rows.length > 0;
  }
}
