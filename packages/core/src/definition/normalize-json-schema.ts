/**
 * The one normalization pass every JSON Schema goes through before a client (or the validator) sees it:
 * zod 4's `z.toJSONSchema`, zod-to-json-schema's zod 3 output and hand-written definitions all come out in
 * the same canonical shape, so the rest of the package only knows one dialect.
 *
 * Canonical shape:
 * - no `$schema`, `$defs`/`definitions` or `$ref`: references are inlined. A reference back to a schema that
 *   is still being inlined (recursion) throws in strict mode and otherwise becomes `{}` (any value), keeping
 *   its description: the recursive structure is inlined once and accepts anything where it would repeat.
 * - unions are `anyOf` (zod 4 emits `oneOf` for discriminated unions, both versions compact primitive
 *   unions to a `type` array), and a nullable `X` is `{ anyOf: [X, { type: 'null' }] }` with X's
 *   description/title/default/examples moved up next to the `anyOf`.
 * - unions of literals and enums become one `{ type, enum }` per JSON type; a one-value enum is a `const`;
 *   `enum` and `const` always come with a `type`.
 * - objects that declare `properties` have an explicit `additionalProperties` (zod strips unknown keys, so
 *   `false`) unless `closeObjects` is off; `additionalProperties: {}` is spelled `true`.
 * - `propertyNames` appears only when record keys are constrained, and always says `type: 'string'`.
 * - zod 4's ±2^53 bounds on integers, zod 3's `{ not: {} }` marker for optional union members and
 *   intersections of plain objects (zod 3's `allOf`) are folded away; tuples use `prefixItems` (2020-12).
 * - keys come in a fixed, readable order.
 */
import { missingDescriptionError, recursiveSchemaError, unresolvableRefError } from './definition-errors.ts';
import { itemsPath, propertyPath, recordValuesPath, tuplePath } from './field-path.ts';
import type { JsonSchema } from './types.ts';

export interface NormalizeJsonSchemaOptions {
  /** Keep `description` keywords. */
  includeDescriptions: boolean;
  /** Keep `examples` keywords. */
  includeExamples: boolean;
  /** Throw on recursion or an unresolvable `$ref`, and when a property has no description. */
  strict: boolean;
  /**
   * Give objects that declare `properties` but no `additionalProperties` an explicit `false`. Right for
   * zod output (unknown keys are stripped), wrong for hand-written definitions, where absence means "allowed".
   */
  closeObjects: boolean;
  /** Named in error messages. */
  toolName?: string;
}

type SchemaValue = JsonSchema | boolean;
type Position = 'root' | 'property' | 'allOfMember' | 'nested';

/** Keywords that annotate rather than constrain. */
export const ANNOTATION_KEYWORDS: ReadonlySet<string> = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);
/** Keywords that constrain only values of one primitive JSON type (and are ignored for the others). */
export const PRIMITIVE_TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: [],
  null: [],
};

/** Annotations that move from a nullable's inner branch to the `anyOf` that holds it. */
const HOISTED_ANNOTATIONS = ['title', 'description', 'default', 'examples'] as const;
const DROPPED_KEYWORDS = new Set(['$schema', '$defs', 'definitions', '$id', '$anchor']);

const SINGLE_SUBSCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'propertyNames',
  'not',
  'contains',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
const SUBSCHEMA_LIST_KEYWORDS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SUBSCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas']);

const KEY_ORDER = [
  'type',
  'title',
  'description',
  'const',
  'enum',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'anyOf',
  'allOf',
  'not',
  'default',
  'examples',
];

const NULL_SCHEMA: JsonSchema = { type: 'null' };

export function isJsonObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets an own property even for the key `__proto__`, which plain assignment would turn into a prototype change. */
function setOwn(target: JsonSchema, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

function isSubschema(value: unknown): value is SchemaValue {
  return typeof value === 'boolean' || isJsonObject(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where a subschema sits inside its parent: the keyword, plus the property name or list index when there is one. */
export interface SubschemaLocation {
  keyword: string;
  key?: string | number;
}

/**
 * Copies `node`, replacing every direct subschema (property schemas, `items`, union branches, …) with
 * `map(subschema)`. Data keywords (`default`, `enum`, `const`, `examples`) are copied untouched.
 */
export function mapSubschemas(
  node: JsonSchema,
  map: (subschema: SchemaValue, location: SubschemaLocation) => SchemaValue,
): JsonSchema {
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (SUBSCHEMA_MAP_KEYWORDS.has(keyword) && isJsonObject(value)) {
      const mapped: JsonSchema = {};
      for (const [key, child] of Object.entries(value)) {
        if (isSubschema(child)) setOwn(mapped, key, map(child, { keyword, key }));
      }
      setOwn(result, keyword, mapped);
    } else if ((SUBSCHEMA_LIST_KEYWORDS.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      setOwn(
        result,
        keyword,
        value.filter(isSubschema).map((child, index) => map(child, { keyword, key: index })),
      );
    } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(keyword) && isSubschema(value)) {
      setOwn(result, keyword, map(value, { keyword }));
    } else {
      setOwn(result, keyword, value);
    }
  }
  return result;
}

function childPath(path: string, { keyword, key }: SubschemaLocation): string {
  if (keyword === 'properties' || keyword === 'patternProperties') return propertyPath(path, String(key));
  if (keyword === 'items') return key === undefined ? itemsPath(path) : tuplePath(path, key);
  if (keyword === 'prefixItems') return tuplePath(path, key ?? 0);
  if (keyword === 'additionalProperties') return recordValuesPath(path);
  return path;
}

function childPosition({ keyword }: SubschemaLocation): Position {
  if (keyword === 'properties') return 'property';
  if (keyword === 'allOf') return 'allOfMember';
  return 'nested';
}

function onlyAnnotationsBesides(node: JsonSchema, ...keywords: string[]): boolean {
  return Object.keys(node).every((key) => keywords.includes(key) || ANNOTATION_KEYWORDS.has(key));
}

/** The JSON type of a value (`null`, `array`, `object`, `string`, `number`, `boolean`). */
export function jsonTypeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Resolves a local JSON pointer (`#`, `#/$defs/Node`, `#/properties/a`) against `root`. */
function resolvePointer(root: JsonSchema, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = ref.slice(1);
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let current: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(current)) current = current[Number(segment)];
    else if (isJsonObject(current) && Object.hasOwn(current, segment)) current = current[segment];
    else return undefined;
  }
  return current;
}

// ---------------------------------------------------------------------------------------------------------
// Rewrites applied to one node after its subschemas are normalized.

/**
 * Literal values grouped by JSON type, one branch per type: `{ type, const }` for a single value, `{ type, enum }`
 * for several. `types` gives each value's declared type; without it the type is read off the value.
 */
function literalBranches(values: readonly unknown[], types?: readonly string[]): JsonSchema[] {
  const groups = new Map<string, unknown[]>();
  values.forEach((value, index) => {
    const type = types?.[index] ?? jsonTypeOfValue(value);
    const group = groups.get(type) ?? [];
    if (!group.some((known) => deepEqual(known, value))) group.push(value);
    groups.set(type, group);
  });
  return [...groups].map(([type, group]) =>
    group.length === 1 ? { type, const: group[0] } : { type, enum: group },
  );
}

/**
 * `type: ['string', 'number']` on an otherwise bare node → `anyOf: [{ type: 'string' }, { type: 'number' }]`;
 * with an `enum` beside it (zod 3's mixed-type literal union) → one literal branch per type; with keywords
 * that each belong to one of the primitive types (the wire form, compact-json-schema.ts:
 * `type: ['string', 'null'], minLength: 1`) → each keyword goes to its type's branch.
 */
function expandTypeArray(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node['type'])) return node;
  const types = [...new Set(node['type'] as unknown[])];
  if (types.length === 1) return { ...node, type: types[0] };
  if (node['anyOf'] !== undefined) return node;
  const { type: _type, enum: values, ...rest } = node;
  if (Array.isArray(values) && onlyAnnotationsBesides(rest)) {
    // each value goes to the declared type that takes it (an integer to `integer` when it is declared)
    const declared = (value: unknown) => {
      const type = jsonTypeOfValue(value);
      return type === 'number' && Number.isInteger(value) && types.includes('integer') ? 'integer' : type;
    };
    return { ...rest, anyOf: literalBranches(values, values.map(declared)) };
  }
  if (values !== undefined) return node;
  const annotations: JsonSchema = {};
  const branches = types.map((type): JsonSchema => ({ type }));
  for (const [keyword, value] of Object.entries(rest)) {
    if (ANNOTATION_KEYWORDS.has(keyword)) {
      annotations[keyword] = value;
      continue;
    }
    const owners = branches.filter((branch) =>
      PRIMITIVE_TYPE_KEYWORDS[String(branch['type'])]?.includes(keyword),
    );
    if (owners.length !== 1) return node;
    owners[0]![keyword] = value;
  }
  return { ...annotations, anyOf: branches.map(orderKeys) };
}

function isNeverSchema(value: unknown): boolean {
  return value === false || (isJsonObject(value) && deepEqual(value, { not: {} }));
}

/**
 * A union whose branches are all `{ type, const }` / `{ type, enum }` (zod 4 keeps
 * `z.union([z.literal('a'), z.literal('b')])` as consts, zod 3 merges them) → one literal branch per type.
 */
function compactLiteralUnion(branches: SchemaValue[]): SchemaValue[] | undefined {
  const values: unknown[] = [];
  const types: string[] = [];
  for (const branch of branches) {
    if (!isJsonObject(branch) || typeof branch['type'] !== 'string' || Object.keys(branch).length !== 2) {
      return undefined;
    }
    const branchValues = 'const' in branch ? [branch['const']] : branch['enum'];
    if (!Array.isArray(branchValues)) return undefined;
    for (const value of branchValues) {
      values.push(value);
      types.push(branch['type']);
    }
  }
  return literalBranches(values, types);
}

function simplifyUnion(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node['anyOf'])) return node;
  // nested bare unions flatten into this one (`.nullable().nullable()` too, hence the de-duplication);
  // never-matching branches (zod 3's optional marker) go away
  const branches: SchemaValue[] = [];
  for (const branch of node['anyOf'] as SchemaValue[]) {
    if (isNeverSchema(branch)) continue;
    const flattened =
      isJsonObject(branch) && Array.isArray(branch['anyOf']) && Object.keys(branch).length === 1
        ? (branch['anyOf'] as SchemaValue[])
        : [branch];
    for (const candidate of flattened) {
      if (!branches.some((known) => deepEqual(known, candidate))) branches.push(candidate);
    }
  }
  const { anyOf: _anyOf, ...rest } = node;
  if (branches.length === 0) return { ...rest, not: {} };

  const literals = branches.length > 1 ? compactLiteralUnion(branches) : undefined;
  if (literals) branches.splice(0, branches.length, ...literals);

  if (branches.length === 1 && isJsonObject(branches[0]) && onlyAnnotationsBesides(rest)) {
    return { ...branches[0], ...rest };
  }

  const result: JsonSchema = { ...rest, anyOf: branches };
  const nonNull = branches.filter((branch) => !deepEqual(branch, NULL_SCHEMA));
  const single = nonNull[0];
  if (nonNull.length === 1 && nonNull.length < branches.length && isJsonObject(single)) {
    // nullable: the inner schema's annotations describe the field, so they sit beside the anyOf
    const inner: JsonSchema = { ...single };
    for (const keyword of HOISTED_ANNOTATIONS) {
      if (!(keyword in inner)) continue;
      if (!(keyword in result)) result[keyword] = inner[keyword];
      if (deepEqual(result[keyword], inner[keyword])) delete inner[keyword];
    }
    // A described union inside a nullable is bare once its description moved up: flatten it too.
    result['anyOf'] =
      Array.isArray(inner['anyOf']) && Object.keys(inner).length === 1
        ? branches.flatMap((branch) => (branch === single ? (inner['anyOf'] as SchemaValue[]) : [branch]))
        : branches.map((branch) => (branch === single ? inner : branch));
  }
  return result;
}

/** draft-07 tuples (`items: [...]`, zod 3) → draft 2020-12 (`prefixItems`, then `items` for the rest), as zod 4 emits. */
function normalizeTupleKeywords(node: JsonSchema): JsonSchema {
  const slots = node['items'];
  if (!Array.isArray(slots)) return node;
  const { items: _items, additionalItems, ...rest } = node;
  const closed = additionalItems === undefined && rest['maxItems'] === slots.length;
  const restItems = closed ? false : additionalItems;
  return { ...rest, prefixItems: slots, ...(restItems === undefined ? {} : { items: restItems }) };
}

/** Intersections of plain objects (zod 3 emits `allOf`, zod 4 folds them itself) become one object. */
function foldObjectIntersection(node: JsonSchema): JsonSchema {
  const members = node['allOf'];
  if (!Array.isArray(members) || members.length < 2) return node;
  const { allOf: _allOf, ...rest } = node;
  if (!onlyAnnotationsBesides(rest)) return node;
  const properties: JsonSchema = {};
  const required: string[] = [];
  for (const member of members) {
    if (
      !isJsonObject(member) ||
      member['type'] !== 'object' ||
      !isJsonObject(member['properties']) ||
      !Object.keys(member).every((key) => ['type', 'properties', 'required'].includes(key))
    ) {
      return node;
    }
    for (const [key, value] of Object.entries(member['properties'])) {
      if (Object.hasOwn(properties, key)) return node;
      setOwn(properties, key, value);
    }
    if (Array.isArray(member['required'])) required.push(...(member['required'] as string[]));
  }
  return { ...rest, type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** A one-value `enum` is a `const`; `enum`/`const` without a `type` get the type their values share. */
function normalizeValueKeywords(node: JsonSchema): JsonSchema {
  let result = node;
  if (Array.isArray(result['enum']) && result['enum'].length === 1 && !('const' in result)) {
    const { enum: values, ...rest } = result;
    result = { ...rest, const: (values as unknown[])[0] };
  }
  if (result['type'] !== undefined) return result;
  const values = Array.isArray(result['enum'])
    ? (result['enum'] as unknown[])
    : 'const' in result
      ? [result['const']]
      : [];
  const types = new Set(values.map(jsonTypeOfValue));
  const [type] = types;
  return types.size === 1 && type !== 'object' ? { type, ...result } : result;
}

function dropSafeIntegerBounds(node: JsonSchema): JsonSchema {
  if (node['type'] !== 'integer') return node;
  const result = { ...node };
  if (result['minimum'] === Number.MIN_SAFE_INTEGER) delete result['minimum'];
  if (result['maximum'] === Number.MAX_SAFE_INTEGER) delete result['maximum'];
  return result;
}

function normalizeObjectKeywords(node: JsonSchema, position: Position, closeObjects: boolean): JsonSchema {
  const result = { ...node };
  if (
    isJsonObject(result['additionalProperties']) &&
    Object.keys(result['additionalProperties']).length === 0
  ) {
    result['additionalProperties'] = true;
  }
  if (
    closeObjects &&
    position !== 'allOfMember' &&
    result['type'] === 'object' &&
    isJsonObject(result['properties']) &&
    result['additionalProperties'] === undefined
  ) {
    result['additionalProperties'] = false;
  }
  const propertyNames = result['propertyNames'];
  if (isJsonObject(propertyNames)) {
    const keys: JsonSchema = { type: 'string', ...propertyNames };
    if (deepEqual(keys, { type: 'string' })) delete result['propertyNames'];
    else result['propertyNames'] = keys;
  }
  return result;
}

function orderKeys(node: JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  for (const key of KEY_ORDER) if (key in node) result[key] = node[key];
  for (const [key, value] of Object.entries(node)) if (!(key in result)) setOwn(result, key, value);
  return result;
}

function stripAnnotations(value: SchemaValue, strip: ReadonlySet<string>): SchemaValue {
  if (typeof value === 'boolean') return value;
  const result = mapSubschemas(value, (child) => stripAnnotations(child, strip));
  for (const keyword of strip) delete result[keyword];
  return result;
}

// ---------------------------------------------------------------------------------------------------------

/** Normalizes a whole JSON Schema document (see the module comment for the shape it produces). */
export function normalizeJsonSchema(root: JsonSchema, options: NormalizeJsonSchemaOptions): JsonSchema {
  const normalizeRef = (
    node: JsonSchema,
    path: string,
    position: Position,
    refs: readonly string[],
  ): SchemaValue => {
    const ref = String(node['$ref']);
    const { $ref: _ref, ...siblings } = node;
    const target = resolvePointer(root, ref);
    if (ref === '#' || refs.includes(ref)) {
      if (options.strict) throw recursiveSchemaError(path, options.toolName);
      return normalizeNode(siblings, path, position, refs);
    }
    if (!isSubschema(target)) {
      if (options.strict) throw unresolvableRefError(path, ref, options.toolName);
      return normalizeNode(siblings, path, position, refs);
    }
    if (typeof target === 'boolean') return target;
    return normalizeNode({ ...target, ...siblings }, path, position, [...refs, ref]);
  };

  const normalizeNode = (
    value: unknown,
    path: string,
    position: Position,
    refs: readonly string[],
  ): SchemaValue => {
    if (typeof value === 'boolean') return value;
    if (!isJsonObject(value)) return {};
    if (typeof value['$ref'] === 'string') return normalizeRef(value, path, position, refs);

    const own: JsonSchema = {};
    for (const [key, keywordValue] of Object.entries(value)) {
      if (!DROPPED_KEYWORDS.has(key)) setOwn(own, key, keywordValue);
    }
    let node = mapSubschemas(own, (child, location) =>
      normalizeNode(child, childPath(path, location), childPosition(location), refs),
    );
    if (Array.isArray(node['oneOf']) && node['anyOf'] === undefined) {
      const { oneOf, ...rest } = node;
      node = { ...rest, anyOf: oneOf };
    }
    node = normalizeTupleKeywords(node);
    node = expandTypeArray(node);
    node = simplifyUnion(node);
    node = foldObjectIntersection(node);
    node = normalizeValueKeywords(node);
    node = dropSafeIntegerBounds(node);
    node = normalizeObjectKeywords(node, position, options.closeObjects);

    if (
      options.strict &&
      position === 'property' &&
      !(typeof node['description'] === 'string' && node['description'])
    ) {
      throw missingDescriptionError(path, options.toolName);
    }
    return orderKeys(node);
  };

  const normalized = normalizeNode(root, '', 'root', []);
  const strip = new Set<string>();
  if (!options.includeDescriptions) strip.add('description');
  if (!options.includeExamples) strip.add('examples');
  const result = strip.size > 0 ? stripAnnotations(normalized, strip) : normalized;
  return typeof result === 'boolean' ? (result ? {} : { not: {} }) : result;
}
