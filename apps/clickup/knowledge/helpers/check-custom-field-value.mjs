/*
 * Checks a custom-field value in the form the API WRITES it (the `value` of
 * POST /task/{task_id}/field/{field_id}, or of a Create Task `custom_fields[]` entry) against the
 * rules of research §3. Returns a list of errors `{ field, message, antiPattern? }`; an empty list
 * means the value has the documented shape. Messages say what to send instead.
 *
 * `typeConfig` (the field's `type_config`, from GET /list/{list_id}/field) is optional; with it,
 * dropdown/labels values are checked against the real options and emoji/progress against the
 * field's range.
 */

import { looksLikeUnixSeconds, toClickUpMillis } from './clickup-dates.mjs';
import {
  canonicalCustomFieldType,
  customFieldOptions,
  customFieldTypeInfo,
  optionLabel,
} from './custom-field-types.mjs';
import { capitalArticle, isObject, show } from '../shared/values.mjs';

export function isClickUpUuid(value) {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
  );
}

function listOptions(options) {
  return options.map((o) => show(optionLabel(o)) + ' = ' + show(o.id)).join(', ');
}

function findByLabel(options, text) {
  const wanted = String(text).trim().toLowerCase();
  for (const option of options) {
    const label = optionLabel(option);
    if (typeof label === 'string' && label.trim().toLowerCase() === wanted) return option;
  }
  return null;
}

function checkAddRem(type, value, path, errors) {
  const idKind =
    type === 'users'
      ? 'user ids (integers, from GET /team members)'
      : type === 'attachment'
        ? 'attachment ids'
        : 'task ids';
  if (Array.isArray(value)) {
    errors.push({
      field: path,
      message:
        capitalArticle(type) +
        ' custom field is written as {"add": [...], "rem": [...]}, not a flat array. Send ' +
        show({ add: value, rem: [] }) +
        ' to add them; put the ones to remove in "rem". Entries are ' +
        idKind +
        '.',
      antiPattern: 'flat-array-for-relationship-field',
    });
    return;
  }
  if (!isObject(value) || (value.add === undefined && value.rem === undefined)) {
    errors.push({
      field: path,
      message:
        capitalArticle(type) +
        ' custom field is written as {"add": [...], "rem": [...]} with ' +
        idKind +
        '; got ' +
        show(value) +
        '.',
      antiPattern: 'custom-field-value-shape',
    });
    return;
  }
  for (const key of ['add', 'rem']) {
    if (value[key] === undefined) continue;
    if (!Array.isArray(value[key])) {
      errors.push({
        field: path + '.' + key,
        message:
          '"' +
          key +
          '" must be an array of ' +
          idKind +
          ', e.g. {"' +
          key +
          '": [' +
          (type === 'users' ? '123' : '"abc123"') +
          ']}; got ' +
          show(value[key]) +
          '.',
        antiPattern: 'custom-field-value-shape',
      });
      continue;
    }
    value[key].forEach((id, i) => {
      const ok =
        type === 'users'
          ? (Number.isInteger(id) && id > 0) || (typeof id === 'string' && id.trim() !== '' && !/@/.test(id))
          : typeof id === 'string' && id.trim() !== '';
      if (!ok) {
        errors.push({
          field: path + '.' + key + '[' + i + ']',
          message:
            type === 'users'
              ? 'Users are referenced by their numeric user id (or a user-group id), not by name or email; resolve ' +
                show(id) +
                ' through GET /team (members[].user.id).'
              : 'Each entry must be a ' +
                (type === 'attachment' ? 'attachment id' : 'task id') +
                ' string; got ' +
                show(id) +
                '.',
          antiPattern: 'custom-field-value-shape',
        });
      }
    });
  }
}

/** Errors for writing `value` into a custom field of `type`; [] when the value has the documented form. */
export function checkCustomFieldValue(type, value, typeConfig, path) {
  const where = path || 'value';
  const canonical = canonicalCustomFieldType(type, typeConfig);
  const info = customFieldTypeInfo(canonical);
  const errors = [];
  const shape = (message) =>
    errors.push({ field: where, message: message, antiPattern: 'custom-field-value-shape' });

  if (!info.writable) {
    errors.push({
      field: where,
      message:
        capitalArticle(canonical) +
        ' custom field cannot be set through the API (' +
        info.write +
        '). Leave it out of the request; only the writable types (text, number, date, drop_down, labels, users, …) can be set.',
      antiPattern: 'setting-read-only-field',
    });
    return errors;
  }
  if (value === null || value === undefined) {
    errors.push({
      field: where,
      message:
        'To clear a custom field call remove_custom_field_value (DELETE /task/{task_id}/field/{field_id}); to set it send ' +
        info.write +
        '.',
      antiPattern: 'null-to-clear-custom-field',
    });
    return errors;
  }
  switch (canonical) {
    case 'text':
    case 'short_text':
      if (typeof value !== 'string')
        shape(
          capitalArticle(canonical) +
            ' custom field takes a string, e.g. "Some text"; got ' +
            show(value) +
            '.',
        );
      break;
    case 'url':
      if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^\s/$.?#][^\s]*$/i.test(value.trim())) {
        shape(
          'A url custom field takes a valid absolute URL string, e.g. "https://clickup.com"; got ' +
            show(value) +
            '.',
        );
      }
      break;
    case 'email':
      if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim())) {
        shape(
          'An email custom field takes a valid address string, e.g. "user@company.com"; got ' +
            show(value) +
            '.',
        );
      }
      break;
    case 'phone':
      if (typeof value !== 'string' || !/^\+\d[\d\s().-]{4,}$/.test(value.trim())) {
        shape(
          'A phone custom field takes a string WITH the country code, e.g. "+1 123 456 7890"; got ' +
            show(value) +
            '.',
        );
      }
      break;
    case 'number':
    case 'currency':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        const asNumber =
          typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
            ? Number(value)
            : null;
        shape(
          capitalArticle(canonical) +
            ' custom field takes a JSON number' +
            (canonical === 'currency'
              ? ' (the amount in units, not cents; the currency is part of the field)'
              : '') +
            (asNumber !== null
              ? ': send ' + asNumber + ' instead of ' + show(value) + '.'
              : ', e.g. 8000; got ' + show(value) + '.'),
        );
      }
      break;
    case 'checkbox':
      if (typeof value !== 'boolean') {
        shape(
          'A checkbox custom field takes a boolean: send ' +
            (value === 'false' || value === 0
              ? 'false'
              : value === 'true' || value === 1
                ? 'true'
                : 'true or false') +
            ' (not ' +
            show(value) +
            ').',
        );
      }
      break;
    case 'date': {
      if (typeof value === 'number' && Number.isInteger(value) && !looksLikeUnixSeconds(value)) break;
      const ms = looksLikeUnixSeconds(value) ? value * 1000 : toClickUpMillis(value);
      errors.push({
        field: where,
        message:
          'A date custom field takes Unix time in MILLISECONDS as a number' +
          (ms !== null
            ? ': send ' + ms + ' instead of ' + show(value)
            : ', e.g. 1667367645000; got ' + show(value)) +
          ' (add "value_options": {"time": true} to show the time of day).',
        antiPattern: 'non-millisecond-date',
      });
      break;
    }
    case 'drop_down': {
      const options = customFieldOptions(typeConfig);
      if (Number.isInteger(value) && value >= 0) {
        if (options && value >= options.length)
          shape(
            'Option index ' +
              value +
              ' does not exist; valid options: ' +
              listOptions(options) +
              '. Send the option UUID.',
          );
        break;
      }
      if (typeof value !== 'string' || value.trim() === '') {
        shape(
          'A drop_down custom field takes the option UUID (type_config.options[].id) as a string; got ' +
            show(value) +
            '.',
        );
        break;
      }
      if (options) {
        if (options.some((o) => String(o.id) === value)) break;
        const byLabel = findByLabel(options, value);
        errors.push({
          field: where,
          message: byLabel
            ? 'Send the option UUID, not its label: "' +
              byLabel.id +
              '" for ' +
              show(value) +
              ' (the API answers FIELD_011 "Value must be an option index or uuid").'
            : show(value) +
              ' is not an option of this dropdown; valid options: ' +
              listOptions(options) +
              '. Options cannot be created by setting a value.',
          antiPattern: 'dropdown-label-as-value',
        });
        break;
      }
      if (!isClickUpUuid(value)) {
        errors.push({
          field: where,
          message:
            'A drop_down custom field takes the option UUID (or the option index), not the label text ' +
            show(value) +
            ' (FIELD_011 "Value must be an option index or uuid"). Read the options from GET /list/{list_id}/field → type_config.options[].id.',
          antiPattern: 'dropdown-label-as-value',
        });
      }
      break;
    }
    case 'labels': {
      if (isObject(value) && (value.add !== undefined || value.rem !== undefined)) {
        errors.push({
          field: where,
          message:
            'A labels custom field takes the COMPLETE array of option UUIDs and replaces the current labels; there is no add/rem. Read the current value, merge, and send e.g. ["uuid1","uuid2"].',
          antiPattern: 'labels-as-partial-update',
        });
        break;
      }
      if (!Array.isArray(value)) {
        shape(
          'A labels custom field takes an array of option UUIDs, e.g. ["uuid1","uuid2"] (it replaces the current labels); got ' +
            show(value) +
            '.',
        );
        break;
      }
      const options = customFieldOptions(typeConfig);
      value.forEach((item, i) => {
        const itemPath = where + '[' + i + ']';
        if (typeof item !== 'string' || item.trim() === '') {
          errors.push({
            field: itemPath,
            message: 'Each label is an option UUID string; got ' + show(item) + '.',
            antiPattern: 'custom-field-value-shape',
          });
          return;
        }
        if (options) {
          if (options.some((o) => String(o.id) === item)) return;
          const byLabel = findByLabel(options, item);
          errors.push({
            field: itemPath,
            message: byLabel
              ? 'Send the label UUID "' + byLabel.id + '" instead of its text ' + show(item) + '.'
              : show(item) + ' is not a label of this field; valid labels: ' + listOptions(options) + '.',
            antiPattern: 'dropdown-label-as-value',
          });
        } else if (!isClickUpUuid(item)) {
          errors.push({
            field: itemPath,
            message:
              'Labels are written as option UUIDs (type_config.options[].id), not label text ' +
              show(item) +
              '.',
            antiPattern: 'dropdown-label-as-value',
          });
        }
      });
      break;
    }
    case 'users':
    case 'tasks':
    case 'list_relationship':
    case 'attachment':
      checkAddRem(canonical, value, where, errors);
      break;
    case 'emoji': {
      const max = isObject(typeConfig) && Number.isInteger(typeConfig.count) ? typeConfig.count : 5;
      if (!Number.isInteger(value) || value < 0 || value > max) {
        shape(
          'An emoji (rating) custom field takes an integer from 0 to ' +
            max +
            ' (type_config.count); got ' +
            show(value) +
            '.',
        );
      }
      break;
    }
    case 'manual_progress': {
      const current = isObject(value) ? value.current : undefined;
      if (typeof current !== 'number' || !Number.isFinite(current)) {
        shape(
          'A manual progress custom field takes {"current": n}, n absolute between type_config.start and type_config.end' +
            (typeof value === 'number' ? ': send {"current": ' + value + '}.' : '; got ' + show(value) + '.'),
        );
        break;
      }
      if (
        isObject(typeConfig) &&
        typeof typeConfig.start === 'number' &&
        typeof typeConfig.end === 'number'
      ) {
        const low = Math.min(typeConfig.start, typeConfig.end);
        const high = Math.max(typeConfig.start, typeConfig.end);
        if (current < low || current > high) {
          shape(
            '"current" is absolute, between start ' +
              typeConfig.start +
              ' and end ' +
              typeConfig.end +
              ' (not a percentage); got ' +
              current +
              '.',
          );
        }
      }
      break;
    }
    case 'location': {
      const point = isObject(value) ? value.location : undefined;
      const lat = isObject(point) ? point.lat : undefined;
      const lng = isObject(point) ? point.lng : undefined;
      if (
        typeof lat !== 'number' ||
        typeof lng !== 'number' ||
        lat < -90 ||
        lat > 90 ||
        lng < -180 ||
        lng > 180
      ) {
        shape(
          'A location custom field takes {"location": {"lat": <-90..90>, "lng": <-180..180>}, "formatted_address": "…"} (Google Geocoding format), e.g. {"location":{"lat":-28.016667,"lng":153.4},"formatted_address":"Gold Coast QLD, Australia"}; got ' +
            show(value) +
            '.',
        );
      } else if (value.formatted_address !== undefined && typeof value.formatted_address !== 'string') {
        shape('"formatted_address" must be a string; got ' + show(value.formatted_address) + '.');
      }
      break;
    }
    case 'button':
      if (value !== true)
        shape('A button custom field is "clicked" by sending true; got ' + show(value) + '.');
      break;
    default:
      break;
  }
  return errors;
}
