/**
 * Checks that a value survives `JSON.stringify` unchanged in meaning, and says where it does not.
 * Used on helper arguments before they leave this process: `JSON.stringify` silently drops
 * functions and `undefined` in objects, turns them into `null` in arrays, turns NaN into `null`,
 * and serialises a Map as `{}`; a helper would then see different data than the caller passed.
 */

const LOSSY = [Map, Set, WeakMap, WeakSet, Promise, RegExp, ArrayBuffer, SharedArrayBuffer] as const;

/**
 * Returns a description of the first non-JSON part (`a function at args[0].items[2].format`), or
 * undefined. `root` names the value in that description.
 */
export function findNonJson(value: unknown, root = '$'): string | undefined {
  return check(value, '', root, new Set<object>(), true);
}

function check(
  value: unknown,
  key: string,
  path: string,
  ancestors: Set<object>,
  allowUndefined: boolean,
): string | undefined {
  let current = value;
  if (
    current !== null &&
    typeof current === 'object' &&
    typeof (current as { toJSON?: unknown }).toJSON === 'function'
  ) {
    current = (current as { toJSON: (key: string) => unknown }).toJSON(key);
  }
  switch (typeof current) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(current) ? undefined : `${String(current)} at ${path}`;
    case 'undefined':
      return allowUndefined ? undefined : `undefined at ${path}`;
    case 'function':
    case 'symbol':
    case 'bigint':
      return `a ${typeof current} at ${path}`;
    default:
      break;
  }
  if (current === null) return undefined;
  const object = current as object;
  if (ancestors.has(object)) return `a circular reference at ${path}`;
  for (const type of LOSSY) {
    if (object instanceof type) return `a ${type.name} at ${path} (convert it to an array or a plain object)`;
  }
  if (ArrayBuffer.isView(object)) return `a ${object.constructor.name} at ${path} (convert it to an array)`;
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      for (let i = 0; i < object.length; i++) {
        const problem = check(object[i], String(i), `${path}[${i}]`, ancestors, false);
        if (problem) return problem;
      }
      return undefined;
    }
    for (const [name, item] of Object.entries(object)) {
      const itemPath = /^[A-Za-z_$][\w$]*$/.test(name)
        ? `${path}.${name}`
        : `${path}[${JSON.stringify(name)}]`;
      const problem = check(item, name, itemPath, ancestors, true);
      if (problem) return problem;
    }
    return undefined;
  } finally {
    ancestors.delete(object);
  }
}
