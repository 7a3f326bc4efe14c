/*
 * The call context of the task validators: what the host fetched before validation
 * (clickup.tool.yaml, executable_knowledge.context):
 *
 *   context.list          GET /list/{list_id}: { id, name, statuses: [{ status, type, orderindex }] }
 *   context.custom_fields GET /list/{list_id}/field: { fields: [{ id, name, type, type_config }] }
 *   context.members       GET /team → the workspace's members: [{ user: { id, username, email } }]
 *   context.user          GET /user: { user: { id, username, email } } (who "me" is)
 *
 * Each entry may be missing (the host could not fetch it, or has no provider): the checks that need
 * it are then skipped, and the context-free checks (task-field-checks.mjs) still run.
 *
 * `resolveWithContext(args, context, what)` returns { args, view, errors, conversions }: `args` is a
 * copy of the arguments with the conversions applied, `view` the same plus what only the checks need
 * (validators run their usual checks on it), the conversions are what the host applies to the real
 * call ({ path, from, to, reason }), and the errors name what exists ("use one of …", "did you mean").
 *
 * This module reads the context and records conversions; context-checks.mjs holds the checks.
 */

import { isObject } from '../shared/values.mjs';

/** The list's statuses (context.list.statuses), or null when the list is not known. */
export function contextStatuses(context) {
  const list = isObject(context) ? context.list : undefined;
  if (!isObject(list) || !Array.isArray(list.statuses)) return null;
  return list.statuses.filter((s) => isObject(s) && typeof s.status === 'string');
}

/** The list's custom-field definitions (context.custom_fields), or null. */
export function contextCustomFields(context) {
  const fields = isObject(context) ? context.custom_fields : undefined;
  const list = Array.isArray(fields)
    ? fields
    : isObject(fields) && Array.isArray(fields.fields)
      ? fields.fields
      : null;
  return list ? list.filter((f) => isObject(f) && typeof f.id === 'string') : null;
}

/** The workspace members as users { id, username, email } (context.members), or null. */
export function contextMembers(context) {
  const members = isObject(context) ? context.members : undefined;
  const list = Array.isArray(members)
    ? members
    : isObject(members) && Array.isArray(members.members)
      ? members.members
      : null;
  if (!list) return null;
  return list
    .map((entry) => (isObject(entry) && isObject(entry.user) ? entry.user : entry))
    .filter((user) => isObject(user) && Number.isInteger(Number(user.id)));
}

/** The authorized user's id (context.user, GET /user), or null. */
export function contextUserId(context) {
  const raw = isObject(context) ? context.user : undefined;
  const user = isObject(raw) && isObject(raw.user) ? raw.user : raw;
  return isObject(user) && Number.isInteger(Number(user.id)) ? Number(user.id) : null;
}

export function listName(context) {
  const list = context.list;
  return isObject(list) && list.name
    ? 'list ' + JSON.stringify(list.name) + ' (' + list.id + ')'
    : 'the list';
}

function setAt(target, segments, value) {
  let current = target;
  for (let i = 0; i < segments.length - 1; i++) current = current[segments[i]];
  current[segments[segments.length - 1]] = value;
}

export function pathText(segments) {
  return segments.map((s, i) => (typeof s === 'number' ? '[' + s + ']' : i === 0 ? s : '.' + s)).join('');
}

/** Records a conversion and applies it to the working copy. */
export function convert(result, segments, from, to, reason) {
  // Copies: later conversions change the working copy, never what this one recorded.
  result.conversions.push({
    path: pathText(segments),
    from: JSON.parse(JSON.stringify(from)),
    to: JSON.parse(JSON.stringify(to)),
    reason: reason,
  });
  setAt(result.args, segments, to);
}
