// Shared by every module of the pack: imported, never copied.
export function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** JSON of a value for messages, cut at `max` characters. */
export function show(value, max = 40) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > max ? text.slice(0, max - 1) + '…' : text;
}

// Module state: counts the loads of this file in one context.
export let loads = 0;
loads += 1;
