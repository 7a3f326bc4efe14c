/**
 * Counts and sizes in messages: "1 line", "2 lines", "1 entry", "3 entries", "4.2 KB" — one place,
 * so no message says "1 lines".
 */

/** `count` and the noun, singular for exactly 1: `plural(1, 'line')` → "1 line". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

/** A byte count for people: "68 bytes", "1 byte", "12.3 KB", "4.0 MB". */
export function formatSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? plural(value, 'byte') : `${value.toFixed(1)} ${units[unit]}`;
}
