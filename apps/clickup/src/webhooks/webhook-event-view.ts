/** The compact view of a stored webhook event that readers (tool, resource) answer with. */
import type { StoredWebhookEvent } from './webhook-event-store.ts';

export interface WebhookEventView {
  id: string;
  at: string;
  format: string;
  event?: string;
  taskId?: string;
  listId?: string;
  summary: string;
  changes?: unknown[];
  payload?: unknown;
}

export function toWebhookEventView(
  event: StoredWebhookEvent,
  include: { changes?: boolean; payload?: boolean } = {},
): WebhookEventView {
  return {
    id: event.id,
    at: event.receivedAt,
    format: event.format,
    ...(event.event ? { event: event.event } : {}),
    ...(event.taskId ? { taskId: event.taskId } : {}),
    ...(event.listId ? { listId: event.listId } : {}),
    summary: event.summary ?? `${event.event ?? event.format} (not normalised yet)`,
    ...(include.changes ? { changes: event.changes } : {}),
    ...(include.payload ? { payload: event.payload } : {}),
  };
}

/** Why a reader has no store: said the same by the tool and the resource. */
export const NO_WEBHOOK_STORE =
  'No webhook event store in this server. Webhook intake runs with `--transport http`: set CLICKUP_WEBHOOK_SECRET, point a ClickUp webhook at http(s)://<this server>/webhooks/clickup, and read the events here.';
