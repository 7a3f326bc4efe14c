/*
 * Small value helpers every module of the pack uses, imported from here (never copied: each file
 * used to carry its own renamed copy, when the pack was scripts sharing one global scope).
 * Pure: no I/O, no clock.
 */

/** A plain object: not null, not an array. */
export function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value as JSON for a message, cut to `max` characters (… at the end); String() when not JSON. */
export function show(value, max = 120) {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > max ? text.slice(0, max - 3) + '…' : text;
}

/** "a drop_down", "an email": a type name with its article, for messages. */
export function article(type) {
  return (/^[aeio]/i.test(type) ? 'an ' : 'a ') + type;
}

/** The same with a capital: "A drop_down", "An email". */
export function capitalArticle(type) {
  return article(type).replace(/^a/, 'A');
}
