/**
 * Plain data: what a context provider may hand to validators. `toPlainData` copies a value into
 * fresh, frozen arrays and plain objects made only of null, booleans, finite numbers and strings —
 * or throws a `ContextDataError` that names the offending path. The copy is what gets cached and
 * sent to the sandbox, so nothing the provider holds (a client, a token in a closure, a Response, a
 * class instance with methods) is ever reachable from it, and no consumer can mutate the shared
 * cached value.
 *
 * `undefined` object members are dropped (as JSON does); `undefined` array items, accessors,
 * symbol keys, functions, bigints, non-finite numbers, cycles and objects that are not plain
 * (`Date`, `Map`, `URL`, `Buffer`, any class) are refused rather than silently changed.
 */
import { ContextDataError } from '../errors/context-data-error.ts';

/** A JSON value. */
export type PlainData = null | boolean | number | string | readonly PlainData[] | PlainObject;
export interface PlainObject {
  readonly [key: string]: PlainData;
}

const MAX_DEPTH = 64;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function describe(value: unknown): string {
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'symbol') return 'a symbol';
  if (typeof value === 'bigint') return 'a bigint';
  if (typeof value === 'number') return String(value);
  if (value === undefined) return 'undefined';
  const name = (Object.getPrototypeOf(value) as { constructor?: { name?: string } } | null)?.constructor
    ?.name;
  return name ? `a ${name} instance` : 'an object that is not plain';
}

/** A frozen deep copy of `value` as plain data; `contextId` names the provider in errors. */
export function toPlainData(value: unknown, contextId: string): PlainData {
  const ancestors = new Set<object>();
  const fail = (path: string, found: string): never => {
    throw new ContextDataError({ contextId, path, found });
  };
  const copy = (current: unknown, path: string, depth: number): PlainData => {
    switch (typeof current) {
      case 'string':
      case 'boolean':
        return current;
      case 'number':
        return Number.isFinite(current) ? current : fail(path, describe(current));
      case 'object':
        break;
      default:
        return fail(path, describe(current));
    }
    if (current === null) return null;
    if (depth > MAX_DEPTH) return fail(path, `data nested deeper than ${MAX_DEPTH} levels`);
    if (ancestors.has(current)) return fail(path, 'a circular reference');
    ancestors.add(current);
    try {
      if (Array.isArray(current)) {
        if (Object.getPrototypeOf(current) !== Array.prototype) return fail(path, describe(current));
        const out: PlainData[] = [];
        for (let i = 0; i < current.length; i++) {
          if (!Object.hasOwn(current, i)) return fail(`${path}[${i}]`, 'a hole (sparse array)');
          out.push(copy(current[i], `${path}[${i}]`, depth + 1));
        }
        return Object.freeze(out);
      }
      const prototype = Object.getPrototypeOf(current) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return fail(path, describe(current));
      if (Object.getOwnPropertySymbols(current).length > 0) return fail(path, 'an object with symbol keys');
      const out: Record<string, PlainData> = {};
      for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(current))) {
        const keyPath = IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
        if (!descriptor.enumerable) continue;
        if (!('value' in descriptor)) return fail(keyPath, 'an accessor (getter or setter)');
        if (descriptor.value === undefined) continue;
        const item = copy(descriptor.value, keyPath, depth + 1);
        // `__proto__` is an own key in JSON, not the prototype: define it, never assign it.
        if (key === '__proto__')
          Object.defineProperty(out, key, {
            value: item,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else out[key] = item;
      }
      return Object.freeze(out);
    } finally {
      ancestors.delete(current);
    }
  };
  return copy(value, contextId, 0);
}
