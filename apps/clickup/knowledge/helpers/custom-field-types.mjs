/*
 * The ClickUp custom-field type catalogue (research §3): how each type reads, how it is written,
 * and what "empty" is. Both progress kinds arrive as `type: "progress"` and are told apart by
 * `type_config.method` ("manual" | "automatic").
 *
 * Empty values (research §3, seeds "empty-custom-fields"): `[]` for the array types, `null` for the
 * others. Unset fields have NO `value` key at all.
 */

import { isObject } from '../shared/values.mjs';

export function customFieldCatalogue() {
  return {
    text: { array: false, writable: true, write: '"string"' },
    short_text: { array: false, writable: true, write: '"string"' },
    url: { array: false, writable: true, write: '"https://…" (a valid URL)' },
    email: { array: false, writable: true, write: '"user@company.com" (a valid address)' },
    phone: { array: false, writable: true, write: '"+1 123 456 7890" (with the country code)' },
    number: { array: false, writable: true, write: 'a number, e.g. -28' },
    currency: {
      array: false,
      writable: true,
      write: 'the amount as a number, e.g. 8000 (units, not cents; the currency comes from the field)',
    },
    checkbox: { array: false, writable: true, write: 'true or false (boolean)' },
    date: {
      array: false,
      writable: true,
      write: 'Unix milliseconds, e.g. 1667367645000, plus value_options {"time": true} to show the time',
    },
    drop_down: {
      array: false,
      writable: true,
      write: 'the option UUID from type_config.options[].id (or the option index)',
    },
    labels: {
      array: true,
      writable: true,
      write: 'an array of option UUIDs from type_config.options[].id; it REPLACES the current labels',
    },
    users: { array: true, writable: true, write: '{"add": [userId…], "rem": [userId…]}' },
    tasks: { array: true, writable: true, write: '{"add": ["taskId"…], "rem": ["taskId"…]}' },
    list_relationship: { array: true, writable: true, write: '{"add": ["taskId"…], "rem": ["taskId"…]}' },
    attachment: {
      array: true,
      writable: true,
      write:
        '{"add": ["attachmentId"…], "rem": ["attachmentId"…]} (observed, not in the Set Custom Field Value docs)',
    },
    emoji: { array: false, writable: true, write: 'an integer from 0 to type_config.count, e.g. 4' },
    manual_progress: {
      array: false,
      writable: true,
      write: '{"current": n} with type_config.start ≤ n ≤ type_config.end',
    },
    automatic_progress: {
      array: false,
      writable: false,
      write: 'read-only, it is computed from subtasks/checklists/assigned comments',
    },
    location: {
      array: false,
      writable: true,
      write:
        '{"location": {"lat": -28.016667, "lng": 153.4}, "formatted_address": "Gold Coast QLD, Australia"}',
    },
    button: { array: false, writable: true, write: 'true (clicks the button and runs its action)' },
    votes: { array: true, writable: false, write: 'read-only, votes are cast by users in ClickUp' },
    formula: { array: false, writable: false, write: 'read-only, it is computed by the formula' },
    rollup: { array: false, writable: false, write: 'read-only, it is computed' },
    signature: { array: false, writable: false, write: 'read-only, no write form is documented' },
  };
}

/**
 * Canonical type of a field definition or a type name: "progress" becomes "manual_progress" or
 * "automatic_progress" from `type_config.method`; anything else is returned as given (lower case).
 */
export function canonicalCustomFieldType(fieldOrType, typeConfig) {
  const isField = fieldOrType !== null && typeof fieldOrType === 'object';
  const rawType = isField ? fieldOrType.type : fieldOrType;
  const config = isField ? fieldOrType.type_config : typeConfig;
  if (typeof rawType !== 'string') return 'unknown';
  const type = rawType.trim().toLowerCase();
  if (type === 'progress') {
    const method = config && typeof config.method === 'string' ? config.method.toLowerCase() : '';
    return method === 'automatic' ? 'automatic_progress' : 'manual_progress';
  }
  return type;
}

/** Catalogue entry for a (canonical) type; unknown types (app fields…) read raw and are not validated. */
export function customFieldTypeInfo(type) {
  const entry = customFieldCatalogue()[canonicalCustomFieldType(type)];
  if (entry)
    return {
      type: canonicalCustomFieldType(type),
      known: true,
      array: entry.array,
      writable: entry.writable,
      write: entry.write,
    };
  return {
    type: canonicalCustomFieldType(type),
    known: false,
    array: false,
    writable: true,
    write: 'unknown type: no documented write form',
  };
}

/** The empty value of a type: [] for array types, null otherwise. */
export function customFieldEmptyValue(type) {
  return customFieldTypeInfo(type).array ? [] : null;
}

/** The options of a dropdown / labels field (its `type_config.options`), or null when it has none. */
export function customFieldOptions(typeConfig) {
  return isObject(typeConfig) && Array.isArray(typeConfig.options)
    ? typeConfig.options.filter(isObject)
    : null;
}

/** An option's text: `name` for dropdowns, `label` for labels. */
export function optionLabel(option) {
  return option.name !== undefined ? option.name : option.label;
}

/** Every known canonical type name. */
export function customFieldTypes() {
  return Object.keys(customFieldCatalogue());
}
