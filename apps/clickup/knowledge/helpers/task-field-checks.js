/*
 * Field checks shared by the task validators. Each check returns a list of errors
 * `{ field, message, antiPattern? }`; messages are recovery instructions (the right form).
 *
 * Arguments use the ClickUp API names (list_id, task_id, due_date, custom_task_ids, team_id…);
 * the camelCase spellings agents often use (listId, taskId, dueDate, customTaskIds, teamId…) are
 * read too, and errors name the key the caller actually used.
 * Depends on: clickup-dates, read-priority, diff-assignees, classify-task-id, custom-field-types,
 * check-custom-field-value.
 */

// Declared by the dependencies loaded before this file (see the YAML):
/* global module, classifyTaskId, priorityToId, looksLikeUnixSeconds, toClickUpMillis, isAddRemEnvelope, isClickUpUuid, checkCustomFieldValue */

function tfcIsObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function tfcShow(value) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 120 ? text.slice(0, 117) + '…' : text;
}

function tfcCamel(name) {
  return name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}

/** Reads an argument by its API name or camelCase alias: { key, value, present }. */
function readTaskArg(args, name, extraAliases) {
  const source = tfcIsObject(args) ? args : {};
  const names = [name, tfcCamel(name)].concat(extraAliases || []);
  for (const key of names) {
    if (Object.prototype.hasOwnProperty.call(source, key) && source[key] !== undefined)
      return { key: key, value: source[key], present: true };
  }
  return { key: name, value: undefined, present: false };
}

/** task_id present, CU- prefix stripped, custom ids with custom_task_ids=true + team_id. */
function checkTaskReference(args) {
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
        tfcShow(ref.value) +
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
      message: 'custom_task_ids is a boolean: true or false; got ' + tfcShow(flag.value) + '.',
    });
  }
  return errors;
}

/** priority: integer 1 (urgent) … 4 (low); null allowed on update (clears it). */
function checkPriorityArg(args, allowNull) {
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
          tfcShow(value) +
          ' (1 urgent, 2 high, 3 normal, 4 low).',
        antiPattern: 'priority-as-name',
      },
    ];
  }
  if (tfcIsObject(value) && id !== null) {
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
        tfcShow(value) +
        '.',
      antiPattern: 'priority-out-of-range',
    },
  ];
}

/** A date argument (due_date, start_date…): Unix time in MILLISECONDS as an integer. */
function checkMillisArg(args, name) {
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
          ? ': send ' + ms + ' instead of ' + tfcShow(value)
          : ', e.g. 1705002014968; got ' + tfcShow(value)) +
        (looksLikeUnixSeconds(value) ? ' (the value looks like seconds)' : '') +
        '. Set ' +
        name +
        '_time: true when the time of day matters.',
      antiPattern: 'non-millisecond-date',
    },
  ];
}

/** A duration argument (time_estimate): milliseconds, a non-negative integer. */
function checkDurationArg(args, name) {
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
        tfcShow(arg.value);
  }
  return [
    {
      field: arg.key,
      message:
        name +
        ' is a duration in milliseconds (integer ≥ 0)' +
        (hint || ', e.g. 5400000 for 1h 30m; got ' + tfcShow(arg.value)) +
        '.',
      antiPattern: 'time-estimate-not-milliseconds',
    },
  ];
}

/** Boolean flag arguments (due_date_time, archived, notify_all…). */
function checkBooleanArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null || typeof arg.value === 'boolean') return [];
  return [
    { field: arg.key, message: name + ' is a boolean (true or false); got ' + tfcShow(arg.value) + '.' },
  ];
}

function tfcUserIdError(key, id, i) {
  if (Number.isInteger(id) && id > 0) return null;
  if (typeof id === 'string' && /^\d+$/.test(id.trim())) {
    return {
      field: key + '[' + i + ']',
      message: 'User ids are integers: send ' + Number(id) + ' instead of ' + tfcShow(id) + '.',
    };
  }
  return {
    field: key + '[' + i + ']',
    message:
      'Assignees are numeric user ids, not names or emails: resolve ' +
      tfcShow(id) +
      ' through GET /team (teams[].members[].user.id).',
    antiPattern: 'user-names-as-assignees',
  };
}

/** Create Task: assignees is a flat array of user ids. group_assignees: array of group ids. */
function checkCreateAssigneesArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (
    isAddRemEnvelope(value) ||
    (tfcIsObject(value) && (value.add !== undefined || value.rem !== undefined))
  ) {
    const add = Array.isArray(value.add) ? value.add : [];
    return [
      {
        field: arg.key,
        message:
          'Create Task takes ' +
          name +
          ' as a flat array of ids: send ' +
          tfcShow(add) +
          ' ({add, rem} is the Update Task form).',
        antiPattern: 'add-rem-assignees-on-create',
      },
    ];
  }
  if (!Array.isArray(value)) {
    return [
      {
        field: arg.key,
        message:
          name +
          ' is an array of ' +
          (name === 'group_assignees' ? 'user-group ids' : 'user ids') +
          ', e.g. [183, 456]; got ' +
          tfcShow(value) +
          '.',
      },
    ];
  }
  if (name === 'group_assignees') {
    return value
      .map((id, i) =>
        typeof id === 'string' && id.trim() !== ''
          ? null
          : {
              field: arg.key + '[' + i + ']',
              message: 'group_assignees holds user-group ids (strings); got ' + tfcShow(id) + '.',
            },
      )
      .filter(Boolean);
  }
  return value.map((id, i) => tfcUserIdError(arg.key, id, i)).filter(Boolean);
}

/** Update Task: assignees / watchers / group_assignees are {add: [...], rem: [...]} envelopes. */
function checkUpdateAddRemArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (Array.isArray(value)) {
    return [
      {
        field: arg.key,
        message:
          'Update Task takes ' +
          name +
          ' as {"add": [...], "rem": [...]}; a flat array returns 200 and is ignored' +
          (name === 'assignees' ? ' (or lands in the watchers)' : '') +
          '. Send ' +
          tfcShow({ add: value, rem: [] }) +
          ' to add these, and list in "rem" the ones to remove (diff against the task\'s current ' +
          name +
          ').',
        antiPattern: 'flat-assignees-on-update',
      },
    ];
  }
  if (!tfcIsObject(value) || (value.add === undefined && value.rem === undefined)) {
    return [
      {
        field: arg.key,
        message: name + ' must be {"add": [ids], "rem": [ids]}; got ' + tfcShow(value) + '.',
        antiPattern: 'flat-assignees-on-update',
      },
    ];
  }
  const errors = [];
  for (const key of Object.keys(value)) {
    if (key !== 'add' && key !== 'rem') {
      errors.push({
        field: arg.key + '.' + key,
        message: 'Only "add" and "rem" are allowed in ' + name + '; move these ids into "add" or "rem".',
      });
      continue;
    }
    if (!Array.isArray(value[key])) {
      errors.push({
        field: arg.key + '.' + key,
        message: '"' + key + '" must be an array of ids, e.g. [183]; got ' + tfcShow(value[key]) + '.',
      });
      continue;
    }
    if (name !== 'group_assignees')
      value[key].forEach((id, i) => {
        const error = tfcUserIdError(arg.key + '.' + key, id, i);
        if (error) errors.push(error);
      });
  }
  return errors;
}

/** field_id of set/remove_custom_field_value: a field UUID, not a field name. */
function checkFieldIdArg(args) {
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
          tfcShow(field.value) +
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
function checkCreateCustomFieldsArg(args, definitions) {
  const arg = readTaskArg(args, 'custom_fields');
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (!Array.isArray(value)) {
    const example = tfcIsObject(value)
      ? Object.keys(value)
          .slice(0, 2)
          .map((k) => ({ id: '<field uuid of "' + k + '">', value: value[k] }))
      : [{ id: '<field uuid>', value: '…' }];
    return [
      {
        field: arg.key,
        message:
          'custom_fields is an array of {"id": "<field uuid>", "value": …}, not a name→value map: send ' +
          tfcShow(example) +
          ' with the ids from GET /list/{list_id}/field.',
        antiPattern: 'custom-fields-as-name-map',
      },
    ];
  }
  const byId = {};
  for (const def of Array.isArray(definitions) ? definitions : [])
    if (tfcIsObject(def) && def.id !== undefined) byId[def.id] = def;
  const errors = [];
  value.forEach((entry, i) => {
    const path = arg.key + '[' + i + ']';
    if (!tfcIsObject(entry)) {
      errors.push({
        field: path,
        message: 'Each custom field is {"id": "<field uuid>", "value": …}; got ' + tfcShow(entry) + '.',
        antiPattern: 'custom-fields-as-name-map',
      });
      return;
    }
    if (typeof entry.id !== 'string' || entry.id.trim() === '') {
      errors.push({
        field: path + '.id',
        message:
          'Each custom field needs its "id" (the field UUID from GET /list/{list_id}/field)' +
          (entry.name ? ', not its name ' + tfcShow(entry.name) : '') +
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
          tfcShow(entry.id) +
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

module.exports = {
  readTaskArg,
  checkTaskReference,
  checkPriorityArg,
  checkMillisArg,
  checkDurationArg,
  checkBooleanArg,
  checkCreateAssigneesArg,
  checkUpdateAddRemArg,
  checkCreateCustomFieldsArg,
  checkFieldIdArg,
};
