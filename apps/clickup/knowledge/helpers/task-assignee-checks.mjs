/*
 * Assignees, watchers and group assignees of the task commands (research §2.5, quirks #1 and #2):
 * Create Task takes a flat array of user ids, Update Task {add, rem} envelopes — a flat array there
 * returns 200 and changes nothing.
 */

import { isAddRemEnvelope } from './diff-assignees.mjs';
import { readTaskArg } from './task-args.mjs';
import { isObject, show } from '../shared/values.mjs';

function userIdError(key, id, i) {
  if (Number.isInteger(id) && id > 0) return null;
  if (typeof id === 'string' && /^\d+$/.test(id.trim())) {
    return {
      field: key + '[' + i + ']',
      message: 'User ids are integers: send ' + Number(id) + ' instead of ' + show(id) + '.',
    };
  }
  return {
    field: key + '[' + i + ']',
    message:
      'Assignees are numeric user ids, not names or emails: resolve ' +
      show(id) +
      ' through GET /team (teams[].members[].user.id).',
    antiPattern: 'user-names-as-assignees',
  };
}

/** Create Task: assignees is a flat array of user ids. group_assignees: array of group ids. */
export function checkCreateAssigneesArg(args, name) {
  const arg = readTaskArg(args, name);
  if (!arg.present || arg.value === null) return [];
  const value = arg.value;
  if (isAddRemEnvelope(value) || (isObject(value) && (value.add !== undefined || value.rem !== undefined))) {
    const add = Array.isArray(value.add) ? value.add : [];
    return [
      {
        field: arg.key,
        message:
          'Create Task takes ' +
          name +
          ' as a flat array of ids: send ' +
          show(add) +
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
          show(value) +
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
              message: 'group_assignees holds user-group ids (strings); got ' + show(id) + '.',
            },
      )
      .filter(Boolean);
  }
  return value.map((id, i) => userIdError(arg.key, id, i)).filter(Boolean);
}

/** Update Task: assignees / watchers / group_assignees are {add: [...], rem: [...]} envelopes. */
export function checkUpdateAddRemArg(args, name) {
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
          show({ add: value, rem: [] }) +
          ' to add these, and list in "rem" the ones to remove (diff against the task\'s current ' +
          name +
          ').',
        antiPattern: 'flat-assignees-on-update',
      },
    ];
  }
  if (!isObject(value) || (value.add === undefined && value.rem === undefined)) {
    return [
      {
        field: arg.key,
        message: name + ' must be {"add": [ids], "rem": [ids]}; got ' + show(value) + '.',
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
        message: '"' + key + '" must be an array of ids, e.g. [183]; got ' + show(value[key]) + '.',
      });
      continue;
    }
    if (name !== 'group_assignees')
      value[key].forEach((id, i) => {
        const error = userIdError(arg.key + '.' + key, id, i);
        if (error) errors.push(error);
      });
  }
  return errors;
}
