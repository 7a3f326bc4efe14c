/*
 * Field checks shared by the task validators. Each check returns a list of errors
 * `{ field, message, antiPattern? }`; messages are recovery instructions (the right form).
 *
 * Arguments are read by their API names or camelCase aliases (task-args.mjs), and errors name the
 * key the caller actually used. The assignee checks are in task-assignee-checks.mjs, the checks
 * that need the call context (the list's statuses and fields, the workspace members — names
 * resolved into conversions, or refused naming what exists) in context-checks.mjs; this module
 * exports them all, the checks the task validators share.
 */

import { checkCustomFieldValue, isClickUpUuid } from './check-custom-field-value.mjs';
import { classifyTaskId } from './classify-task-id.mjs';
import { looksLikeUnixSeconds, toClickUpMillis } from './clickup-dates.mjs';
import { priorityToId } from './read-priority.mjs';
import { readTaskArg } from './task-args.mjs';
import { isObject, show } from '../shared/values.mjs';

export { readTaskArg } from './task-args.mjs';
export { checkCreateAssigneesArg, checkUpdateAddRemArg } from './task-assignee-checks.mjs';
export { contextCustomFields, contextMembers, contextStatuses, contextUserId } from './call-context.mjs';
export { contextAnswer, resolveUserRef, resolveWithContext } from './context-checks.mjs';
export { closestNames } from '../shared/names.mjs';

/** task_id present, CU- prefix stripped, custom ids with custom_task_ids=true + team_id. */
export function checkTaskReference(args) {
  const errors = [];
  const ref = readTaskArg(args, 'task_id', ['id']);
  const flag = readTaskArg(args, 'custom_task_ids');
  const team = readTaskArg(args, 'team_id', ['workspace_id', 'workspaceId']);
  if (!ref.present || ref.value === null || (typeof ref.value === 'string' && ref.value.trim() === '')) {
    errors.push({
      field: ref.key,
      message:
        'task_id is required: the task id (e.g. "86b4bnnny") or its custom id (e.g. "DEV-1234" with custom_task_ids=true and team_id).',
    });
    return errors;
  }
  const info = classifyTaskId(ref.value);
  const flagOn = flag.value === true || flag.value === 'true';
  const teamSet = team.present && team.value !== null && String(team.value).trim() !== '';
  if (info.kind === 'invalid') {
    errors.push({
      field: ref.key,
      message:
        'task_id must be a task id string such as "86b4bnnny" or a custom id such as "DEV-1234"; got ' +
        show(ref.value) +
        '.',
    });
    return errors;
  }
  if (info.strippedPrefix) {
    errors.push({
      field: ref.key,
      message:
        'Remove the "' +
        info.strippedPrefix +
        '" prefix (added by the ClickUp UI and git integrations): use task_id "' +
        info.id +
        '".',
      antiPattern: 'cu-prefixed-task-id',
    });
  }
  if (info.kind === 'custom' && !flagOn) {
    errors.push({
      field: flag.present ? flag.key : 'custom_task_ids',
      message:
        '"' +
        info.id +
        '" is a custom task id: send custom_task_ids=true and team_id=<workspace id> with it' +
        (info.confidence === 'low' ? ' (or, if it is a real task id, leave the flag off)' : '') +
        '. Without the flag ClickUp answers a misleading 401 "Team not authorized" or 400 "Task ID invalid".',
      antiPattern: 'custom-task-id-without-flag',
    });
  }
  if (flagOn && !teamSet) {
    errors.push({
      field: team.key,
      message:
        'custom_task_ids=true requires team_id (the workspace id, e.g. "36003581" — GET /team lists them).',
      antiPattern: 'custom-task-ids-without-team-id',
    });
  }
  if (flag.present && typeof flag.value !== 'boolean' && flag.value !== 'true' && flag.value !== 'false') {
    errors.push({
      field: flag.key,
      message: 'custom_task_ids is a boolean: true or false; got ' + show(flag.value) + '.',
    });
  }
  return errors;
}

/** priority: integer 1 (urgent) … 4 (low); null allowed on update (clears it). */
export function checkPriorityArg(args, allowNull) {
  const arg = readTaskArg(args, 'priority');
  if (!arg.present) return [];
  const value = arg.value;
  if (value === null) {
    return allowNull
      ? []
      : [
          {
            field: arg.key,
            message:
              'Leave priority out for "no priority", or send 1 (urgent), 2 (high), 3 (normal) or 4 (low).',
          },
        ];
  }
  if (Number.isInteger(value) && value >= 1 && value <= 4) return [];
  const id = priorityToId(value);
  if (typeof value === 'string' && id !== null) {
    return [
      {
        field: arg.key,
        message:
          'priority is an integer: send ' +
          id +
          ' instead of ' +
          show(value) +
          ' (1 urgent, 2 high, 3 normal, 4 low).',
        antiPattern: 'priority-as-name',
      },
    ];
  }
  if (isObject(value) && id !== null) {
    return [
      {
        field: arg.key,
        message: 'Send priority as the integer ' + id + ', not the object read back from GET /task.',
        antiPattern: 'priority-as-name',
      },
    ];
  }
  return [
    {
      field: arg.key,
      message:
        'priority must be 1 (urgent), 2 (high), 3 (normal) or 4 (low)' +
        (allowNull ? ', or null to clear it' : '') +
        '; got ' +
        show(value) +
        '.',
      antiPattern: 'priority-out-of-range',
    },
  ];
}

/** A date argument (due_date, start_date…): Unix time in MILLISECONDS as an integer. */
export function checkMillisArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (Number.isInteger(value) && !looksLikeUnixSeconds(value)) return [];
  const ms = looksLikeUnixSeconds(value) ? value * 1000 : toClickUpMillis(value);
  return [
    {
      field: arg.key,
      message:
        name +
        ' is Unix time in milliseconds as an integer' +
        (ms !== null
          ? ': send ' + ms + ' instead of ' + show(value)
          : ', e.g. 1705002014968; got ' + show(value)) +
        (looksLikeUnixSeconds(value) ? ' (the value looks like seconds)' : '') +
        '. Set ' +
        name +
        '_time: true when the time of day matters.',
      antiPattern: 'non-millisecond-date',
    },
  ];
}

/** A duration argument (time_estimate): milliseconds, a non-negative integer. */
export function checkDurationArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null) return [];
  if (Number.isInteger(arg.value) && arg.value >= 0) return [];
  let hint = '';
  if (typeof arg.value === 'string') {
    const m = /^\s*(?:(\d+(?:\.\d+)?)\s*h)?\s*(?:(\d+)\s*m)?\s*$/i.exec(arg.value);
    if (m && (m[1] || m[2]))
      hint =
        ': send ' +
        Math.round((Number(m[1] || 0) * 60 + Number(m[2] || 0)) * 60000) +
        ' for ' +
        show(arg.value);
  }
  return [
    {
      field: arg.key,
      message:
        name +
        ' is a duration in milliseconds (integer ≥ 0)' +
        (hint || ', e.g. 5400000 for 1h 30m; got ' + show(arg.value)) +
        '.',
      antiPattern: 'time-estimate-not-milliseconds',
    },
  ];
}

/** Boolean flag arguments (due_date_time, archived, notify_all…). */
export function checkBooleanArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null || typeof arg.value === 'boolean') return [];
  return [{ field: arg.key, message: name + ' is a boolean (true or false); got ' + show(arg.value) + '.' }];
}

/** field_id of set/remove_custom_field_value: a field UUID, not a field name. */
export function checkFieldIdArg(args) {
  const field = readTaskArg(args, 'field_id');
  if (!field.present || typeof field.value !== 'string' || field.value.trim() === '') {
    return [
      {
        field: field.key,
        message:
          'field_id is required: the custom field UUID from GET /list/{list_id}/field (or task.custom_fields[].id).',
      },
    ];
  }
  if (!isClickUpUuid(field.value.trim())) {
    return [
      {
        field: field.key,
        message:
          'field_id is the field UUID (e.g. "5dc86497-098d-4bb0-87d6-cf28e43812e7"), not its name ' +
          show(field.value) +
          ": look it up by name in GET /list/{list_id}/field. The field must exist in the task's list, folder, space or workspace (FIELD_115).",
        antiPattern: 'field-name-as-field-id',
      },
    ];
  }
  return [];
}

/**
 * Create Task custom_fields: [{ id, value }] with per-type value checks when the type is known —
 * from `definitions` (GET /list/{list_id}/field) or from `type` / `type_config` on the entry.
 */
export function checkCreateCustomFieldsArg(args, definitions) {
  const arg = readTaskArg(args, 'custom_fields');
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (!Array.isArray(value)) {
    const example = isObject(value)
      ? Object.keys(value)
          .slice(0, 2)
          .map((k) => ({ id: '<field uuid of "' + k + '">', value: value[k] }))
      : [{ id: '<field uuid>', value: '…' }];
    return [
      {
        field: arg.key,
        message:
          'custom_fields is an array of {"id": "<field uuid>", "value": …}, not a name→value map: send ' +
          show(example) +
          ' with the ids from GET /list/{list_id}/field.',
        antiPattern: 'custom-fields-as-name-map',
      },
    ];
  }
  const byId = {};
  for (const def of Array.isArray(definitions) ? definitions : [])
    if (isObject(def) && def.id !== undefined) byId[def.id] = def;
  const errors = [];
  value.forEach((entry, i) => {
    const path = arg.key + '[' + i + ']';
    if (!isObject(entry)) {
      errors.push({
        field: path,
        message: 'Each custom field is {"id": "<field uuid>", "value": …}; got ' + show(entry) + '.',
        antiPattern: 'custom-fields-as-name-map',
      });
      return;
    }
    if (typeof entry.id !== 'string' || entry.id.trim() === '') {
      errors.push({
        field: path + '.id',
        message:
          'Each custom field needs its "id" (the field UUID from GET /list/{list_id}/field)' +
          (entry.name ? ', not its name ' + show(entry.name) : '') +
          '.',
        antiPattern: 'custom-fields-as-name-map',
      });
      return;
    }
    if (!isClickUpUuid(entry.id)) {
      errors.push({
        field: path + '.id',
        message:
          'Custom field ids are UUIDs (e.g. "5dc86497-098d-4bb0-87d6-cf28e43812e7"); ' +
          show(entry.id) +
          ' looks like a field name — look the id up with GET /list/{list_id}/field.',
        antiPattern: 'field-name-as-field-id',
      });
    }
    if (!('value' in entry)) {
      errors.push({ field: path + '.value', message: 'Each custom field entry needs a "value".' });
      return;
    }
    // The field's type: from the list's definitions, or from type/type_config hints on the entry
    // (the command strips them before sending; validators receive only the arguments).
    const def =
      byId[entry.id] ||
      (typeof entry.type === 'string' ? { type: entry.type, type_config: entry.type_config } : null);
    if (def) {
      for (const error of checkCustomFieldValue(def.type, entry.value, def.type_config, path + '.value'))
        errors.push(error);
    }
  });
  return errors;
}
