/*
 * Where things live in each ClickUp payload format (research §4.2–§4.6):
 *
 *   format             event          task object                     task id              changes
 *   standard           body.event     — (GET /task/{task_id})         body.task_id         body.history_items[]
 *   automation         —              body.payload (internal shape)   body.payload.id      —
 *   automation_legacy  —              body.payload (v2 task shape)    body.payload.id      —
 *   version_vector     —              —                               version.object_id (object_type "task") or
 *                                                                     the "comment-parent" relationship → object_id
 *                                                                                          version.data.changes[]
 *   task (GET /task)   —              body                            body.id              —
 *
 * Standard webhooks for lists/folders/spaces/goals carry `list_id` / `folder_id` / `space_id` /
 * `goal_id` (+ `key_result_id`) instead of `task_id`; `taskTimeTrackedUpdated` adds a top-level
 * `data` object; a top-level `team_id` has been observed (not documented).
 */

import { detectBodyFormat, isInternalTaskShape, unwrapWebhookEnvelope } from './detect-webhook-type.mjs';
import { isObject } from '../shared/values.mjs';

function idString(value) {
  if (value === undefined || value === null || value === '') return null;
  return String(value);
}

/**
 * @returns {{ format: string, envelope: string[], event: string|null, webhook_id: string|null,
 *   automation_id: string|null, trigger_id: string|null, date: unknown, team_id: string|null,
 *   resource: { type: string, id: string|null, parent?: object }|null, task_id: string|null,
 *   task: object|null, task_shape: 'v2'|'internal'|null, history_items: object[],
 *   changes: object[], data: object|null, operation: string|null }}
 */
export function navigateWebhookPayload(input) {
  const unwrapped = unwrapWebhookEnvelope(input);
  const body = unwrapped.body;
  const format = detectBodyFormat(body);
  const nav = {
    format: format,
    envelope: unwrapped.envelope,
    event: null,
    webhook_id: null,
    automation_id: null,
    trigger_id: null,
    date: null,
    team_id: null,
    resource: null,
    task_id: null,
    task: null,
    task_shape: null,
    history_items: [],
    changes: [],
    data: null,
    operation: null,
  };
  if (!isObject(body)) return nav;

  if (format === 'standard') {
    nav.event = typeof body.event === 'string' ? body.event : null;
    nav.webhook_id = idString(body.webhook_id);
    nav.team_id = idString(body.team_id);
    nav.history_items = Array.isArray(body.history_items) ? body.history_items.filter(isObject) : [];
    nav.data = isObject(body.data) ? body.data : null;
    if (body.task_id !== undefined) nav.resource = { type: 'task', id: idString(body.task_id) };
    else if (body.key_result_id !== undefined)
      nav.resource = {
        type: 'key_result',
        id: idString(body.key_result_id),
        parent: { type: 'goal', id: idString(body.goal_id) },
      };
    else if (body.goal_id !== undefined) nav.resource = { type: 'goal', id: idString(body.goal_id) };
    else if (body.list_id !== undefined) nav.resource = { type: 'list', id: idString(body.list_id) };
    else if (body.folder_id !== undefined) nav.resource = { type: 'folder', id: idString(body.folder_id) };
    else if (body.space_id !== undefined) nav.resource = { type: 'space', id: idString(body.space_id) };
    else if (nav.event) {
      const m = /^(task|list|folder|space|goal|keyResult)/.exec(nav.event);
      if (m) nav.resource = { type: m[1] === 'keyResult' ? 'key_result' : m[1], id: null };
    }
    nav.task_id = nav.resource && nav.resource.type === 'task' ? nav.resource.id : null;
    if (nav.history_items.length > 0)
      nav.date = nav.history_items[0].date !== undefined ? nav.history_items[0].date : null;
    return nav;
  }

  if (format === 'automation' || format === 'automation_legacy') {
    nav.automation_id = idString(format === 'automation' ? body.auto_id : body.id);
    nav.trigger_id = idString(body.trigger_id);
    nav.date = body.date !== undefined ? body.date : null;
    nav.task = body.payload;
    nav.task_shape = isInternalTaskShape(body.payload) ? 'internal' : 'v2';
    nav.task_id = idString(body.payload.id);
    nav.team_id = idString(nav.task_shape === 'internal' ? body.payload.workspace_id : body.payload.team_id);
    nav.resource = { type: 'task', id: nav.task_id };
    return nav;
  }

  if (format === 'version_vector') {
    const version = body.version;
    const data = isObject(version.data) ? version.data : {};
    const relationships = Array.isArray(data.relationships) ? data.relationships.filter(isObject) : [];
    nav.date = body.date !== undefined ? body.date : null;
    nav.team_id = idString(version.workspace_id);
    nav.operation = typeof version.operation === 'string' ? version.operation : null;
    nav.resource = { type: String(version.object_type), id: idString(version.object_id) };
    if (version.object_type === 'task') nav.task_id = nav.resource.id;
    else {
      const parent = relationships.find((r) => r.object_type === 'task' && r.object_id !== undefined);
      if (parent) {
        nav.task_id = idString(parent.object_id);
        nav.resource.parent = {
          type: 'task',
          id: nav.task_id,
          relationship: parent.type === undefined ? null : String(parent.type),
        };
      }
    }
    nav.changes = Array.isArray(data.changes) ? data.changes.filter(isObject) : [];
    return nav;
  }

  if (format === 'task') {
    nav.task = body;
    nav.task_shape = 'v2';
    nav.task_id = idString(body.id);
    nav.team_id = idString(body.team_id);
    nav.resource = { type: 'task', id: nav.task_id };
  }
  return nav;
}
