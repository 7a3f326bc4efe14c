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

const KNOWN = new Set<string>(WEBHOOK_EVENT_NAMES);

/**
 * Event names, checked against ClickUp's list with the list in the refusal (an enum would spell all
 * 29 names out in the definition on every turn).
 */
export const eventsParam = z
  .array(z.string())
  .min(1)
  .superRefine((events, ctx) => {
    const unknown = events.filter((e) => !KNOWN.has(e));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown event ${unknown.map((e) => `"${e}"`).join(', ')}. Use "*" or some of: ${WEBHOOK_EVENT_NAMES.slice(1).join(', ')}.`,
      });
    }
  })
  .describe('ClickUp event names (taskCreated, taskStatusUpdated, …) or ["*"]');
export const endpointParam = z
  .url()
  .refine(
    (u) => u.startsWith('https://') || /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u),
    'use an https:// URL',
  )
  .describe('Where ClickUp posts, e.g. https://mcp.example.com/webhooks/clickup');
export const webhookIdParam = z.string().uuid().describe('Webhook id (clickup_list_webhooks)');
