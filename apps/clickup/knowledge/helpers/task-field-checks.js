/*
 * Field checks shared by the task validators. Each check returns a list of errors
 * `{ field, message, antiPattern? }`; messages are recovery instructions (the right form).
 *
 * Arguments use the ClickUp API names (list_id, task_id, due_date, custom_task_ids, team_id…);
 * the camelCase spellings agents often use (listId, taskId, dueDate, customTaskIds, teamId…) are
 * read too, and errors name the key the caller actually used.
 * The last section holds the checks that need the call context (the list's statuses and fields,
 * the workspace members): they resolve names into conversions or refuse naming what exists.
 * Depends on: clickup-dates, read-priority, diff-assignees, classify-task-id, custom-field-types,
 * check-custom-field-value.
 */

// Declared by the dependencies loaded before this file (see the YAML):
/* global module, classifyTaskId, priorityToId, looksLikeUnixSeconds, toClickUpMillis, isAddRemEnvelope, isClickUpUuid, checkCustomFieldValue, canonicalCustomFieldType */

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

// ---------------------------------------------------------------------------------------------
// Call context: checks and conversions that need what the host fetched before validation
// (clickup.tool.yaml, executable_knowledge.context):
//
//   context.list          GET /list/{list_id}: { id, name, statuses: [{ status, type, orderindex }] }
//   context.custom_fields GET /list/{list_id}/field: { fields: [{ id, name, type, type_config }] }
//   context.members       GET /team → the workspace's members: [{ user: { id, username, email } }]
//   context.user          GET /user: { user: { id, username, email } } (who "me" is)
//
// Each entry may be missing (the host could not fetch it, or has no provider): the checks that need
// it are then skipped, and the context-free checks above still run.
//
// `resolveWithContext(args, context, what)` returns { args, view, errors, conversions }: `args` is a
// copy of the arguments with the conversions applied, `view` the same plus what only the checks need
// (validators run their usual checks on it), the conversions are what the host applies to the real
// call ({ path, from, to, reason }), and the errors name what exists ("use one of …", "did you mean").

/** Names compared case- and accent-insensitively ("Data de Início" ~ "data de inicio"). */
function ccKey(name) {
  return String(name === null || name === undefined ? '' : name)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function ccIsObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function ccShow(value) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 80 ? text.slice(0, 77) + '…' : text;
}

/** `"a", "b", "c"` — at most `limit` items, then how many more. */
function ccQuoted(items, limit) {
  const max = limit || 12;
  const shown = items.slice(0, max).map((item) => JSON.stringify(item));
  return shown.join(', ') + (items.length > max ? ', … (' + (items.length - max) + ' more)' : '');
}

function ccDistance(a, b) {
  const row = [];
  for (let j = 0; j <= b.length; j++) row.push(j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** Up to `limit` of `names` close to `name` (case and accents ignored), closest first. */
function closestNames(name, names, limit) {
  const wanted = ccKey(name);
  const scored = [];
  for (const candidate of names) {
    const key = ccKey(candidate);
    if (!key || !wanted) continue;
    const words = key.split('_');
    const score =
      key.indexOf(wanted) !== -1 ||
      wanted.indexOf(key) !== -1 ||
      wanted.split('_').every((word) => words.indexOf(word) !== -1)
        ? 1
        : ccDistance(wanted, key);
    if (score <= Math.max(2, Math.floor(wanted.length / 3)))
      scored.push({ candidate: candidate, score: score });
  }
  scored.sort((a, b) => a.score - b.score);
  return scored.slice(0, limit || 3).map((s) => s.candidate);
}

function ccDidYouMean(name, names) {
  const close = closestNames(name, names, 2);
  return close.length ? ' Did you mean ' + ccQuoted(close) + '?' : '';
}

/** Entries of `items` whose `nameOf` matches `name` exactly, else case- and accent-insensitively. */
function ccByName(items, name, nameOf) {
  const exact = items.filter((item) => nameOf(item) === name);
  if (exact.length) return exact;
  const wanted = ccKey(name);
  return wanted ? items.filter((item) => ccKey(nameOf(item)) === wanted) : [];
}

/** The list's statuses (context.list.statuses), or null when the list is not known. */
function contextStatuses(context) {
  const list = ccIsObject(context) ? context.list : undefined;
  if (!ccIsObject(list) || !Array.isArray(list.statuses)) return null;
  return list.statuses.filter((s) => ccIsObject(s) && typeof s.status === 'string');
}

/** The list's custom-field definitions (context.custom_fields), or null. */
function contextCustomFields(context) {
  const fields = ccIsObject(context) ? context.custom_fields : undefined;
  const list = Array.isArray(fields)
    ? fields
    : ccIsObject(fields) && Array.isArray(fields.fields)
      ? fields.fields
      : null;
  return list ? list.filter((f) => ccIsObject(f) && typeof f.id === 'string') : null;
}

/** The workspace members as users { id, username, email } (context.members), or null. */
function contextMembers(context) {
  const members = ccIsObject(context) ? context.members : undefined;
  const list = Array.isArray(members)
    ? members
    : ccIsObject(members) && Array.isArray(members.members)
      ? members.members
      : null;
  if (!list) return null;
  return list
    .map((entry) => (ccIsObject(entry) && ccIsObject(entry.user) ? entry.user : entry))
    .filter((user) => ccIsObject(user) && Number.isInteger(Number(user.id)));
}

/** The authorized user's id (context.user, GET /user), or null. */
function contextUserId(context) {
  const raw = ccIsObject(context) ? context.user : undefined;
  const user = ccIsObject(raw) && ccIsObject(raw.user) ? raw.user : raw;
  return ccIsObject(user) && Number.isInteger(Number(user.id)) ? Number(user.id) : null;
}

function ccListName(context) {
  const list = context.list;
  return ccIsObject(list) && list.name
    ? 'list ' + JSON.stringify(list.name) + ' (' + list.id + ')'
    : 'the list';
}

function ccSet(target, segments, value) {
  let current = target;
  for (let i = 0; i < segments.length - 1; i++) current = current[segments[i]];
  current[segments[segments.length - 1]] = value;
}

function ccPath(segments) {
  return segments.map((s, i) => (typeof s === 'number' ? '[' + s + ']' : i === 0 ? s : '.' + s)).join('');
}

/** Records a conversion and applies it to the working copy. */
function ccConvert(result, segments, from, to, reason) {
  // Copies: later conversions change the working copy, never what this one recorded.
  result.conversions.push({
    path: ccPath(segments),
    from: JSON.parse(JSON.stringify(from)),
    to: JSON.parse(JSON.stringify(to)),
    reason: reason,
  });
  ccSet(result.args, segments, to);
}

// ---------------------------------------------------------------------------------------------
// status

function ccCheckStatus(result, context) {
  const statuses = contextStatuses(context);
  const arg = readTaskArg(result.args, 'status');
  if (!statuses || !arg.present || typeof arg.value !== 'string') return;
  const names = statuses.map((s) => s.status);
  if (names.indexOf(arg.value) !== -1) return;
  const trimmed = arg.value.trim();
  const same = names.filter((n) => n.trim().toLowerCase() === trimmed.toLowerCase());
  if (same.length === 1) {
    ccConvert(result, [arg.key], arg.value, same[0], same[0] === trimmed ? 'spacing fixed' : 'case fixed');
    return;
  }
  result.errors.push({
    field: arg.key,
    message:
      'Status ' +
      ccShow(arg.value) +
      ' does not exist in ' +
      ccListName(context) +
      ' (ClickUp answers ITEM_114 "Status does not exist"): use one of ' +
      ccQuoted(names, 20) +
      '.' +
      ccDidYouMean(arg.value, names),
  });
}

// ---------------------------------------------------------------------------------------------
// users: assignees, watchers

function ccDescribeUser(user) {
  return (
    (user.username || user.email || 'user') + ' (' + user.id + (user.email ? ', ' + user.email : '') + ')'
  );
}

function ccMemberList(members) {
  const shown = members.slice(0, 10).map(ccDescribeUser).join(', ');
  return members.length > 10 ? shown + ', … (' + (members.length - 10) + ' more)' : shown;
}

/**
 * A user reference — an id, a numeric string, "me", an email or a username — resolved against
 * the members: { id, reason } (reason only when it changed), { error }, or null (not a user
 * reference: left to the context-free checks).
 */
function resolveUserRef(ref, members, me) {
  if (typeof ref === 'string' && ref.trim().toLowerCase() === 'me') {
    return me !== null
      ? { id: me, reason: 'the authorized user' }
      : { error: '"me" cannot be resolved here: send your numeric user id (GET /user → user.id).' };
  }
  const numeric = typeof ref === 'string' && /^\d+$/.test(ref.trim()) ? Number(ref.trim()) : null;
  if (Number.isInteger(ref) || numeric !== null) {
    const id = numeric !== null ? numeric : ref;
    if (members && !members.some((u) => Number(u.id) === id)) {
      return {
        error: 'User ' + id + ' is not a member of this workspace. Members: ' + ccMemberList(members) + '.',
      };
    }
    return numeric !== null ? { id: id, reason: 'user ids are integers' } : { id: id };
  }
  if (typeof ref !== 'string' || ref.trim() === '' || !members) return null;
  const text = ref.trim();
  if (text.indexOf('@') !== -1) {
    const found = members.filter(
      (u) => typeof u.email === 'string' && u.email.toLowerCase() === text.toLowerCase(),
    );
    if (found.length === 1) return { id: Number(found[0].id), reason: 'email → user id' };
    return {
      error:
        'No member of this workspace has the email ' +
        ccShow(text) +
        '. Members: ' +
        ccMemberList(members) +
        '.',
    };
  }
  const found = ccByName(members, text, (u) => u.username);
  if (found.length === 1) return { id: Number(found[0].id), reason: 'name → user id' };
  if (found.length > 1) {
    return {
      error:
        ccShow(text) +
        ' names ' +
        found.length +
        ' members: ' +
        found.map(ccDescribeUser).join(', ') +
        '. Send the id of the one you mean.',
    };
  }
  return {
    error:
      'No member of this workspace is called ' +
      ccShow(text) +
      '.' +
      ccDidYouMean(
        text,
        members.map((u) => u.username).filter((n) => typeof n === 'string'),
      ) +
      ' Members: ' +
      ccMemberList(members) +
      '.',
  };
}

/** Resolves every user reference of `name` (a flat list, or {add, rem}). */
function ccCheckUsers(result, context, name) {
  const members = contextMembers(context);
  const me = contextUserId(context);
  if (!members && me === null) return;
  const arg = readTaskArg(result.args, name);
  if (!arg.present || arg.value === null) return;
  const lists = [];
  if (Array.isArray(arg.value)) lists.push([arg.key]);
  else if (ccIsObject(arg.value)) {
    for (const part of ['add', 'rem']) if (Array.isArray(arg.value[part])) lists.push([arg.key, part]);
  }
  for (const base of lists) {
    const items = base.length === 1 ? arg.value : arg.value[base[1]];
    items.forEach((ref, i) => {
      const resolved = resolveUserRef(ref, members, me);
      const segments = base.concat([i]);
      if (resolved === null) return;
      if (resolved.error) result.errors.push({ field: ccPath(segments), message: resolved.error });
      else if (resolved.id !== ref) ccConvert(result, segments, ref, resolved.id, resolved.reason);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// custom fields

function ccFieldList(fields) {
  return ccQuoted(
    fields.map((f) => f.name),
    15,
  );
}

/** The definition a field reference (UUID or name) points at: { def }, { def, byName }, or { error }. */
function ccFindField(ref, fields, context) {
  if (isClickUpUuid(ref)) {
    const def = fields.find((f) => f.id === ref);
    if (def) return { def: def };
    return {
      error:
        'Custom field ' +
        ref +
        ' is not accessible in ' +
        ccListName(context) +
        ' (ClickUp answers FIELD_115 "Custom field does not exist in the task location hierarchy"). Its fields: ' +
        ccFieldList(fields) +
        '.',
    };
  }
  const found = ccByName(fields, String(ref), (f) => f.name);
  if (found.length === 1) return { def: found[0], byName: true };
  return {
    error:
      found.length > 1
        ? ccShow(ref) +
          ' names ' +
          found.length +
          ' fields (' +
          found.map((f) => f.id).join(', ') +
          '): send the id of the one you mean.'
        : 'No custom field ' +
          ccShow(ref) +
          ' in ' +
          ccListName(context) +
          '.' +
          ccDidYouMean(
            String(ref),
            fields.map((f) => f.name),
          ) +
          ' Its fields: ' +
          ccFieldList(fields) +
          '.',
  };
}

function ccOptionLabel(option) {
  return option.name !== undefined ? option.name : option.label;
}

/** One dropdown / labels item given as label text → the option id (conversion or error). */
function ccConvertOption(result, def, options, segments, item) {
  if (typeof item !== 'string' || options.some((o) => o.id === item)) return;
  const found = ccByName(options, item, ccOptionLabel);
  if (found.length === 1) {
    ccConvert(
      result,
      segments,
      item,
      found[0].id,
      'option ' + JSON.stringify(ccOptionLabel(found[0])) + ' of ' + JSON.stringify(def.name) + ' → its id',
    );
    return;
  }
  const labels = options.map(ccOptionLabel);
  result.errors.push({
    field: ccPath(segments),
    message:
      'Custom field ' +
      JSON.stringify(def.name) +
      ' has no option ' +
      ccShow(item) +
      (labels.length
        ? ': use one of ' + ccQuoted(labels, 20) + '.' + ccDidYouMean(item, labels)
        : ' (it has no options).') +
      ' Options cannot be created through the API.',
  });
}

/** Converts a dropdown / labels value given by label text to option ids. */
function ccConvertFieldValue(result, def, segments, value) {
  const type = canonicalCustomFieldType(def);
  const options =
    ccIsObject(def.type_config) && Array.isArray(def.type_config.options)
      ? def.type_config.options.filter(ccIsObject)
      : [];
  if (type === 'drop_down') ccConvertOption(result, def, options, segments, value);
  else if (type === 'labels' && Array.isArray(value))
    value.forEach((item, i) => ccConvertOption(result, def, options, segments.concat([i]), item));
}

/** Create Task custom_fields[]: field names → ids, FIELD_115, option labels → ids. */
function ccCheckCreateCustomFields(result, context) {
  const fields = contextCustomFields(context);
  const arg = readTaskArg(result.args, 'custom_fields');
  if (!fields || !arg.present || !Array.isArray(arg.value)) return;
  arg.value.forEach((entry, i) => {
    if (!ccIsObject(entry)) return;
    const base = [arg.key, i];
    let def = null;
    if ((entry.id === undefined || entry.id === null) && typeof entry.name === 'string') {
      const found = ccFindField(entry.name, fields, context);
      if (found.error) {
        result.errors.push({ field: ccPath(base.concat(['name'])), message: found.error });
        return;
      }
      def = found.def;
      const converted = { id: def.id };
      for (const key of Object.keys(entry)) if (key !== 'name' && key !== 'id') converted[key] = entry[key];
      ccConvert(result, base, entry, converted, 'field ' + JSON.stringify(def.name) + ' → its id');
    } else if (typeof entry.id === 'string') {
      const found = ccFindField(entry.id, fields, context);
      if (found.error) {
        result.errors.push({ field: ccPath(base.concat(['id'])), message: found.error });
        return;
      }
      def = found.def;
      if (found.byName)
        ccConvert(
          result,
          base.concat(['id']),
          entry.id,
          def.id,
          'field ' + JSON.stringify(def.name) + ' → its id',
        );
    }
    if (def && 'value' in entry) ccConvertFieldValue(result, def, base.concat(['value']), entry.value);
  });
}

/** set_custom_field_value: field_id by name, FIELD_115, the value's option labels; the field's type for the usual checks. */
function ccCheckSetCustomField(result, context) {
  const fields = contextCustomFields(context);
  const arg = readTaskArg(result.args, 'field_id');
  if (!fields || !arg.present || typeof arg.value !== 'string' || arg.value.trim() === '') return;
  const found = ccFindField(arg.value.trim(), fields, context);
  if (found.error) {
    result.errors.push({ field: arg.key, message: found.error });
    return;
  }
  if (found.byName)
    ccConvert(
      result,
      [arg.key],
      arg.value,
      found.def.id,
      'field ' + JSON.stringify(found.def.name) + ' → its id',
    );
  if ('value' in result.args) ccConvertFieldValue(result, found.def, ['value'], result.args.value);
  // The usual type checks of the value need the type: take it from the definition (view only).
  result.view.type = found.def.type;
  result.view.type_config = found.def.type_config;
}

/**
 * The arguments with what the context resolves: `what` lists the checks to run — status, users
 * (argument names), create_custom_fields, set_custom_field. Returns { args, view, errors,
 * conversions }: `args` carries the conversions; `view` is `args` plus what only the checks need
 * (the field's type for set_custom_field_value).
 */
function resolveWithContext(args, context, what) {
  const copy = JSON.parse(JSON.stringify(args));
  const result = { args: copy, view: {}, errors: [], conversions: [] };
  if (ccIsObject(context)) {
    if (what.status) ccCheckStatus(result, context);
    for (const name of what.users || []) ccCheckUsers(result, context, name);
    if (what.create_custom_fields) ccCheckCreateCustomFields(result, context);
    if (what.set_custom_field) ccCheckSetCustomField(result, context);
  }
  const view = {};
  for (const key of Object.keys(result.args)) view[key] = result.args[key];
  for (const key of Object.keys(result.view)) if (!(key in view)) view[key] = result.view[key];
  result.view = view;
  return result;
}

/**
 * The validator's answer: the context errors first, then the other errors on fields the context
 * did not already explain; conversions only when nothing is wrong.
 */
function contextAnswer(resolved, errors) {
  const explained = {};
  for (const e of resolved.errors) explained[e.field] = true;
  const all = resolved.errors.concat(errors.filter((e) => !explained[e.field]));
  const answer = { valid: all.length === 0, errors: all };
  if (all.length === 0 && resolved.conversions.length > 0) answer.conversions = resolved.conversions;
  return answer;
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
  resolveWithContext,
  contextAnswer,
  resolveUserRef,
  closestNames,
  contextStatuses,
  contextCustomFields,
  contextMembers,
  contextUserId,
};
