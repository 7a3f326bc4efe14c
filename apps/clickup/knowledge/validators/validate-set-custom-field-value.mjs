/*
 * Pre-execution validation of set_custom_field_value (POST /task/{task_id}/field/{field_id}),
 * research §2.6 and §3.
 *
 *   validateSetCustomFieldValue({ task_id: '8687096vn', field_id: '<uuid>', type: 'users',
 *                                 value: { add: [183], rem: [] } })
 *     → { valid: true, errors: [] }
 *
 * `type` and `type_config` describe the field (from GET /list/{list_id}/field or the task's
 * custom_fields[]); with them the value is checked against the documented write form of that
 * type (dropdown option UUID, labels UUID array, users/tasks {add, rem}, dates in ms…). Without
 * them only the reference and the presence of a value are checked.
 *
 * With the call context's custom_fields (the task's list fields, helpers/context-checks.mjs): a
 * field given by name resolved to its id, a field outside the list refused (FIELD_115), the type
 * taken from the definition, dropdown / labels options given by label resolved to their ids.
 */

import { checkCustomFieldValue } from '../helpers/check-custom-field-value.mjs';
import { canonicalCustomFieldType } from '../helpers/custom-field-types.mjs';
import {
  checkFieldIdArg,
  checkTaskReference,
  contextAnswer,
  readTaskArg,
  resolveWithContext,
} from '../helpers/task-field-checks.mjs';

export function validateSetCustomFieldValue(input, context) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return {
      valid: false,
      errors: [
        {
          field: '',
          message:
            'set_custom_field_value takes an object: {"task_id": …, "field_id": "<uuid>", "value": …}.',
        },
      ],
    };
  }
  const resolved = resolveWithContext(input, context, { set_custom_field: true });
  // The usual checks run on the arguments as converted (with the field's type when it is known).
  const args = resolved.view;
  const errors = checkTaskReference(args);
  for (const e of checkFieldIdArg(args)) errors.push(e);
  if (!('value' in args)) {
    errors.push({
      field: 'value',
      message: 'value is required (to clear the field call remove_custom_field_value instead).',
    });
  } else {
    const type = readTaskArg(args, 'type', ['field_type', 'fieldType']);
    const config = readTaskArg(args, 'type_config');
    if (type.present && typeof type.value === 'string') {
      for (const e of checkCustomFieldValue(type.value, args.value, config.value, 'value')) errors.push(e);
      const options = readTaskArg(args, 'value_options');
      if (options.present && canonicalCustomFieldType(type.value, config.value) !== 'date') {
        errors.push({
          field: options.key,
          message: 'value_options applies to date fields only ({"time": true}); remove it.',
        });
      }
    } else if (args.value === null) {
      errors.push({
        field: 'value',
        message:
          'To clear a custom field call remove_custom_field_value (DELETE /task/{task_id}/field/{field_id}).',
        antiPattern: 'null-to-clear-custom-field',
      });
    }
  }
  const options = readTaskArg(args, 'value_options');
  if (
    options.present &&
    (options.value === null ||
      typeof options.value !== 'object' ||
      Array.isArray(options.value) ||
      (options.value.time !== undefined && typeof options.value.time !== 'boolean'))
  ) {
    errors.push({
      field: options.key,
      message: 'value_options is {"time": true} (dates only); got ' + JSON.stringify(options.value) + '.',
    });
  }
  return contextAnswer(resolved, errors);
}
