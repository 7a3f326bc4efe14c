/*
 * The universal task processor (seeds: "PROCESSADOR UNIVERSAL DE TASKS").
 *
 * From ANY ClickUp payload — standard API webhook, automation "Call webhook", automation legacy,
 * the observed version-vector event, or a GET /task/{id} response — to one structure:
 *
 *   {
 *     webhook:       { format, event, envelope, webhook_id, automation_id, trigger_id, date, team_id,
 *                      resource, operation, actor, task_source, dedupe_keys },
 *     task:          { id, custom_id, name, description, status, priority, url, archived,
 *                      dates: { created, updated, closed, done, due, start }, time_estimate_ms,
 *                      time_spent_ms, points } | null,
 *     hierarchy:     { team, space, folder, list }          each { id, name } or null
 *     people:        { creator, assignees, watchers }       users { id, username, email }
 *     relationships: { parent, subtasks, dependencies, linked, tags },
 *     custom_fields: { <normalised_name>: value },          values as extractCustomField returns them
 *     custom_field_index: { <normalised_name>: { id, name, type } },  ids needed to write a value back
 *     changes:       [ normalised history items / version changes ],
 *     summary:       "one readable line"
 *   }
 *
 * Tolerant: missing parts are null / [] / {}; it never throws on a malformed payload (an
 * unrecognised one gives format "unknown"). `webhook.task_source` says where the task data came
 * from: "payload" (a full task object), "history_items" (a standard webhook: only what changed —
 * call GET /task/{task_id} for the rest), "event" (a standard webhook without history items: only
 * the task id), or "none".
 * Dates are ISO 8601 UTC strings; durations are milliseconds.
 */

import { millisToIso, toNumberOrNull } from '../helpers/clickup-dates.mjs';
import { unwrapWebhookEnvelope } from '../helpers/detect-webhook-type.mjs';
import { describeCustomField } from '../helpers/extract-custom-field.mjs';
import { navigateWebhookPayload } from '../helpers/navigate-webhook-payload.mjs';
import { customFieldKey } from '../helpers/normalize-field-name.mjs';
import { normalizeHistoryItem } from '../helpers/normalize-history-item.mjs';
import { readPriority } from '../helpers/read-priority.mjs';
import { isObject } from '../shared/values.mjs';

function stringOrNull(value) {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : null;
}

function asArray(value) {
  return Array.isArray(value) ? value : [];
}

function userOf(user) {
  if (isObject(user)) {
    const id =
      user.id !== undefined && user.id !== null ? user.id : user.userid !== undefined ? user.userid : null;
    const out = { id: id, username: stringOrNull(user.username), email: stringOrNull(user.email) };
    return out.id === null && out.username === null && out.email === null ? null : out;
  }
  if (typeof user === 'number' || typeof user === 'string') return { id: user, username: null, email: null };
  return null;
}

function refOf(value) {
  if (!isObject(value)) return null;
  const id = stringOrNull(value.id);
  const name = stringOrNull(value.name);
  return id === null && name === null ? null : { id: id, name: name };
}

function idRef(id) {
  const text = stringOrNull(id);
  return text === null ? null : { id: text, name: null };
}

function isoDate(value) {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && Number.isFinite(Date.parse(value)))
    return new Date(Date.parse(value)).toISOString();
  return millisToIso(value);
}

function emptyResult() {
  return {
    webhook: null,
    task: null,
    hierarchy: { team: null, space: null, folder: null, list: null },
    people: { creator: null, assignees: [], watchers: [] },
    relationships: { parent: null, subtasks: [], dependencies: [], linked: [], tags: [] },
    custom_fields: {},
    custom_field_index: {},
    changes: [],
    summary: '',
  };
}

function addCustomField(result, described) {
  if (!described) return null;
  const key = customFieldKey(described.name, described.id, result.custom_fields);
  result.custom_fields[key] = described.value;
  result.custom_field_index[key] = { id: described.id, name: described.name, type: described.type };
  return key;
}

function tagNames(tags) {
  return asArray(tags)
    .map((t) => (isObject(t) ? stringOrNull(t.name) : stringOrNull(t)))
    .filter((t) => t !== null);
}

/** Public v2 task object: GET /task/{id} response and the automation legacy payload. */
function fromV2Task(result, task) {
  const status = isObject(task.status)
    ? {
        id: stringOrNull(task.status.id),
        name: stringOrNull(task.status.status),
        type: stringOrNull(task.status.type),
        color: stringOrNull(task.status.color),
      }
    : stringOrNull(task.status) !== null
      ? { id: null, name: stringOrNull(task.status), type: null, color: null }
      : null;
  result.task = {
    id: stringOrNull(task.id),
    custom_id: stringOrNull(task.custom_id),
    name: stringOrNull(task.name),
    description:
      stringOrNull(task.text_content) !== null ? task.text_content : stringOrNull(task.description),
    status: status,
    priority: readPriority(task.priority),
    url: stringOrNull(task.url),
    archived: typeof task.archived === 'boolean' ? task.archived : null,
    dates: {
      created: isoDate(task.date_created),
      updated: isoDate(task.date_updated),
      closed: isoDate(task.date_closed),
      done: isoDate(task.date_done),
      due: isoDate(task.due_date),
      start: isoDate(task.start_date),
    },
    time_estimate_ms: toNumberOrNull(task.time_estimate),
    time_spent_ms: toNumberOrNull(task.time_spent),
    points: toNumberOrNull(task.points),
  };
  result.hierarchy = {
    team: idRef(task.team_id),
    space: refOf(task.space),
    folder: refOf(task.folder) || refOf(task.project),
    list: refOf(task.list),
  };
  result.people = {
    creator: userOf(task.creator),
    assignees: asArray(task.assignees).map(userOf).filter(Boolean),
    watchers: asArray(task.watchers).map(userOf).filter(Boolean),
  };
  const id = result.task.id;
  result.relationships = {
    parent: stringOrNull(task.parent),
    subtasks: asArray(task.subtasks)
      .filter(isObject)
      .map((s) => ({
        id: stringOrNull(s.id),
        name: stringOrNull(s.name),
        status: isObject(s.status) ? stringOrNull(s.status.status) : stringOrNull(s.status),
      })),
    dependencies: asArray(task.dependencies)
      .filter(isObject)
      .map((d) => ({
        task_id: stringOrNull(d.task_id),
        depends_on: stringOrNull(d.depends_on),
        type: d.type === undefined ? null : d.type,
        direction:
          stringOrNull(d.task_id) === id
            ? 'waiting_on'
            : stringOrNull(d.depends_on) === id
              ? 'blocking'
              : null,
      })),
    linked: asArray(task.linked_tasks)
      .filter(isObject)
      .map((l) => ({ task_id: stringOrNull(l.task_id), link_id: stringOrNull(l.link_id) })),
    tags: tagNames(task.tags),
  };
  for (const field of asArray(task.custom_fields)) addCustomField(result, describeCustomField(field));
}

/** ClickUp's internal task model: the automation "Call webhook" payload (research §4.3). */
function fromInternalTask(result, task) {
  const time = isObject(task.time_mgmt) ? task.time_mgmt : {};
  const states = isObject(task.states) ? task.states : {};
  const users = asArray(task.users).filter(isObject);
  const ofType = (type) =>
    users.filter((u) => u.type === type).map((u) => userOf({ id: u.userid !== undefined ? u.userid : u.id }));
  const homeList = asArray(task.lists).find((l) => isObject(l) && l.type === 'home');
  const creators = ofType('creator');
  const ownership = isObject(task.ownership) ? task.ownership : {};
  result.task = {
    id: stringOrNull(task.id),
    custom_id: stringOrNull(task.custom_id),
    name: stringOrNull(task.name),
    description: stringOrNull(task.text_content),
    status:
      stringOrNull(task.status_id) !== null
        ? { id: stringOrNull(task.status_id), name: null, type: null, color: null }
        : null,
    priority: readPriority(task.priority),
    url: null,
    archived: typeof states.is_archived === 'boolean' ? states.is_archived : null,
    dates: {
      created: isoDate(time.date_created),
      updated: isoDate(time.date_updated),
      closed: isoDate(time.date_closed),
      done: isoDate(time.date_done),
      due: isoDate(time.due_date),
      start: isoDate(time.start_date),
    },
    time_estimate_ms: toNumberOrNull(time.time_estimate),
    time_spent_ms: toNumberOrNull(time.time_spent),
    points: toNumberOrNull(task.sprint_points),
  };
  result.hierarchy = {
    team: idRef(task.workspace_id),
    space: null,
    folder: null,
    list: idRef(task.subcategory) || (homeList ? idRef(homeList.list_id) : null),
  };
  result.people = {
    creator: creators[0] || (ownership.creator !== undefined ? userOf({ id: ownership.creator }) : null),
    assignees: ofType('assignee'),
    watchers: ofType('watcher'),
  };
  result.relationships = {
    parent: stringOrNull(task.direct_parent),
    subtasks: asArray(task.subtask_ids)
      .map((id) => stringOrNull(id))
      .filter((id) => id !== null)
      .map((id) => ({ id: id, name: null, status: null })),
    dependencies: [],
    linked: [],
    tags: tagNames(task.tags),
  };
  // fields[] shape is undocumented (empty in the only example): read entries that look like fields.
  for (const field of asArray(task.fields)) {
    if (
      isObject(field) &&
      (field.id !== undefined || field.field_id !== undefined) &&
      typeof field.type === 'string'
    ) {
      addCustomField(result, describeCustomField(field));
    }
  }
}

/** Standard API webhook: no task object; what changed is in history_items (research §4.2). */
function fromHistory(result, nav) {
  const changes = nav.history_items.map((item) => normalizeHistoryItem(item, nav.webhook_id)).filter(Boolean);
  result.changes = changes;
  if (nav.resource && nav.resource.type === 'task' && nav.task_id) {
    const last = (field) => {
      for (let i = changes.length - 1; i >= 0; i -= 1) if (changes[i].field === field) return changes[i];
      return null;
    };
    const status = last('status');
    const priority = last('priority');
    const name = last('name');
    const due = last('due_date');
    const estimate = last('time_estimate');
    const dates = changes
      .map((c) => c.date)
      .filter(Boolean)
      .sort();
    const created = last('task_creation');
    result.task = {
      id: nav.task_id,
      custom_id: null,
      name: name && typeof name.after === 'string' ? name.after : null,
      description: null,
      status:
        status && status.after
          ? { id: null, name: status.after.name, type: status.after.type, color: status.after.color }
          : null,
      priority: priority ? priority.after : null,
      url: null,
      archived: null,
      dates: {
        created: created ? created.date : null,
        updated: dates.length ? dates[dates.length - 1] : null,
        closed: null,
        done: null,
        due: due ? due.after : null,
        start: null,
      },
      time_estimate_ms: estimate ? estimate.after : null,
      time_spent_ms: null,
      points: null,
    };
    const withList = changes.find((c) => c.parent_id !== null);
    result.hierarchy.list = withList ? { id: withList.parent_id, name: null } : null;
    if (created) result.people.creator = created.user;
    const moved = last('section_moved');
    if (moved && moved.after) result.hierarchy.list = { id: moved.after.id, name: moved.after.name };
    const keyById = {};
    for (const change of changes) {
      if (change.field !== 'custom_field' || !change.custom_field) continue;
      const cf = change.custom_field;
      const known = cf.id !== null ? keyById[cf.id] : undefined;
      if (known !== undefined) {
        result.custom_fields[known] = change.after; // a later change of the same field wins
        continue;
      }
      const key = addCustomField(result, { id: cf.id, name: cf.name, type: cf.type, value: change.after });
      if (cf.id !== null) keyById[cf.id] = key;
    }
  } else if (
    nav.resource &&
    (nav.resource.type === 'list' || nav.resource.type === 'folder' || nav.resource.type === 'space')
  ) {
    result.hierarchy[nav.resource.type] = { id: nav.resource.id, name: null };
    const renamed = changes.find((c) => c.field === 'name' && typeof c.after === 'string');
    if (renamed) result.hierarchy[nav.resource.type].name = renamed.after;
  }
  if (nav.team_id) result.hierarchy.team = { id: nav.team_id, name: null };
}

function summarize(result, nav) {
  const webhook = result.webhook;
  const task = result.task;
  const parts = [];
  const prefix = {
    standard: webhook.event || 'Webhook event',
    automation: 'Automation webhook',
    automation_legacy: 'Automation webhook (legacy)',
    version_vector:
      (nav.resource ? nav.resource.type : 'object') +
      ' change event' +
      (nav.operation ? ' (operation "' + nav.operation + '")' : ''),
    task: 'Task',
  }[webhook.format];
  if (!prefix)
    return 'Unrecognised payload: not a ClickUp webhook (standard, automation, automation legacy, version vector) nor a task object.';
  parts.push(prefix);
  if (task && task.id) {
    let text = (webhook.format === 'task' ? '' : 'for task ') + task.id;
    if (webhook.format === 'standard') text = 'on task ' + task.id;
    if (task.custom_id) text += ' [' + task.custom_id + ']';
    if (task.name) text += ' ' + JSON.stringify(task.name);
    parts.push(text);
  } else if (nav.resource) {
    let text = 'on ' + nav.resource.type + (nav.resource.id ? ' ' + nav.resource.id : '');
    if (nav.resource.parent && nav.resource.parent.id)
      text += ' (' + nav.resource.parent.type + ' ' + nav.resource.parent.id + ')';
    parts.push(text);
  }
  const list = result.hierarchy.list;
  if (task && list) parts.push('in list ' + (list.name ? JSON.stringify(list.name) : list.id));
  let line = parts.join(' ');
  if (webhook.task_source === 'payload' && task) {
    const facts = [];
    facts.push(
      'status ' +
        (task.status ? (task.status.name ? JSON.stringify(task.status.name) : task.status.id) : 'unknown'),
    );
    facts.push('priority ' + (task.priority ? task.priority.name : 'none'));
    facts.push(
      result.people.assignees.length + ' assignee' + (result.people.assignees.length === 1 ? '' : 's'),
    );
    const keys = Object.keys(result.custom_fields);
    const set = keys.filter((k) => {
      const v = result.custom_fields[k];
      return v !== null && !(Array.isArray(v) && v.length === 0);
    }).length;
    facts.push(keys.length + ' custom field' + (keys.length === 1 ? '' : 's') + ' (' + set + ' set)');
    const subtasks = result.relationships.subtasks.length;
    if (subtasks) facts.push(subtasks + ' subtask' + (subtasks === 1 ? '' : 's'));
    line += ' — ' + facts.join(', ');
  }
  if (result.changes.length) {
    const shown = result.changes.slice(0, 3).map((c) => c.description);
    if (result.changes.length > 3) shown.push('+' + (result.changes.length - 3) + ' more');
    line += ': ' + shown.join('; ');
  }
  if (webhook.actor && webhook.actor.username) line += ' by ' + webhook.actor.username;
  if (
    (webhook.task_source === 'history_items' || webhook.task_source === 'event') &&
    webhook.event !== 'taskDeleted' &&
    task &&
    task.id
  ) {
    line +=
      ' (' +
      (webhook.task_source === 'event' ? 'event only' : 'changes only') +
      ' — GET /task/' +
      task.id +
      ' for the full task)';
  }
  return line;
}

/** Universal processor entry point; see the top of the file. */
export function processTask(input) {
  const result = emptyResult();
  const nav = navigateWebhookPayload(input);
  result.webhook = {
    format: nav.format,
    event: nav.event,
    envelope: nav.envelope,
    webhook_id: nav.webhook_id,
    automation_id: nav.automation_id,
    trigger_id: nav.trigger_id,
    date: isoDate(nav.date),
    team_id: nav.team_id,
    resource: nav.resource,
    operation: nav.operation,
    actor: null,
    task_source: 'none',
    dedupe_keys: [],
  };
  if (nav.task && isObject(nav.task)) {
    if (nav.task_shape === 'internal') fromInternalTask(result, nav.task);
    else fromV2Task(result, nav.task);
    result.webhook.task_source = 'payload';
    if (!result.hierarchy.team && nav.team_id) result.hierarchy.team = { id: nav.team_id, name: null };
  } else if (nav.format === 'standard') {
    fromHistory(result, nav);
    if (result.task) result.webhook.task_source = result.changes.length ? 'history_items' : 'event';
    result.webhook.dedupe_keys = result.changes.map((c) => c.dedupe_key).filter(Boolean);
    const actor = result.changes.find((c) => c.user);
    result.webhook.actor = actor ? actor.user : null;
  } else if (nav.format === 'version_vector') {
    result.changes = nav.changes.map((c) => ({
      field: stringOrNull(c.field),
      before: c.before === undefined ? null : JSON.parse(JSON.stringify(c.before)),
      after: c.after === undefined ? null : JSON.parse(JSON.stringify(c.after)),
      description:
        String(c.field) +
        ': ' +
        (c.after === undefined || c.after === null ? 'none' : JSON.stringify(c.after)),
    }));
    if (nav.task_id) {
      result.task = {
        id: nav.task_id,
        custom_id: null,
        name: null,
        description: null,
        status: null,
        priority: null,
        url: null,
        archived: null,
        dates: { created: null, updated: null, closed: null, done: null, due: null, start: null },
        time_estimate_ms: null,
        time_spent_ms: null,
        points: null,
      };
      result.webhook.task_source = 'event';
    }
    if (nav.team_id) result.hierarchy.team = { id: nav.team_id, name: null };
    const body = unwrapWebhookEnvelope(input).body;
    if (stringOrNull(body.hist_id)) result.webhook.dedupe_keys = [stringOrNull(body.hist_id)];
  }
  result.summary = summarize(result, nav);
  return result;
}
