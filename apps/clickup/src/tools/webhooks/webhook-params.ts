import { z } from 'zod';

/** ClickUp's webhook events (research §4.1), or "*" for all. */
export const WEBHOOK_EVENT_NAMES = [
  '*',
  'taskCreated',
  'taskUpdated',
  'taskDeleted',
  'taskPriorityUpdated',
  'taskStatusUpdated',
  'taskAssigneeUpdated',
  'taskDueDateUpdated',
  'taskTagUpdated',
  'taskMoved',
  'taskCommentPosted',
  'taskCommentUpdated',
  'taskTimeEstimateUpdated',
  'taskTimeTrackedUpdated',
  'listCreated',
  'listUpdated',
  'listDeleted',
  'folderCreated',
  'folderUpdated',
  'folderDeleted',
  'spaceCreated',
  'spaceUpdated',
  'spaceDeleted',
  'goalCreated',
  'goalUpdated',
  'goalDeleted',
  'keyResultCreated',
  'keyResultUpdated',
  'keyResultDeleted',
] as const;

export const eventsParam = z.array(z.enum(WEBHOOK_EVENT_NAMES)).min(1).describe('Events, or ["*"]');
export const endpointParam = z
  .url()
  .refine(
    (u) => u.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u),
    'use an https:// URL',
  )
  .describe('Where ClickUp posts, e.g. https://mcp.example.com/webhooks/clickup');
export const webhookIdParam = z.string().uuid().describe('Webhook id (clickup_list_webhooks)');
