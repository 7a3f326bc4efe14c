import { isObject, loads, show } from '../shared/values.mjs';

export function describeValue(value) {
  return { object: isObject(value), text: show(value), loads };
}
