/** Params the webhook tools share: the events (one list, webhook-events.ts), the endpoint, the webhook. */
import { ref } from '@toolsmith/core';
import { z } from 'zod';

/** Event names, checked against ClickUp's list (ref('webhook_event'); "*" for every event). */
export const eventsParam = () =>
  z
    .array(ref('webhook_event', { scope: () => 'subscribe' }))
    .min(1)
    .describe('ClickUp event names (taskCreated, taskStatusUpdated, …) or ["*"]');

export const endpointParam = () =>
  z
    .url()
    .refine(
      (u) => u.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u),
      'use an https:// URL',
    )
    .describe('Where ClickUp posts, e.g. https://mcp.example.com/webhooks/clickup');

export const webhookIdParam = () => ref('webhook').describe('Webhook id (clickup_list_webhooks)');
