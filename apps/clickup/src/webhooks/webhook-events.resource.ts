/**
 * `clickup://webhook-events`: the latest webhook events, compact. Subscribable: the server
 * announces an update after each new event (cli.ts), so a subscribed client reads it again.
 */
import { BaseResource, defineResourceMetadata, type ResourceContext } from '@toolsmith/core';
import type { ClickUpDeps } from '../deps.ts';
import { NO_WEBHOOK_STORE, toWebhookEventView } from './webhook-event-view.ts';
import { WebhookStoreUnavailableError } from './webhook-store-unavailable.ts';

export const WEBHOOK_EVENTS_URI = 'clickup://webhook-events';

export class WebhookEventsResource extends BaseResource<ClickUpDeps> {
  static override readonly METADATA = defineResourceMetadata({
    uri: WEBHOOK_EVENTS_URI,
    name: 'webhook-events',
    title: 'ClickUp webhook events',
    description:
      'The 50 latest events ClickUp delivered to this server, newest first, each with its summary. Subscribe to be told when one arrives; filter and page with clickup_list_webhook_events.',
    toolset: 'webhooks',
    subscribe: true,
  });

  async read(ctx: ResourceContext<ClickUpDeps>) {
    const store = ctx.deps.webhookEvents;
    if (!store) return { items: [], note: NO_WEBHOOK_STORE };
    let page;
    try {
      page = await store.list({}, { limit: 50 });
    } catch (error) {
      // said like the tool says it: what is unavailable, what to do
      if (WebhookStoreUnavailableError.isInstance(error)) return { items: [], note: error.message };
      throw error;
    }
    return { items: page.items.map((e) => toWebhookEventView(e)), more: page.hasMore };
  }
}
