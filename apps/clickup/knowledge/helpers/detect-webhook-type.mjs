/*
 * ClickUp webhook format detection (research §4.6).
 *
 * ClickUp delivers task data to a webhook URL in (at least) three shapes, and agents regularly
 * assume the wrong one (`$json.payload.id` on a standard webhook, `event` on an automation call):
 *
 *   standard           API webhook (POST /team/{team_id}/webhook): `event` + `webhook_id`,
 *                      the resource id (`task_id`, `list_id`, …) and `history_items[]`. No task object.
 *   automation         Automation "Call webhook" action: `auto_id` + `trigger_id` + `date` + `payload`,
 *                      where `payload` is ClickUp's INTERNAL task model (status_id, subcategory, time_mgmt…).
 *   automation_legacy  Automation "Call webhook (Legacy)": `id` ("…:main") + `trigger_id` + `payload`,
 *                      where `payload` is the public v2 task object (same as GET /task/{id}).
 *   version_vector     Observed only (research §4.5, undocumented): `hist_id` + `version.object_type`.
 *   task               Not a webhook: a bare v2 task object, e.g. a GET /task/{id} response.
 *   unknown            None of the above.
 *
 * Bodies captured by HTTP tooling are unwrapped first: a JSON string is parsed, and a request
 * capture such as n8n's `{ headers, params, query, body }` is opened at `body` (the seeds navigate
 * `$json.body.payload`). Pure: no I/O, no clock.
 */

import { isObject } from '../shared/values.mjs';

/**
 * The 28 documented API webhook events (research §4.1). A copy, since the pack cannot import the
 * server's TypeScript: apps/clickup/src/tools/webhooks/webhook-events.test.ts checks it equals
 * WEBHOOK_EVENT_NAMES (webhook-events.ts, the source) and the emulator's list.
 */
export function clickupWebhookEvents() {
  return [
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
  ];
}

/** True for ClickUp's internal task model (automation "Call webhook" payload, research §4.3). */
export function isInternalTaskShape(task) {
  if (!isObject(task)) return false;
  return (
    'status_id' in task ||
    'subcategory' in task ||
    isObject(task.time_mgmt) ||
    isObject(task.ownership) ||
    '_version_vector' in task
  );
}

/** True for the public v2 task object (GET /task/{id}, legacy automation payload). */
export function isV2TaskShape(task) {
  if (!isObject(task) || isInternalTaskShape(task)) return false;
  if (typeof task.id !== 'string' || task.id === '') return false;
  return (
    isObject(task.status) ||
    Array.isArray(task.custom_fields) ||
    isObject(task.list) ||
    Array.isArray(task.assignees) ||
    'date_created' in task
  );
}

/** Format of an already-unwrapped body; see the rules at the top of the file. */
export function detectBodyFormat(body) {
  if (!isObject(body)) return 'unknown';
  // 1. standard API webhook: `event` + `webhook_id`. Tolerated: a documented event name whose
  //    webhook_id was stripped by a relay.
  if (typeof body.event === 'string' && body.event !== '') {
    if (typeof body.webhook_id === 'string' && body.webhook_id !== '') return 'standard';
    if (clickupWebhookEvents().indexOf(body.event) !== -1) return 'standard';
  }
  const hasPayload = isObject(body.payload);
  // 2. automation "Call webhook": auto_id + trigger_id + payload.
  if (body.auto_id !== undefined && body.trigger_id !== undefined && hasPayload) {
    return 'automation';
  }
  // 3. automation legacy: trigger_id + payload + id ("…:main") and the v2 task shape (payload.status
  //    is an object). A payload in the internal shape is the newer action even without auto_id.
  if (body.trigger_id !== undefined && hasPayload) {
    if (isInternalTaskShape(body.payload)) return 'automation';
    if (body.id !== undefined || isV2TaskShape(body.payload)) return 'automation_legacy';
  }
  // 4. internal version-vector change event (observed only).
  if (body.hist_id !== undefined && isObject(body.version) && body.version.object_type) {
    return 'version_vector';
  }
  // Not a webhook at all: a task object (GET /task/{id}).
  if (isV2TaskShape(body)) return 'task';
  return 'unknown';
}

/**
 * Opens the envelope a body may arrive in.
 * @returns {{ body: unknown, envelope: string[] }} envelope lists the steps taken, e.g. ['body'].
 */
export function unwrapWebhookEnvelope(input) {
  let body = input;
  const envelope = [];
  for (let depth = 0; depth < 3; depth += 1) {
    if (typeof body === 'string') {
      const text = body.trim();
      if (text[0] !== '{') break;
      try {
        body = JSON.parse(text);
      } catch {
        break;
      }
      envelope.push('json_string');
      continue;
    }
    if (!isObject(body) || detectBodyFormat(body) !== 'unknown') break;
    if (isObject(body.body) || typeof body.body === 'string') {
      body = body.body;
      envelope.push('body');
      continue;
    }
    if (isObject(body.json)) {
      body = body.json;
      envelope.push('json');
      continue;
    }
    break;
  }
  return { body: body, envelope: envelope };
}

/**
 * Detects which ClickUp payload format `input` is.
 * @returns {'standard'|'automation'|'automation_legacy'|'version_vector'|'task'|'unknown'}
 */
export function detectWebhookType(input) {
  return detectBodyFormat(unwrapWebhookEnvelope(input).body);
}
