/*
 * Pre-execution validation of create_task (POST /list/{list_id}/task), research §2.5.
 *
 *   validateCreateTask({ list_id: '901102008938', name: 'Site visit', assignees: [183], priority: 2 })
 *     → { valid: true, errors: [] }
 *
 * Checks: list_id and name required; assignees a FLAT array of user ids (not {add, rem});
 * priority 1–4; due_date/start_date Unix milliseconds; time_estimate milliseconds; custom_fields an
 * array of {id, value} (the value checked against its type when the entry carries `type` /
 * `type_config` hints, or when `context.fields` — the list's field definitions from
 * GET /list/{list_id}/field — is passed as the second argument).
 *
 * With the call context (helpers/context-checks.mjs): status matched against the list's statuses
 * (case fixed, or refused naming them); assignees given as "me", an email, a name or a numeric
 * string resolved to member ids; custom fields given by name resolved to their ids, fields outside
 * the list refused (FIELD_115), dropdown / labels options given by label resolved to their ids.
 */

import { classifyTaskId } from '../helpers/classify-task-id.mjs';
import {
  checkBooleanArg,
  checkCreateAssigneesArg,
  checkCreateCustomFieldsArg,
  checkDurationArg,
  checkMillisArg,
  checkPriorityArg,
  contextAnswer,
  contextCustomFields,
  readTaskArg,
  resolveWithContext,
} from '../helpers/task-field-checks.mjs';

export function validateCreateTask(input, context) {
  const errors = [];
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return {
      valid: false,
      errors: [
        {
          field: '',
          message: 'create_task takes an object: {"list_id": "<list id>", "name": "<task name>", …}.',
        },
      ],
    };
  }
  const resolved = resolveWithContext(input, context, {
    status: true,
    users: ['assignees'],
    create_custom_fields: true,
  });
  // The usual checks run on the arguments as converted.
  const args = resolved.view;
  const list = readTaskArg(args, 'list_id');
  const listName = readTaskArg(args, 'list_name');
  if (!list.present || list.value === null || String(list.value).trim() === '') {
    errors.push({
      field: list.key,
      message:
        'list_id is required: the numeric id of the list to create the task in (e.g. "901102008938")' +
        (listName.present
          ? '; resolve the list name ' +
            JSON.stringify(listName.value) +
            ' to its id first (GET /folder/{folder_id}/list or /space/{space_id}/list)'
          : '') +
        '.',
    });
  } else if (!/^\d+$/.test(String(list.value).trim())) {
    errors.push({
      field: list.key,
      message:
        'list_id is the numeric list id (e.g. "901102008938"), not a list name; ' +
        JSON.stringify(list.value) +
        ' must be resolved to its id first (GET /folder/{folder_id}/list or /space/{space_id}/list).',
      antiPattern: 'list-name-as-list-id',
    });
  }
  const name = readTaskArg(args, 'name');
  if (!name.present || typeof name.value !== 'string' || name.value.trim() === '') {
    errors.push({ field: name.key, message: 'name is required: a non-empty string, the task title.' });
  }
  for (const e of checkCreateAssigneesArg(args, 'assignees')) errors.push(e);
  for (const e of checkCreateAssigneesArg(args, 'group_assignees')) errors.push(e);
  for (const e of checkPriorityArg(args, false)) errors.push(e);
  for (const field of ['due_date', 'start_date']) for (const e of checkMillisArg(args, field)) errors.push(e);
  for (const field of [
    'due_date_time',
    'start_date_time',
    'notify_all',
    'check_required_custom_fields',
    'archived',
  ]) {
    for (const e of checkBooleanArg(args, field)) errors.push(e);
  }
  for (const e of checkDurationArg(args, 'time_estimate')) errors.push(e);
  const tags = readTaskArg(args, 'tags');
  if (
    tags.present &&
    tags.value !== null &&
    (!Array.isArray(tags.value) || tags.value.some((t) => typeof t !== 'string' || t.trim() === ''))
  ) {
    errors.push({
      field: tags.key,
      message:
        'tags is an array of tag NAMES that already exist in the space, e.g. ["bug", "urgent"]; got ' +
        JSON.stringify(tags.value) +
        '.',
    });
  }
  const parent = readTaskArg(args, 'parent');
  if (parent.present && parent.value !== null) {
    const info = classifyTaskId(parent.value);
    if (info.kind !== 'regular') {
      errors.push({
        field: parent.key,
        message:
          'parent is the real id of a task in the SAME list (ITEM_137 "Parent not child of list" otherwise), e.g. "86b4bnnny"' +
          (info.kind === 'custom'
            ? '; resolve the custom id ' + JSON.stringify(parent.value) + ' first with get_task'
            : '') +
          '.',
      });
    }
  }
  // The list's field definitions: the call context's custom_fields, or (older callers) context.fields.
  const fields =
    contextCustomFields(context) ||
    (context && typeof context === 'object' && Array.isArray(context.fields) ? context.fields : []);
  for (const e of checkCreateCustomFieldsArg(args, fields)) errors.push(e);
  return contextAnswer(resolved, errors);
}
