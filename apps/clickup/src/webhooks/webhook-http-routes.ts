/**
 * The HTTP routes the server adds with `--transport http` (cli.ts → runServeCli's httpRoutes): the
 * webhook receiver, whose new events are announced as updates of `clickup://webhook-events`.
 */
import type { Logger, ToolRegistry } from '@toolsmith/core';
import type { HttpRoute } from '@toolsmith/core/mcp';
import type { ClickUpDeps } from '../deps.ts';
import { WEBHOOK_EVENTS_URI } from './webhook-events.resource.ts';
import { createWebhookRoute } from './webhook-route.ts';
import { webhookSecrets } from './webhook-signature.ts';

/** After start, the lazy store is opened in the background, so the first delivery does not wait for it. */
const WARM_UP_AFTER_MS = 1000;

export function webhookHttpRoutes(options: {
  deps: ClickUpDeps;
  logger: Logger;
  /** CLICKUP_WEBHOOK_SECRET as configured. */
  secret: string | undefined;
  registry?: Pick<ToolRegistry<ClickUpDeps>, 'resourceUpdated'> | undefined;
}): HttpRoute[] {
  const store = options.deps.webhookEvents;
  if (!store) return [];
  const secrets = webhookSecrets(options.secret);
  if (secrets.length === 0) {
    options.logger.warn(
      'CLICKUP_WEBHOOK_SECRET is not set: POST /webhooks/clickup accepts only the deliveries of webhooks created with clickup_create_webhook (their secrets are kept)',
    );
  } else if (store.open) {
    const open = store.open.bind(store);
    setTimeout(() => {
      open().catch((error: unknown) =>
        options.logger.warn('webhook event store not opened yet', { error: (error as Error).message }),
      );
    }, WARM_UP_AFTER_MS).unref();
  }
  return [
    createWebhookRoute({
      store,
      secrets,
      logger: options.logger,
      onStored: () => options.registry?.resourceUpdated(WEBHOOK_EVENTS_URI),
    }),
  ];
}
