/*
 * Pre-execution validation of get_task (GET /task/{task_id}), research §2.5 and §2.9: the task
 * reference (custom ids need custom_task_ids=true + team_id; "CU-" prefix removed) and the boolean
 * flags include_subtasks / include_markdown_description.
 */

import { checkBooleanArg, checkTaskReference } from '../helpers/task-field-checks.mjs';

export function validateGetTask(args) {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return {
      valid: false,
      errors: [{ field: '', message: 'get_task takes an object: {"task_id": "<task id>"}.' }],
    };
  }
  const errors = checkTaskReference(args);
  for (const field of ['include_subtasks', 'include_markdown_description'])
    for (const e of checkBooleanArg(args, field)) errors.push(e);
  return { valid: errors.length === 0, errors: errors };
}
