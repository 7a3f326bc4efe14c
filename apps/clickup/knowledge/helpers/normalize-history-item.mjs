/*
 * Standard webhook `history_items[]` (research §4.2): one entry per change, with `field`, `before`,
 * `after`, `user`, `date` (ms string) and `parent_id` (the list id for task events). The shape of
 * before/after depends on `field`:
 *
 *   status          {status, color, orderindex, type}          → { name, type, color }
 *   priority        {id: "2", priority: "high", …}             → { id: 2, name: "high" }
 *   assignee_add    user in `after` / assignee_rem user in `before` → { id, username, email }
 *   due_date        ms strings                                  → ISO 8601
 *   tag             [{name, tag_fg, tag_bg, creator}]           → ["name"]
 *   section_moved   list {id, name, category, project}          → { id, name, category, project }
 *   comment         comment id + item.comment {…}               → comment id; item → { id, text, user }
 *   time_estimate   ms string                                   → ms number
 *   time_spent      interval {id, start, end, time, …}          → { id, start, end, time } (ms numbers)
 *   content         Quill delta JSON string {"ops": […]}        → plain text of the inserts
 *   custom_field    raw value + item.custom_field definition    → decoded with extractCustomField
 *   name            old / new string; task_creation null / null
 *
 * ClickUp sends the same change several times (e.g. taskStatusUpdated AND taskUpdated with the
 * same history item id): deduplicate on `dedupe_key` = `{webhook_id}:{history_item_id}`.
 */

import { millisToIso, toNumberOrNull } from './clickup-dates.mjs';
import { canonicalCustomFieldType, customFieldEmptyValue } from './custom-field-types.mjs';
import { extractCustomField } from './extract-custom-field.mjs';
import { normalizeFieldName } from './normalize-field-name.mjs';
import { readPriority } from './read-priority.mjs';
import { isObject } from '../shared/values.mjs';

function copyOrNull(value) {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function userOf(user) {
  if (!isObject(user)) return null;
  return {
    id: user.id !== undefined ? user.id : null,
    username: user.username !== undefined ? user.username : null,
    email: user.email !== undefined ? user.email : null,
  };
}

function statusOf(status) {
  if (!isObject(status)) return typeof status === 'string' ? { name: status, type: null, color: null } : null;
  // A new task's "before" is {status: null, type: "removed"}: there was no status.
  if (status.status === null || status.status === undefined) return null;
  return {
    name: status.status !== undefined ? status.status : null,
    type: status.type !== undefined ? status.type : null,
    color: status.color !== undefined ? status.color : null,
  };
}

function refOf(value) {
  return isObject(value)
    ? {
        id: value.id !== undefined ? String(value.id) : null,
        name: value.name !== undefined ? value.name : null,
      }
    : null;
}

function deltaText(value) {
  if (typeof value !== 'string') return value === undefined ? null : value;
  try {
    const delta = JSON.parse(value);
    if (isObject(delta) && Array.isArray(delta.ops)) {
      return delta.ops
        .map((op) => (isObject(op) && typeof op.insert === 'string' ? op.insert : ''))
        .join('')
        .replace(/\n+$/, '');
    }
  } catch {
    // not JSON: plain text already
  }
  return value;
}

function display(value) {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? value.slice(0, 57) + '…' : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return '[' + value.map(display).join(', ') + ']';
  for (const key of ['name', 'label', 'username', 'address', 'title']) {
    if (typeof value[key] === 'string') return display(value[key]);
  }
  if (value.id !== undefined && value.id !== null) return display(String(value.id));
  return JSON.stringify(value);
}

/** Normalises one history item; see the table at the top of the file. */
export function normalizeHistoryItem(item, webhookId) {
  if (!isObject(item)) return null;
  const field = typeof item.field === 'string' ? item.field : null;
  const out = {
    id: item.id !== undefined && item.id !== null ? String(item.id) : null,
    field: field,
    date: millisToIso(item.date),
    user: userOf(item.user),
    parent_id: item.parent_id !== undefined && item.parent_id !== null ? String(item.parent_id) : null,
    before: null,
    after: null,
    dedupe_key: null,
    description: '',
  };
  if (webhookId && out.id) out.dedupe_key = webhookId + ':' + out.id;
  else if (out.id) out.dedupe_key = out.id;
  let label = field || 'change';
  switch (field) {
    case 'status':
      out.before = statusOf(item.before);
      out.after = statusOf(item.after);
      break;
    case 'priority':
      out.before = readPriority(item.before);
      out.after = readPriority(item.after);
      break;
    case 'assignee_add':
    case 'assignee_rem':
      out.before = userOf(item.before);
      out.after = userOf(item.after);
      break;
    case 'due_date':
      out.before = millisToIso(item.before);
      out.after = millisToIso(item.after);
      break;
    case 'tag': {
      const names = (v) =>
        Array.isArray(v)
          ? v.map((t) => (isObject(t) ? t.name : t)).filter((t) => t !== undefined && t !== null)
          : v === null || v === undefined
            ? null
            : [String(v)];
      out.before = names(item.before);
      out.after = names(item.after);
      break;
    }
    case 'section_moved': {
      const list = (v) =>
        isObject(v)
          ? {
              id: v.id !== undefined ? String(v.id) : null,
              name: v.name !== undefined ? v.name : null,
              category: refOf(v.category),
              project: refOf(v.project),
            }
          : null;
      out.before = list(item.before);
      out.after = list(item.after);
      break;
    }
    case 'comment': {
      out.before = item.before === undefined ? null : copyOrNull(item.before);
      out.after = item.after === undefined ? null : copyOrNull(item.after);
      if (isObject(item.comment)) {
        const text = typeof item.comment.text_content === 'string' ? item.comment.text_content : null;
        out.comment = {
          id: item.comment.id !== undefined ? String(item.comment.id) : null,
          text: text,
          user: userOf(item.comment.user),
        };
      }
      break;
    }
    case 'time_estimate':
      out.before = toNumberOrNull(item.before);
      out.after = toNumberOrNull(item.after);
      break;
    case 'time_spent': {
      const interval = (v) =>
        isObject(v)
          ? {
              id: v.id !== undefined ? String(v.id) : null,
              start: toNumberOrNull(v.start),
              end: toNumberOrNull(v.end),
              time: toNumberOrNull(v.time),
            }
          : toNumberOrNull(v);
      out.before = interval(item.before);
      out.after = interval(item.after);
      break;
    }
    case 'content':
      out.before = deltaText(item.before);
      out.after = deltaText(item.after);
      label = 'description';
      break;
    case 'custom_field': {
      const def = isObject(item.custom_field) ? item.custom_field : {};
      const decode = (raw) =>
        raw === null || raw === undefined
          ? customFieldEmptyValue(canonicalCustomFieldType(def))
          : extractCustomField(Object.assign({}, def, { value: raw }));
      out.before = decode(item.before);
      out.after = decode(item.after);
      out.custom_field = {
        id: def.id !== undefined ? String(def.id) : null,
        name: def.name !== undefined ? def.name : null,
        type: canonicalCustomFieldType(def),
        key: normalizeFieldName(def.name) || (def.id ? 'field_' + normalizeFieldName(def.id) : ''),
      };
      label = 'custom field ' + JSON.stringify(out.custom_field.name || out.custom_field.id || '?');
      break;
    }
    default:
      out.before = copyOrNull(item.before);
      out.after = copyOrNull(item.after);
  }
  if (field === 'task_creation') out.description = 'task created';
  else if (field === 'assignee_add') out.description = 'assignee added: ' + display(out.after);
  else if (field === 'assignee_rem') out.description = 'assignee removed: ' + display(out.before);
  else if (field === 'comment')
    out.description = 'comment: ' + display(out.comment ? out.comment.text : out.after);
  else if (field === 'time_spent')
    out.description =
      'time tracked: ' +
      (isObject(out.after) && out.after.time !== null ? out.after.time + ' ms' : display(out.after));
  else if (field === 'time_estimate')
    out.description =
      'time estimate: ' +
      (out.before === null ? 'none' : out.before + ' ms') +
      ' → ' +
      (out.after === null ? 'none' : out.after + ' ms');
  else out.description = label + ': ' + display(out.before) + ' → ' + display(out.after);
  return out;
}
