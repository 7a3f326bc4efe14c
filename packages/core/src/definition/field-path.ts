/**
 * Field paths as developers read them in errors: `filter.assignee` for a nested property, `tags[]` for the
 * items of an array, `pair[0]` for a tuple slot, `labels.*` for the values of a record (or catch-all).
 * The root is the empty string.
 */

export function propertyPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}

export function itemsPath(parent: string): string {
  return `${parent}[]`;
}

export function tuplePath(parent: string, index: number | string): string {
  return `${parent}[${index}]`;
}

export function recordValuesPath(parent: string): string {
  return propertyPath(parent, '*');
}

/** How a path is shown inside a message: the root has no name of its own. */
export function describePath(path: string): string {
  return path === '' ? 'the parameters object (root)' : `"${path}"`;
}

const SCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf']);

/**
 * Converts a JSON-Schema location — zod 4's `path` (`['properties', 'tags', 'items']`) or
 * zod-to-json-schema's `currentPath` (`['#', 'properties', 'tags', 'items']`) — to a field path (`tags[]`).
 * Union and intersection branches do not add a segment: `anyOf/1/properties/id` is just `id`.
 */
export function fieldPathFromSchemaLocation(location: readonly (string | number)[]): string {
  let path = '';
  for (let index = 0; index < location.length; index++) {
    const segment = String(location[index]);
    const next = location[index + 1];
    if (segment === 'properties' && next !== undefined) {
      path = propertyPath(path, String(next));
      index++;
    } else if (segment === 'prefixItems' && next !== undefined) {
      path = tuplePath(path, next);
      index++;
    } else if (segment === 'items') {
      // draft-07 tuples spell a slot as items/<n>
      if (next !== undefined && /^\d+$/.test(String(next))) {
        path = tuplePath(path, next);
        index++;
      } else {
        path = itemsPath(path);
      }
    } else if (segment === 'additionalProperties') {
      path = recordValuesPath(path);
    } else if (SCHEMA_LIST_KEYWORDS.has(segment)) {
      index++;
    }
  }
  return path;
}
