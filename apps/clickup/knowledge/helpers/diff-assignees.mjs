/*
 * Assignees, watchers and group assignees (research §2.5, quirks #1 and #2):
 *   Create Task  → "assignees": [183, 456]                    (a flat array of user ids)
 *   Update Task  → "assignees": { "add": [456], "rem": [183] } (a diff)
 * A flat array on Update Task returns 200 and is ignored or lands in the watchers — the task's
 * assignees do not change. The same {add, rem} envelope applies to watchers and group_assignees.
 */

function idOf(item) {
  if (item !== null && typeof item === 'object') return idOf(item.id !== undefined ? item.id : item.userid);
  if (typeof item === 'string' && /^\d+$/.test(item.trim())) return Number(item.trim());
  return item;
}

function unique(items) {
  const seen = [];
  for (const item of items)
    if (item !== undefined && item !== null && seen.indexOf(item) === -1) seen.push(item);
  return seen;
}

/**
 * The {add, rem} that turns the `current` assignees into `desired`. Both may be ids or user objects
 * ({ id, username… } as GET /task returns them).
 */
export function diffAssignees(current, desired) {
  const now = unique((Array.isArray(current) ? current : []).map(idOf));
  const wanted = unique((Array.isArray(desired) ? desired : []).map(idOf));
  return {
    add: wanted.filter((id) => now.indexOf(id) === -1),
    rem: now.filter((id) => wanted.indexOf(id) === -1),
  };
}

/** True for the Update Task envelope {add?: [], rem?: []} (at least one of the two arrays). */
export function isAddRemEnvelope(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  if (keys.length === 0 || keys.some((k) => k !== 'add' && k !== 'rem')) return false;
  return keys.every((k) => Array.isArray(value[k]));
}
