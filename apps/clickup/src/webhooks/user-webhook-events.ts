/**
 * The webhook event store as one signed-in user sees it (`--auth builtin`). Deliveries land in one
 * store for the whole server (the intake route cannot tell whose they are), and a delivery carries
 * task data of its workspace — so a user reads only the deliveries of the webhooks ClickUp lists for
 * them (GET /team/{id}/webhook in each of their workspaces, with their token, kept a minute).
 * Deliveries without a webhook id (automation calls) are nobody's in particular and are left out.
 * Writes (the secrets of webhooks the user creates) go to the shared store as they are.
 */
import type { ClickUpClient } from '../api/clickup-client.ts';
import type { ApiWebhook } from '../api/dto/webhook-view.ts';
import type { WebhookEventStore } from './webhook-event-store.ts';

const WEBHOOKS_TTL_MS = 60_000;

export function userWebhookEvents(store: WebhookEventStore, client: ClickUpClient): WebhookEventStore {
  let cached: { at: number; ids: Promise<string[]> } | undefined;
  const webhookIds = () => {
    if (!cached || Date.now() - cached.at > WEBHOOKS_TTL_MS) {
      const entry = {
        at: Date.now(),
        ids: (async () => {
          const workspaces = await client.workspaces();
          const lists = await Promise.all(
            workspaces.map((w) =>
              client.get<{ webhooks: ApiWebhook[] }>(`/team/${encodeURIComponent(w.id)}/webhook`),
            ),
          );
          return lists.flatMap((l) => l.webhooks.map((h) => h.id));
        })(),
      };
      entry.ids.catch(() => {
        if (cached === entry) cached = undefined;
      });
      cached = entry;
    }
    return cached.ids;
  };
  return {
    append: (delivery) => store.append(delivery),
    list: async (filter, page) => store.list({ ...filter, webhookIds: await webhookIds() }, page),
    keepSecret: async (webhookId, secret) => {
      cached = undefined; // a webhook the user just created is theirs from now on
      await store.keepSecret(webhookId, secret);
    },
    secretOf: (webhookId) => store.secretOf(webhookId),
    forgetSecret: (webhookId) => store.forgetSecret(webhookId),
    ...(store.open ? { open: () => store.open!() } : {}),
    // The store is the server's: a user's view of it closes nothing.
    close: async () => {},
  };
}
