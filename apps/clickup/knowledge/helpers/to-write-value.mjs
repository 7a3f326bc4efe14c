/*
 * Converts a value as a person (or extractCustomField) writes it into the body ClickUp expects for
 * POST /task/{task_id}/field/{field_id} (research §3 "WRITE" column):
 *
 *   toWriteValue('drop_down', 'Campaign', field.type_config)  → { value: '<option uuid>' }
 *   toWriteValue('users', [183, 456])                         → { value: { add: [183, 456], rem: [] } }
 *   toWriteValue('date', '2025-04-16T09:30:00Z')              → { value: 1744795800000, value_options: { time: true } }
 *   toWriteValue('location', { lat: -28.016667, lng: 153.4, address: 'Gold Coast QLD, Australia' })
 *     → { value: { location: { lat: -28.016667, lng: 153.4 }, formatted_address: 'Gold Coast QLD, Australia' } }
 *
 * `type` is a type name or a field definition ({ type, type_config }); `typeConfig` (the field's
 * type_config) lets dropdown/labels values be given by their label text and progress by percent.
 * The values extractCustomField returns convert back (round trip).
 * Throws an Error whose message says what to send when the value cannot be written (read-only
 * types, null — use DELETE to clear —, label text without type_config, out-of-range values).
 */

import { checkCustomFieldValue } from './check-custom-field-value.mjs';
import { dateStringHasTime, looksLikeUnixSeconds, toClickUpMillis } from './clickup-dates.mjs';
import {
  canonicalCustomFieldType,
  customFieldOptions,
  customFieldTypeInfo,
  optionLabel,
} from './custom-field-types.mjs';
import { article, isObject } from '../shared/values.mjs';

/** Option UUID for a dropdown/labels value given as UUID, option object, label text or orderindex. */
function optionId(item, options) {
  if (isObject(item)) {
    if (item.id !== undefined && item.id !== null) return item.id;
    if (item.orderindex !== undefined && item.orderindex !== null) item = Number(item.orderindex);
    else return item;
  }
  if (typeof item === 'string') {
    const text = item.trim();
    for (const option of options) if (String(option.id) === text) return option.id;
    for (const option of options) {
      const label = optionLabel(option);
      if (typeof label === 'string' && label.trim().toLowerCase() === text.toLowerCase()) return option.id;
    }
    return text;
  }
  if (Number.isInteger(item)) {
    // Orderindex as read back from a classic dropdown: prefer the option's UUID when we know it.
    for (const option of options)
      if (Number(option.orderindex) === item && option.id !== undefined) return option.id;
  }
  return item;
}

function userIdOf(item) {
  if (isObject(item)) return item.id;
  if (typeof item === 'string' && /^\d+$/.test(item.trim())) return Number(item.trim());
  return item;
}

function taskIdOf(item) {
  return isObject(item) ? item.id : item;
}

function addRem(value, idOf) {
  if (Array.isArray(value)) return { add: value.map(idOf), rem: [] };
  if (isObject(value) && (value.add !== undefined || value.rem !== undefined)) {
    return {
      add: Array.isArray(value.add) ? value.add.map(idOf) : [],
      rem: Array.isArray(value.rem) ? value.rem.map(idOf) : [],
    };
  }
  return value;
}

function toBoolean(value) {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1') return true;
  if (value === 0 || value === '0') return false;
  if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (text === 'true' || text === 'yes') return true;
    if (text === 'false' || text === 'no') return false;
  }
  return value;
}

function numberFromText(value) {
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/**
 * Body for POST /task/{task_id}/field/{field_id}: { value } or { value, value_options } (dates).
 * `options.time` forces (true) or suppresses (false) value_options.time for dates.
 */
export function toWriteValue(type, value, typeConfig, options) {
  const config = isObject(type) ? type.type_config : typeConfig;
  const canonical = canonicalCustomFieldType(type, config);
  const info = customFieldTypeInfo(canonical);
  const opts = isObject(options) ? options : {};
  let written = value;
  let valueOptions = null;

  if (info.writable && value !== null && value !== undefined) {
    switch (canonical) {
      case 'text':
      case 'short_text':
        if (typeof value === 'number' || typeof value === 'boolean') written = String(value);
        break;
      case 'url':
      case 'email':
      case 'phone':
        if (typeof value === 'string') written = value.trim();
        break;
      case 'number':
      case 'currency':
        written = numberFromText(value);
        break;
      case 'checkbox':
        written = toBoolean(value);
        break;
      case 'date': {
        if (looksLikeUnixSeconds(value)) {
          throw new Error(
            'Date ' +
              value +
              ' looks like Unix SECONDS; ClickUp dates are milliseconds. Pass ' +
              value * 1000 +
              ' (or an ISO 8601 string).',
          );
        }
        const ms = toClickUpMillis(value);
        if (ms !== null) {
          written = ms;
          const withTime =
            opts.time !== undefined
              ? Boolean(opts.time)
              : typeof value === 'number' || /^\s*-?\d+\s*$/.test(String(value)) || dateStringHasTime(value);
          if (withTime) valueOptions = { time: true };
        }
        break;
      }
      case 'drop_down':
        written = optionId(value, customFieldOptions(config) || []);
        break;
      case 'labels': {
        const items = Array.isArray(value)
          ? value
          : isObject(value) && (value.add || value.rem)
            ? null
            : [value];
        if (items) written = items.map((item) => optionId(item, customFieldOptions(config) || []));
        break;
      }
      case 'users':
        written = addRem(value, userIdOf);
        break;
      case 'tasks':
      case 'list_relationship':
      case 'attachment':
        written = addRem(value, taskIdOf);
        break;
      case 'emoji':
        written = numberFromText(value);
        break;
      case 'manual_progress': {
        if (typeof value === 'number') written = { current: value };
        else if (isObject(value) && typeof value.current === 'number') written = { current: value.current };
        else if (isObject(value) && typeof value.percent === 'number') {
          const start = isObject(config) && typeof config.start === 'number' ? config.start : null;
          const end = isObject(config) && typeof config.end === 'number' ? config.end : null;
          if (start === null || end === null) {
            throw new Error(
              'A progress percentage needs the field type_config (start, end) to become {"current": n}; pass type_config or {"current": n}.',
            );
          }
          written = { current: start + ((end - start) * value.percent) / 100 };
        }
        break;
      }
      case 'location':
        if (
          isObject(value) &&
          !isObject(value.location) &&
          (value.lat !== undefined || value.lng !== undefined)
        ) {
          written = { location: { lat: numberFromText(value.lat), lng: numberFromText(value.lng) } };
          const address = value.address !== undefined ? value.address : value.formatted_address;
          if (address !== undefined && address !== null) written.formatted_address = address;
        }
        break;
      default:
        break;
    }
  }

  const errors = checkCustomFieldValue(canonical, written, config, 'value');
  if (errors.length > 0) {
    throw new Error(
      'Cannot write ' +
        JSON.stringify(value) +
        ' to ' +
        article(canonical) +
        ' custom field: ' +
        errors.map((e) => e.message).join(' '),
    );
  }
  return valueOptions ? { value: written, value_options: valueOptions } : { value: written };
}

/**
 * One entry of Create Task `custom_fields`: { id, value } for a field definition { id, type, type_config }.
 * (value_options is documented for Set Custom Field Value only, so it is not sent on create.)
 */
export function toCreateTaskCustomField(field, value) {
  if (!isObject(field) || typeof field.id !== 'string' || field.id === '') {
    throw new Error(
      'toCreateTaskCustomField needs the field definition {id, type, type_config} from GET /list/{list_id}/field.',
    );
  }
  return { id: field.id, value: toWriteValue(field, value).value };
}
