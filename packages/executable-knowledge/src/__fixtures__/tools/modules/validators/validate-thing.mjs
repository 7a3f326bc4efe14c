import { isObject, show } from '../shared/values.mjs';

export function validateThing(args) {
  const errors = [];
  if (!isObject(args) || typeof args.name !== 'string') {
    errors.push({
      field: 'name',
      message: 'name is a string; got ' + show(isObject(args) ? args.name : args) + '.',
    });
  }
  return { valid: errors.length === 0, errors };
}
