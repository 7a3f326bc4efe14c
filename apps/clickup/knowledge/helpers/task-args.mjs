/*
 * Reading a task command's arguments: by their ClickUp API names (list_id, task_id, due_date,
 * custom_task_ids, team_id…) or the camelCase spellings agents often use (listId, taskId, dueDate,
 * customTaskIds, teamId…), so errors can name the key the caller actually used.
 */

import { isObject } from '../shared/values.mjs';

function camelCase(name) {
  return name.replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}

/** Reads an argument by its API name or camelCase alias: { key, value, present }. */
export function readTaskArg(args, name, extraAliases) {
  const source = isObject(args) ? args : {};
  const names = [name, camelCase(name)].concat(extraAliases || []);
  for (const key of names) {
    if (Object.prototype.hasOwnProperty.call(source, key) && source[key] !== undefined)
      return { key: key, value: source[key], present: true };
  }
  return { key: name, value: undefined, present: false };
}
