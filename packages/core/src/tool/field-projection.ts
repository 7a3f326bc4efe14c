/**
 * `fields` projection: a read tool returns a compact DTO by default and the caller may pick dot
 * paths (`["key", "status.key", "assignee.display"]`) to shrink the output further. BaseTool applies
 * it, so tools never implement it themselves.
 */
import { z } from 'zod';

/**
 * The conventional `fields` parameter. Add it to a params schema (`fields: fieldsParam()`) and
 * BaseTool projects the result to the requested paths.
 */
export function fieldsParam(options: { examples?: string[][]; description?: string } = {}) {
  const description =
    options.description ??
    'Dot paths of the fields to return, e.g. ["key", "status.key"]. Omit for the default compact view; fewer fields cost fewer tokens.';
  const schema = z.array(z.string().min(1)).min(1).optional().describe(description);
  return options.examples ? schema.meta({ examples: options.examples }) : schema;
}

export interface ProjectionResult {
  value: unknown;
  /** Requested paths that matched nothing in any item. */
  unmatched: string[];
  /** Paths that do exist, for the hint (up to two levels deep). */
  available: string[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Projects `value` (an object, or an array of objects) to `paths`. Arrays along a path are mapped. */
export function projectFields(value: unknown, paths: readonly string[]): ProjectionResult {
  const items = Array.isArray(value) ? value : [value];
  const matched = new Set<string>();
  const projected = items.map((item) => {
    if (!isObject(item)) return item;
    const out: Json = {};
    for (const path of paths) {
      if (copyPath(item, out, path.split('.'))) matched.add(path);
    }
    return out;
  });
  const unmatched = paths.filter((p) => !matched.has(p));
  return {
    value: Array.isArray(value) ? projected : projected[0],
    unmatched,
    available: unmatched.length > 0 ? availablePaths(items) : [],
  };
}

function copyPath(source: Json, target: Json, segments: string[]): boolean {
  const [head, ...rest] = segments;
  if (head === undefined || !(head in source)) return false;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return true;
  }
  if (Array.isArray(value)) {
    const existing = Array.isArray(target[head]) ? (target[head] as unknown[]) : [];
    let any = false;
    const mapped = value.map((element, index) => {
      if (!isObject(element)) return element;
      const into = isObject(existing[index]) ? (existing[index] as Json) : {};
      if (copyPath(element, into, rest)) any = true;
      return into;
    });
    if (any) target[head] = mapped;
    return any;
  }
  if (!isObject(value)) return false;
  const into = isObject(target[head]) ? (target[head] as Json) : {};
  if (!copyPath(value, into, rest)) return false;
  target[head] = into;
  return true;
}

function availablePaths(items: unknown[]): string[] {
  const paths = new Set<string>();
  for (const item of items.slice(0, 20)) {
    if (!isObject(item)) continue;
    for (const [key, value] of Object.entries(item)) {
      paths.add(key);
      const nested = Array.isArray(value) ? value.find(isObject) : value;
      if (isObject(nested)) for (const sub of Object.keys(nested)) paths.add(`${key}.${sub}`);
    }
  }
  return [...paths].slice(0, 60);
}
