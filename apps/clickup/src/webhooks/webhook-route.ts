/**
 * `POST /webhooks/clickup`: ClickUp's deliveries, on the HTTP listener beside `/mcp`.
 *
 * 1. Authentic or refused: `X-Signature` must be the body's HMAC with the secret this server kept
 *    for the delivery's `webhook_id` (a webhook made with clickup_create_webhook) or with one in
 *    CLICKUP_WEBHOOK_SECRET (401 otherwise); an unsigned automation call must carry
 *    `?token=<CLICKUP_WEBHOOK_SECRET>`. With no secret to check against, the delivery is refused
 *    with 503 — not 401, which would make ClickUp suspend the webhook at once.
 * 2. Identified (format, ids, dedupe keys) and appended durably; only then answered 200. A replay
 *    answers 200 too and stores nothing. A failed append answers 500 (ClickUp retries).
 */
import type { Logger } from '@toolsmith/core';
import type { HttpRoute, HttpRouteResponse } from '@toolsmith/core/mcp';
import { identifyDelivery } from './identify-delivery.ts';
import type { AppendResult, WebhookDelivery, WebhookEventStore } from './webhook-event-store.ts';
import { verifyWebhookSignature, verifyWebhookToken } from './webhook-signature.ts';

export const WEBHOOK_PATH = '/webhooks/clickup';

export interface WebhookRouteOptions {
  /** Where deliveries are appended, and where the secrets of the webhooks this server created are kept. */
  store: WebhookEventStore;
  /** CLICKUP_WEBHOOK_SECRET, split (webhookSecrets()). Empty: only webhooks with a kept secret get in. */
  secrets: readonly string[];
  logger?: Logger | undefined;
  /** After a new event is stored (e.g. to announce the resource's update). */
  onStored?: ((result: AppendResult, delivery: WebhookDelivery) => void) | undefined;
  /** Runs between the append and the answer (tests use it to crash there). */
  afterAppend?: ((result: AppendResult, delivery: WebhookDelivery) => Promise<void>) | undefined;
}

const refuse = (status: number, error: string): HttpRouteResponse => ({ status, body: { ok: false, error } });

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The `webhook_id` a standard delivery names, if any. */
function webhookIdOf(parsed: unknown): string | undefined {
  const id = isRecord(parsed) ? parsed['webhook_id'] : undefined;
  return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : undefined;
}

const NOT_CONFIGURED =
  'set CLICKUP_WEBHOOK_SECRET to the secret ClickUp returned when the webhook was created (the `secret` of POST /team/{team_id}/webhook; several webhooks: their secrets comma-separated) and restart the server, or create the webhook with clickup_create_webhook, which keeps its secret.';

export function createWebhookRoute(options: WebhookRouteOptions): HttpRoute {
  return {
    method: 'POST',
    path: WEBHOOK_PATH,
    async handle(request) {
      const signature = header(request.headers['x-signature']);
      const token = request.url.searchParams.get('token');
      const text = request.body.toString('utf8');
      let parsed: unknown;
      let json = true;
      try {
        parsed = JSON.parse(text);
      } catch {
        json = false;
      }
      if (signature !== undefined) {
        const webhookId = webhookIdOf(parsed);
        const kept = webhookId === undefined ? undefined : await options.store.secretOf(webhookId);
        const secrets = kept === undefined ? options.secrets : [kept, ...options.secrets];
        if (secrets.length === 0) {
          return refuse(
            503,
            `Webhook intake has no secret to check this delivery with: this server kept none for webhook ${webhookId ?? '(none named)'} and CLICKUP_WEBHOOK_SECRET is not set. To accept it, ${NOT_CONFIGURED}`,
          );
        }
        if (!verifyWebhookSignature(request.body, signature, secrets)) {
          options.logger?.warn('webhook delivery refused: bad signature', {
            webhookId: webhookId ?? null,
            keptSecret: kept !== undefined,
          });
          return refuse(
            401,
            `X-Signature is not the HMAC-SHA256 of this body with ${kept === undefined ? '' : `the secret this server kept for webhook ${webhookId}, nor with `}any secret in CLICKUP_WEBHOOK_SECRET. Set CLICKUP_WEBHOOK_SECRET to the secret of the webhook that posts here (or create the webhook with clickup_create_webhook), and forward the body unchanged (a proxy must not re-encode it).`,
          );
        }
      } else if (options.secrets.length === 0) {
        return refuse(503, `Webhook intake cannot check an unsigned delivery: ${NOT_CONFIGURED}`);
      } else if (token === null || !verifyWebhookToken(token, options.secrets)) {
        options.logger?.warn('webhook delivery refused: unsigned');
        return refuse(
          401,
          `Unsigned delivery: ClickUp webhooks send X-Signature; for an automation "Call webhook" action, which signs nothing, put the secret in its URL: ${WEBHOOK_PATH}?token=<CLICKUP_WEBHOOK_SECRET>.`,
        );
      }
      if (!json) {
        return refuse(
          400,
          'The body is not JSON; ClickUp deliveries are JSON (Content-Type: application/json).',
        );
      }
      const delivery = identifyDelivery(text, parsed);
      const result = await options.store.append(delivery);
      await options.afterAppend?.(result, delivery);
      if (!result.duplicate) options.onStored?.(result, delivery);
      return { status: 200, body: { ok: true, id: result.id, duplicate: result.duplicate } };
    },
  };
}
