/**
 * ClickUp's webhook events (research §4.1) — the one list the server checks event names against:
 * `ref('webhook_event')` (references/clickup-references.ts) for clickup_create_webhook,
 * clickup_update_webhook and clickup_list_webhook_events. "*" (every event) is taken only where a
 * webhook subscribes. The source of the names: the knowledge pack (helpers/detect-webhook-type.js,
 * which cannot import TypeScript) and the emulator (the API's stand-in, which does not import the
 * server) keep copies, and webhook-events.test.ts checks all three name the same events.
 */
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
