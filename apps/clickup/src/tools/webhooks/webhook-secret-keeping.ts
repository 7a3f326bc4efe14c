/**
 * What the webhook tools do with a webhook's signing secret (webhooks/webhook-secret-store.ts):
 * clickup_create_webhook keeps the secret ClickUp returned, so intake can check the webhook's
 * deliveries; clickup_delete_webhook forgets it. The secret is never put in an answer or a log
 * line; the answer says whether it was kept, and what to do when it was not.
 */
import { buildToolName } from '@toolsmith/core';
import { TOOL_PREFIX } from '../../tool-prefix.ts';
import type { ClickUpCtx } from '../clickup-context.ts';

const KEPT =
  'ClickUp signs each delivery of this webhook with its secret (X-Signature). This server kept the secret (it is not shown) and checks the deliveries to /webhooks/clickup with it; deleting the webhook with clickup_delete_webhook forgets it.';

/** An error's first line, with the secret taken out should it appear. */
const reason = (error: unknown, secret: string) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.replaceAll(secret, '[secret]');

export async function keepWebhookSecret(
  ctx: ClickUpCtx,
  webhookId: string,
  secret: string | undefined,
): Promise<{ secretKept: boolean; note: string }> {
  const store = ctx.deps.webhookEvents;
  if (!secret) {
    return {
      secretKept: false,
      note: 'ClickUp returned no signing secret for this webhook: its deliveries are checked with CLICKUP_WEBHOOK_SECRET only.',
    };
  }
  let failure: string;
  if (!store) {
    failure = 'this server has no webhook store';
  } else {
    try {
      await store.keepSecret(webhookId, secret);
      return { secretKept: true, note: KEPT };
    } catch (error) {
      failure = reason(error, secret);
      ctx.logger.warn('webhook secret not kept', { webhookId, error: failure });
    }
  }
  const remove = buildToolName('delete_webhook', TOOL_PREFIX);
  return {
    secretKept: false,
    note: `The webhook was created, but this server could not keep its signing secret (${failure}), so it will refuse the webhook's deliveries. Delete it with ${remove} and create it again once the webhook store works (CLICKUP_WEBHOOK_STORE or DATABASE_URL), or set CLICKUP_WEBHOOK_SECRET to its secret.`,
  };
}

/** Forgets the secret of a deleted webhook; a note when one was forgotten or could not be. */
export async function forgetWebhookSecret(ctx: ClickUpCtx, webhookId: string): Promise<{ note?: string }> {
  const store = ctx.deps.webhookEvents;
  if (!store) return {};
  try {
    return (await store.forgetSecret(webhookId))
      ? { note: 'The signing secret this server kept for it is forgotten.' }
      : {};
  } catch (error) {
    const failure = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
    ctx.logger.warn('webhook secret not forgotten', { webhookId, error: failure });
    return {
      note: `The webhook is deleted, but the signing secret this server kept for it could not be forgotten (${failure}); ClickUp sends nothing more for it, so it is harmless. Delete it again once the webhook store works to forget it.`,
    };
  }
}
