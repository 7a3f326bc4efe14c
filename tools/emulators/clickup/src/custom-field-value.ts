/**
 * A custom-field value as the API WRITES it (`POST /task/{id}/field/{field_id}` `{value}`, or a
 * Create Task `custom_fields[]` entry) → the value as it READS back, or the API's 400 (research §3):
 *
 * - drop_down: an option UUID or an option index; reads back as the option's orderindex (classic
 *   dropdown) or its UUID (`new_drop_down`). The option's NAME is refused: FIELD_011 "Value must be
 *   an option index or uuid".
 * - labels: an array of option UUIDs (it REPLACES the labels set); label texts: FIELD_011.
 * - date: epoch ms (number or numeric string); reads back as a ms string. Else FIELD_017.
 * - number: a number or numeric string; currency: the amount, reads back as a decimal string.
 * - checkbox: a boolean; reads back as "true" / "false".
 * - emoji (rating): an integer from 0 to `type_config.count`.
 * - users / tasks: `{add: [...], rem: [...]}`, never a flat array.
 * - text, short_text, url, email, phone: strings (url, email and phone checked for shape).
 * - formula, rollup, automatic progress, votes, button-less types: not writable.
 */
import { invalidDate, invalidValue, optionIndexOrUuid } from './clickup-error.ts';
import type { ClickUpState, CustomFieldRecord, DropDownOption, LabelOption } from './clickup-state.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `undefined` means "unset the field". */
export function toStoredValue(
  state: ClickUpState,
  field: CustomFieldRecord,
  value: unknown,
  current: unknown,
): unknown {
  if (value === null) return undefined;
  switch (field.type) {
    case 'text':
    case 'short_text':
      if (typeof value !== 'string') throw invalidValue('Value must be a string');
      return value;
    case 'url':
      if (typeof value !== 'string' || !URL.canParse(value)) throw invalidValue('Value is not a valid url');
      return value;
    case 'email':
      if (typeof value !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) {
        throw invalidValue('Value is not a valid email');
      }
      return value;
    case 'phone':
      if (typeof value !== 'string' || !/^\+\d[\d\s-]{5,}$/.test(value)) {
        throw invalidValue('Value is not a valid phone number (it needs the country code)');
      }
      return value;
    case 'number':
      return numberOf(value);
    case 'currency':
      return String(numberOf(value));
    case 'checkbox':
      if (typeof value === 'boolean') return String(value);
      if (value === 'true' || value === 'false') return value;
      throw invalidValue('Value must be a boolean');
    case 'date': {
      const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw invalidDate();
      return String(n);
    }
    case 'drop_down':
      return dropDownValue(field, value);
    case 'labels':
      return labelsValue(field, value);
    case 'emoji': {
      const count = Number(field.type_config['count'] ?? 5);
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > count) {
        throw invalidValue(`Value must be an integer from 0 to ${count}`);
      }
      return value;
    }
    case 'users':
      return addRemove(value, current, (id) => {
        if (typeof id !== 'number' || !state.users.some((u) => u.id === id)) {
          throw invalidValue(`User ${JSON.stringify(id)} is not a member of the workspace`);
        }
        return id;
      });
    case 'tasks':
      return addRemove(value, current, (id) => {
        if (typeof id !== 'string' || !state.tasks.some((t) => t.id === id && !t.deleted)) {
          throw invalidValue(`Task ${JSON.stringify(id)} not found`);
        }
        return id;
      });
    case 'manual_progress':
      if (
        typeof value !== 'object' ||
        value === null ||
        typeof (value as { current?: unknown }).current !== 'number'
      ) {
        throw invalidValue('Value must be {"current": <number>}');
      }
      return value;
    case 'location':
      if (typeof value !== 'object' || value === null || !('location' in value)) {
        throw invalidValue('Value must be {"location": {"lat", "lng"}, "formatted_address"}');
      }
      return value;
    default:
      throw invalidValue(`Custom fields of type ${field.type} cannot be set through the API`);
  }
}

function numberOf(value: unknown): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalidValue('Value must be a number');
  return n;
}

function dropDownValue(field: CustomFieldRecord, value: unknown): unknown {
  const options = (field.type_config['options'] ?? []) as DropDownOption[];
  const byUuid =
    typeof value === 'string' && UUID.test(value) ? options.find((o) => o.id === value) : undefined;
  const index =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\d+$/.test(value)
        ? Number(value)
        : NaN;
  const option = byUuid ?? options.find((o) => o.orderindex === index);
  if (!option) throw optionIndexOrUuid();
  return field.type_config['new_drop_down'] === true ? option.id : option.orderindex;
}

function labelsValue(field: CustomFieldRecord, value: unknown): unknown {
  const options = (field.type_config['options'] ?? []) as LabelOption[];
  if (!Array.isArray(value)) throw optionIndexOrUuid();
  const ids = value.map((v) => {
    const option = options.find((o) => o.id === v);
    if (!option) throw optionIndexOrUuid();
    return option.id;
  });
  return ids.length === 0 ? undefined : [...new Set(ids)];
}

function addRemove(value: unknown, current: unknown, check: (id: unknown) => unknown): unknown {
  if (Array.isArray(value) || typeof value !== 'object' || value === null) {
    throw invalidValue('Value must be {"add": [...], "rem": [...]}');
  }
  const { add = [], rem = [] } = value as { add?: unknown; rem?: unknown };
  if (!Array.isArray(add) || !Array.isArray(rem)) throw invalidValue('"add" and "rem" must be arrays');
  const result = Array.isArray(current) ? [...current] : [];
  for (const id of add.map(check)) if (!result.includes(id)) result.push(id);
  const removed = new Set(rem);
  const next = result.filter((id) => !removed.has(id));
  return next.length === 0 ? undefined : next;
}
