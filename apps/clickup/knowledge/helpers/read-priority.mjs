/*
 * Task priority (research §2.1, quirk #9): written as an integer 1 urgent, 2 high, 3 normal, 4 low
 * (null = none); read back as an object { id: "2", priority: "high", color, orderindex: "2" }.
 */

export function priorityNames() {
  return { 1: 'urgent', 2: 'high', 3: 'normal', 4: 'low' };
}

/** Priority integer (1–4) for a name ("High"), a numeric string, a number or a read object; null otherwise. */
export function priorityToId(value) {
  if (value !== null && typeof value === 'object') {
    if (value.id !== undefined && value.id !== null) return priorityToId(value.id);
    return priorityToId(value.priority);
  }
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 4 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^[1-4]$/.test(text)) return Number(text);
  const names = priorityNames();
  for (const id of Object.keys(names)) if (names[id] === text) return Number(id);
  return null;
}

/** Normalised read form { id, name } (or null when unset/unknown) from whatever ClickUp returned. */
export function readPriority(value) {
  const id = priorityToId(value);
  if (id === null) return null;
  return { id: id, name: priorityNames()[id] };
}
