/*
 * Pre-execution validation of update_task (PUT /task/{task_id}), research §2.5.
 *
 *   validateUpdateTask({ task_id: 'DEV-1234', custom_task_ids: true, team_id: '36003581',
 *                        assignees: { add: [456], rem: [183] } })
 *     → { valid: true, errors: [] }
 *
 * Checks: task_id required (custom ids need custom_task_ids=true + team_id; "CU-" prefix removed);
 * assignees / watchers / group_assignees as {add, rem} — a flat array returns 200 and changes
 * nothing; no custom_fields (Update Task ignores them: use set_custom_field_value per field);
 * parent cannot be null (a subtask cannot be un-parented this way); priority 1–4 or null; dates in
 * milliseconds; at least one field to change.
 *
 * With the call context (helpers/context-checks.mjs): status matched against the statuses of the
 * task's list; assignees / watchers given as "me", an email, a name or a numeric string resolved to
 * member ids (a flat array is still refused, with the {add, rem} form of the resolved ids).
 */

import {
  checkBooleanArg,
  checkDurationArg,
  checkMillisArg,
  checkPriorityArg,
  checkTaskReference,
  checkUpdateAddRemArg,
  contextAnswer,
  readTaskArg,
  resolveWithContext,
} from '../helpers/task-field-checks.mjs';

export function validateUpdateTask(input, context) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return {
      valid: false,
      errors: [
        { field: '', message: 'update_task takes an object: {"task_id": "<task id>", …fields to change}.' },
      ],
    };
  }
  const resolved = resolveWithContext(input, context, { status: true, users: ['assignees', 'watchers'] });
  // The usual checks run on the arguments as converted.
  const args = resolved.view;
  const errors = checkTaskReference(args);
  for (const field of ['assignees', 'watchers', 'group_assignees'])
    for (const e of checkUpdateAddRemArg(args, field)) errors.push(e);
  const customFields = readTaskArg(args, 'custom_fields');
  if (customFields.present) {
    const entries = Array.isArray(customFields.value) ? customFields.value : [];
    const calls = entries
      .filter((f) => f && typeof f === 'object' && f.id)
      .slice(0, 3)
      .map(
        (f) =>
          'set_custom_field_value {"field_id": ' +
          JSON.stringify(f.id) +
          ', "value": ' +
          JSON.stringify(f.value) +
          '}',
      );
    errors.push({
      field: customFields.key,
      message:
        'Update Task ignores custom fields. Remove custom_fields and set each one with set_custom_field_value (POST /task/{task_id}/field/{field_id}, one call per field)' +
        (calls.length ? ': ' + calls.join('; ') : '') +
        '.',
      antiPattern: 'custom-fields-in-update-task',
    });
  }
  const parent = readTaskArg(args, 'parent');
  if (parent.present && parent.value === null) {
    errors.push({
      field: parent.key,
      message:
        'parent cannot be set to null: Update Task cannot turn a subtask back into a task. Leave parent out; to re-parent, send the id of another task in the same list.',
      antiPattern: 'null-parent-to-unparent',
    });
  }
  for (const e of checkPriorityArg(args, true)) errors.push(e);
  for (const field of ['due_date', 'start_date']) for (const e of checkMillisArg(args, field)) errors.push(e);
  for (const field of ['due_date_time', 'start_date_time', 'archived'])
    for (const e of checkBooleanArg(args, field)) errors.push(e);
  for (const e of checkDurationArg(args, 'time_estimate')) errors.push(e);
  const name = readTaskArg(args, 'name');
  if (name.present && (typeof name.value !== 'string' || name.value.trim() === '')) {
    errors.push({ field: name.key, message: 'name, when given, is a non-empty string.' });
  }
  const reference = [
    'task_id',
    'taskId',
    'id',
    'custom_task_ids',
    'customTaskIds',
    'team_id',
    'teamId',
    'workspace_id',
    'workspaceId',
  ];
  const changes = Object.keys(args).filter((k) => reference.indexOf(k) === -1 && args[k] !== undefined);
  if (changes.length === 0) {
    errors.push({
      field: '',
      message:
        'Nothing to update: add at least one field to change (name, description, status, priority, due_date, assignees {add, rem}, …).',
    });
  }
  return contextAnswer(resolved, errors);
}
