/**
 * Where received webhook deliveries are kept: one interface, two implementations over the same SQL
 * (sql-event-store.ts) — PGlite in a directory by default, PostgreSQL when DATABASE_URL is set.
 * `append` is idempotent on the delivery's dedupe keys and durable when it resolves: the route
 * answers 2xx only after it.
 */

import type { WebhookSecretStore } from './webhook-secret-store.ts';

/** The payload formats (research §4.6; the pack's helpers/detect-webhook-type.js). */
export const WEBHOOK_FORMATS = [
  'standard',
  'automation',
  'automation_legacy',
  'version_vector',
  'task',
  'unknown',
] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** A delivery as received and identified, before it is stored. */
export interface WebhookDelivery {
  /** The body exactly as received (the signature was computed over these bytes). */
  body: string;
  format: WebhookFormat;
  event: string | null;
  webhookId: string | null;
  taskId: string | null;
  /**
   * Keys of the changes it carries (`{webhook_id}:{history_item_id}` for standard deliveries). A
   * delivery whose keys were all stored before is a replay.
   */
  dedupeKeys: string[];
}

/** What the pack's process-task processor makes of a payload (the part the store keeps). */
export interface NormalisedEvent {
  format: WebhookFormat;
  event: string | null;
  taskId: string | null;
  listId: string | null;
  summary: string;
  changes: unknown[];
}

export interface StoredWebhookEvent {
  /** Increasing id (a decimal string: a PostgreSQL bigint). */
  id: string;
  /** ISO 8601. */
  receivedAt: string;
  format: WebhookFormat;
  event: string | null;
  webhookId: string | null;
  taskId: string | null;
  /** From the normalised form: null until normalised, or when the payload names no list. */
  listId: string | null;
  summary: string | null;
  changes: unknown[];
  dedupeKeys: string[];
  /** The payload as received, parsed. */
  payload: unknown;
}

export interface WebhookEventFilter {
  event?: string | undefined;
  taskId?: string | undefined;
  listId?: string | undefined;
  format?: WebhookFormat | undefined;
  /** Received at or after. */
  since?: Date | undefined;
  /** Received before. */
  until?: Date | undefined;
  /**
   * Only the deliveries of these webhooks (a signed-in user's: the webhooks ClickUp lists for them);
   * deliveries without a webhook id (automation calls) are left out. Unset: every delivery.
   */
  webhookIds?: readonly string[] | undefined;
}

export interface WebhookEventPageRequest {
  /** The id of the last event of the previous page. */
  after?: string | undefined;
  limit: number;
  /** @default 'newest' */
  order?: 'newest' | 'oldest' | undefined;
}

export interface WebhookEventPage {
  items: StoredWebhookEvent[];
  hasMore: boolean;
}

export interface AppendResult {
  /** The stored event's id; for a replay, the id of the event that first carried its keys. */
  id: string;
  duplicate: boolean;
}

/** The events, and the signing secrets of the webhooks this server created (webhook-secret-store.ts). */
export interface WebhookEventStore extends WebhookSecretStore {
  /** Stores the delivery unless every one of its dedupe keys is stored already. Durable when resolved. */
  append(delivery: WebhookDelivery): Promise<AppendResult>;
  /** Events matching the filter, a page at a time; every stored event is normalised first. */
  list(filter: WebhookEventFilter, page: WebhookEventPageRequest): Promise<WebhookEventPage>;
  /** A store that opens lazily: open now (the first append or list would otherwise). */
  open?(): Promise<void>;
  close(): Promise<void>;
}
