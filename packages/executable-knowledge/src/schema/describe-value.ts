/**
 * How a parsed YAML value is named in error messages, in YAML terms (a "mapping", a "list", an
 * "empty value") rather than JavaScript ones, with a short excerpt so the author can spot it.
 */

const MAX_EXCERPT = 40;

/** `'v2'`, `3`, `true`, `null`; long text is cut. */
export function formatScalar(value: unknown): string {
  if (typeof value === 'string') {
    const text = value.length > MAX_EXCERPT ? `${value.slice(0, MAX_EXCERPT)}…` : value;
    return `'${text.replaceAll('\n', '\\n')}'`;
  }
  return String(value);
}

/** "a number (3)", "a string ('v2')", "a list", "a mapping", "an empty value". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : 'a list';
  switch (typeof value) {
    case 'string':
      return `a string (${formatScalar(value)})`;
    case 'number':
      return Number.isInteger(value) ? `a whole number (${value})` : `a number (${value})`;
    case 'boolean':
      return `${value} (a boolean)`;
    case 'object':
      return 'a mapping';
    default:
      return `a ${typeof value}`;
  }
}
