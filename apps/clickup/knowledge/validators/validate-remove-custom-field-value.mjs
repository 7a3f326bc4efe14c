/*
 * Pre-execution validation of remove_custom_field_value (DELETE /task/{task_id}/field/{field_id}),
 * research §2.6: the task reference (custom ids need custom_task_ids=true + team_id) and a field
 * UUID. Removing a value is also the way to CLEAR a field — setting null is not.
 */

import { checkFieldIdArg, checkTaskReference } from '../helpers/task-field-checks.mjs';

export function validateRemoveCustomFieldValue(args) {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return {
      valid: false,
      errors: [
        {
          field: '',
          message: 'remove_custom_field_value takes an object: {"task_id": …, "field_id": "<uuid>"}.',
        },
      ],
    };
  }
  const errors = checkTaskReference(args);
  for (const e of checkFieldIdArg(args)) errors.push(e);
  return { valid: errors.length === 0, errors: errors };
}
