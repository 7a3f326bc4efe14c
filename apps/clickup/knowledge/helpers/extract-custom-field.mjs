/*
 * Reads a ClickUp custom field (`task.custom_fields[]` entry, or a webhook history item's
 * `custom_field` definition with the changed value) and returns its value normalised by type
 * (research §3 "READ" column):
 *
 *   text, short_text, url, email, phone  → string
 *   number, currency                     → number ("42", "1250.5" strings are converted)
 *   checkbox                             → true | false ("true"/"false" strings are converted)
 *   date                                 → ISO 8601 UTC string (read value is a ms string)
 *   drop_down                            → { id, name, color, orderindex } — the READ value is the
 *                                          option ORDERINDEX (classic) or the option UUID (new
 *                                          dropdowns, webhooks); both are resolved through
 *                                          type_config.options
 *   labels                               → [{ id, label, color }] (options use `label`, not `name`)
 *   users                                → [{ id, username, email }]
 *   tasks, list_relationship             → [{ id, name, status, url }]
 *   attachment                           → [{ id, title, url, size, mimetype }]
 *   emoji (rating)                       → integer
 *   manual_progress / automatic_progress → { percent, current } (read shape unverified: tolerant)
 *   location                             → { lat, lng, address, place_id }
 *   votes                                → [userId]
 *   formula                              → number | string as computed
 *   rollup                               → value.computations when present, else the raw value
 *   button, signature, unknown types     → the raw value
 *
 * Empty (no `value` key, null, "" or a non-array for an array type): [] for array types, null otherwise.
 */

import { millisToIso } from './clickup-dates.mjs';
import {
  canonicalCustomFieldType,
  customFieldEmptyValue,
  customFieldOptions,
  customFieldTypeInfo,
} from './custom-field-types.mjs';
import { isObject } from '../shared/values.mjs';

function nullIfMissing(value) {
  return value === undefined || value === '' ? null : value;
}

function toNumber(value) {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value))
    return Number(value);
  return null;
}

function optionsOf(field) {
  return customFieldOptions(field.type_config) || [];
}

/** Finds a dropdown/labels option by UUID first, then by orderindex (numbers or numeric strings). */
export function findCustomFieldOption(options, value) {
  if (value === null || value === undefined) return null;
  if (isObject(value)) value = value.id !== undefined ? value.id : value.orderindex;
  const text = String(value);
  for (const option of options) if (option.id !== undefined && String(option.id) === text) return option;
  if (/^\d+$/.test(text.trim())) {
    for (const option of options)
      if (option.orderindex !== undefined && String(option.orderindex) === text.trim()) return option;
  }
  return null;
}

function userRef(user) {
  if (isObject(user)) {
    return {
      id: user.id !== undefined ? user.id : null,
      username: nullIfMissing(user.username),
      email: nullIfMissing(user.email),
    };
  }
  return { id: toNumber(user) !== null ? toNumber(user) : user, username: null, email: null };
}

function taskRef(item) {
  if (!isObject(item)) return { id: item, name: null, status: null, url: null };
  const status = isObject(item.status) ? nullIfMissing(item.status.status) : nullIfMissing(item.status);
  return {
    id: nullIfMissing(item.id),
    name: nullIfMissing(item.name),
    status: status,
    url: nullIfMissing(item.url),
  };
}

function readProgress(value, config) {
  const percentRaw = isObject(value)
    ? value.percent_completed !== undefined
      ? value.percent_completed
      : value.percent_complete
    : value;
  let percent = toNumber(percentRaw);
  const current = isObject(value) ? toNumber(value.current) : null;
  if (percent === null && current !== null && isObject(config)) {
    const start = toNumber(config.start);
    const end = toNumber(config.end);
    if (start !== null && end !== null && end !== start) percent = ((current - start) / (end - start)) * 100;
  }
  if (percent === null && current === null) return null;
  return { percent: percent, current: current };
}

/** True when the field carries a value (unset fields have no `value` key). */
export function hasCustomFieldValue(field) {
  if (!isObject(field) || !('value' in field)) return false;
  const value = field.value;
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Normalised value of one custom field; see the table at the top of the file. */
export function extractCustomField(field) {
  if (!isObject(field)) return null;
  const type = canonicalCustomFieldType(field);
  const empty = customFieldEmptyValue(type);
  const value = field.value;
  if (value === undefined || value === null || value === '') return empty;
  if (customFieldTypeInfo(type).array && type !== 'votes' && !Array.isArray(value)) {
    // users/tasks/list_relationship/attachment may echo a write-style {add, rem} in webhooks: keep adds.
    if (isObject(value) && Array.isArray(value.add))
      return extractCustomField(Object.assign({}, field, { value: value.add }));
    return empty;
  }
  switch (type) {
    case 'text':
    case 'short_text':
    case 'url':
    case 'email':
    case 'phone':
      return typeof value === 'string' ? value : String(value);
    case 'number':
    case 'currency':
      return toNumber(value);
    case 'checkbox':
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      return null;
    case 'date':
      return millisToIso(value);
    case 'drop_down': {
      const option = findCustomFieldOption(optionsOf(field), value);
      if (option) {
        return {
          id: nullIfMissing(option.id),
          name: nullIfMissing(option.name),
          color: nullIfMissing(option.color),
          orderindex: toNumber(option.orderindex),
        };
      }
      const numeric = typeof value === 'number' || /^\d+$/.test(String(value).trim());
      return {
        id: numeric ? null : String(value),
        name: null,
        color: null,
        orderindex: numeric ? Number(value) : null,
      };
    }
    case 'labels': {
      const options = optionsOf(field);
      return value.map((item) => {
        const option = findCustomFieldOption(options, item);
        if (option) {
          return {
            id: nullIfMissing(option.id),
            label: nullIfMissing(option.label !== undefined ? option.label : option.name),
            color: nullIfMissing(option.color),
          };
        }
        return {
          id: isObject(item) ? nullIfMissing(item.id) : String(item),
          label: isObject(item) ? nullIfMissing(item.label) : null,
          color: null,
        };
      });
    }
    case 'users':
      return value.map(userRef);
    case 'tasks':
    case 'list_relationship':
      return value.map(taskRef);
    case 'attachment':
      return value.map((item) =>
        isObject(item)
          ? {
              id: nullIfMissing(item.id),
              title: nullIfMissing(item.title),
              url: nullIfMissing(item.url_w_query !== undefined ? item.url_w_query : item.url),
              size: toNumber(item.size),
              mimetype: nullIfMissing(item.mimetype),
            }
          : { id: item, title: null, url: null, size: null, mimetype: null },
      );
    case 'emoji': {
      const rating = toNumber(value);
      return rating === null ? null : Math.trunc(rating);
    }
    case 'manual_progress':
    case 'automatic_progress':
      return readProgress(value, field.type_config);
    case 'location': {
      if (!isObject(value)) return null;
      const point = isObject(value.location) ? value.location : value;
      const lat = toNumber(point.lat);
      const lng = toNumber(point.lng);
      const address = nullIfMissing(
        value.formatted_address !== undefined ? value.formatted_address : value.address,
      );
      if (lat === null && lng === null && address === null) return null;
      return { lat: lat, lng: lng, address: address, place_id: nullIfMissing(value.place_id) };
    }
    case 'votes': {
      const voters = Array.isArray(value) ? value : [];
      return voters.map((voter) => {
        const id = isObject(voter) ? voter.id : voter;
        return toNumber(id) !== null ? toNumber(id) : id;
      });
    }
    case 'formula':
      return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean'
        ? value
        : JSON.parse(JSON.stringify(value));
    case 'rollup':
      return isObject(value) && Array.isArray(value.computations)
        ? value.computations
        : JSON.parse(JSON.stringify(value));
    default:
      return JSON.parse(JSON.stringify(value));
  }
}

/**
 * A custom field with its identity: { id, name, type, value } where `type` is canonical and `value`
 * is extractCustomField(field).
 */
export function describeCustomField(field) {
  if (!isObject(field)) return null;
  return {
    id: nullIfMissing(field.id !== undefined ? field.id : field.field_id),
    name: nullIfMissing(field.name),
    type: canonicalCustomFieldType(field),
    value: extractCustomField(field),
  };
}
