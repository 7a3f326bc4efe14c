/**
 * Checks a hand-written tool definition against the Zod schema the tool actually validates with.
 *
 * The expected definition is generated from the schema ({@link generateDefinitionFromSchema}); both sides go
 * through the same normalization, then are compared structurally: properties, required lists, JSON types,
 * enum values, object/array shapes, array items and record values, recursively. Descriptions, examples,
 * defaults and numeric/length bounds are not compared.
 */
import { describePath, itemsPath, propertyPath, recordValuesPath, tuplePath } from './field-path.ts';
import { isJsonObject, jsonTypeOfValue, normalizeJsonSchema } from './normalize-json-schema.ts';
import { generateDefinitionFromSchema } from './schema-to-definition.ts';
import type {
  AnyZodObject,
  DefinitionMatchResult,
  DefinitionMismatch,
  DefinitionMismatchType,
  JsonSchema,
  ToolInputSchema,
} from './types.ts';

type SchemaValue = JsonSchema | boolean;

const TYPE_ORDER = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

/** The JSON types a node accepts, or `undefined` when it does not constrain the type (`{}`). */
function typesOf(node: SchemaValue): Set<string> | undefined {
  if (typeof node === 'boolean') return node ? undefined : new Set();
  const type = node['type'];
  if (typeof type === 'string') return new Set([type]);
  if (Array.isArray(type)) return new Set(type.map(String));
  if ('const' in node) return new Set([jsonTypeOfValue(node['const'])]);
  if (Array.isArray(node['enum'])) return new Set((node['enum'] as unknown[]).map(jsonTypeOfValue));
  const union = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(union)) {
    const types = new Set<string>();
    for (const branch of union as SchemaValue[]) {
      const branchTypes = typesOf(branch);
      if (branchTypes === undefined) return undefined;
      for (const branchType of branchTypes) types.add(branchType);
    }
    return types;
  }
  if (isJsonObject(node['properties']) || isJsonObject(node['additionalProperties']))
    return new Set(['object']);
  if (node['items'] !== undefined || node['prefixItems'] !== undefined) return new Set(['array']);
  return undefined;
}

/** True when a value of JSON type `type` is accepted by a node accepting `types` (an integer is a number). */
function accepts(types: ReadonlySet<string>, type: string): boolean {
  return types.has(type) || (type === 'integer' && types.has('number'));
}

function sortedTypes(types: ReadonlySet<string>): string[] {
  return [...types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
}

function formatTypes(types: ReadonlySet<string>): string {
  const list = sortedTypes(types);
  return list.length === 0 ? 'nothing' : list.join(' or ');
}

/** A single type as a string, several as a list — how `expected`/`actual` report types. */
function typesValue(types: ReadonlySet<string>): string | string[] {
  const list = sortedTypes(types);
  return list.length === 1 ? (list[0] as string) : list;
}

/** The branches of a union (or the node itself), without the `null` branch of a nullable. */
function nonNullVariants(node: SchemaValue): SchemaValue[] {
  if (typeof node === 'boolean') return [node];
  const union = node['anyOf'] ?? node['oneOf'];
  if (!Array.isArray(union)) return [node];
  return (union as SchemaValue[]).filter((branch) => {
    const types = typesOf(branch);
    return !(types?.size === 1 && types.has('null'));
  });
}

/** The non-null values a node is restricted to (`enum`/`const`), or `undefined` when it is not restricted. */
function allowedValues(node: SchemaValue): unknown[] | undefined {
  if (typeof node === 'boolean') return undefined;
  const values =
    'const' in node ? [node['const']] : Array.isArray(node['enum']) ? (node['enum'] as unknown[]) : undefined;
  return values?.filter((value) => value !== null);
}

function sameValueSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const keys = (values: readonly unknown[]) => new Set(values.map((value) => JSON.stringify(value)));
  const left = keys(a);
  const right = keys(b);
  return left.size === right.size && [...left].every((key) => right.has(key));
}

function objectEntries(node: SchemaValue, keyword: string): Record<string, SchemaValue> {
  if (typeof node === 'boolean') return {};
  const value = node[keyword];
  return isJsonObject(value) ? (value as Record<string, SchemaValue>) : {};
}

function requiredSet(node: SchemaValue): Set<string> {
  if (typeof node === 'boolean' || !Array.isArray(node['required'])) return new Set();
  return new Set((node['required'] as unknown[]).map(String));
}

/** Union branches pair up by their types plus the `const` values of their properties (discriminators). */
function variantKey(node: SchemaValue, withDiscriminators: boolean): string {
  const types = sortedTypes(typesOf(node) ?? new Set(['any'])).join('|');
  if (!withDiscriminators) return types;
  const discriminators = Object.entries(objectEntries(node, 'properties'))
    .filter(([, property]) => isJsonObject(property) && 'const' in property)
    .map(([key, property]) => `${key}=${JSON.stringify((property as JsonSchema)['const'])}`)
    .sort();
  return `${types}:${discriminators.join(',')}`;
}

class DefinitionComparison {
  readonly errors: DefinitionMismatch[] = [];

  private report(
    type: DefinitionMismatchType,
    field: string,
    message: string,
    expected: unknown,
    actual: unknown,
  ): void {
    this.errors.push({ type, field, message, expected, actual });
  }

  compareRoot(expected: JsonSchema, actual: SchemaValue): void {
    const types = typesOf(actual);
    const isObject = types?.size === 1 && types.has('object');
    if (!isObject || nonNullVariants(actual).length !== 1) {
      const got = !isObject
        ? `it accepts ${types ? formatTypes(types) : 'any value'}`
        : 'it is a union of objects; merge them into one object with optional properties';
      this.report(
        'structure_mismatch',
        '',
        `The definition's root must be a single object schema ({ "type": "object", "properties": { … } }) because ` +
          `tool arguments are always one JSON object; ${got}.`,
        'object',
        types ? typesValue(types) : undefined,
      );
      return;
    }
    this.compareObject(expected, actual, '');
  }

  private compareNode(expected: SchemaValue, actual: SchemaValue, path: string): void {
    const expectedTypes = typesOf(expected);
    if (expectedTypes === undefined) return; // the schema accepts anything here
    const actualTypes = typesOf(actual);
    if (actualTypes === undefined) {
      this.report(
        'type_mismatch',
        path,
        `${this.subject(path)} has no type in the definition, so clients can send anything; the schema accepts ` +
          `${formatTypes(expectedTypes)}: declare "type": ${JSON.stringify(typesValue(expectedTypes))}.`,
        typesValue(expectedTypes),
        undefined,
      );
      return;
    }
    const difference = this.compareTypes(expectedTypes, actualTypes, path);
    // after a minor difference (null, integer vs number) the shapes are still worth comparing
    if (difference !== 'major') this.compareVariants(expected, actual, path, difference === 'minor');
  }

  /** Reports a difference in accepted JSON types; a `minor` one only concerns null or integer vs number. */
  private compareTypes(expected: Set<string>, actual: Set<string>, path: string): 'same' | 'minor' | 'major' {
    const onlyInSchema = [...expected].filter((type) => !accepts(actual, type));
    const onlyInDefinition = [...actual].filter((type) => !accepts(expected, type));
    if (onlyInSchema.length === 0 && onlyInDefinition.length === 0) return 'same';
    const minor = [...onlyInSchema, ...onlyInDefinition].every(
      (type) => type === 'null' || (type === 'number' && (expected.has('integer') || actual.has('integer'))),
    );
    const difference = minor ? 'minor' : 'major';

    const subject = this.subject(path);
    const expectedValue = typesValue(expected);
    const actualValue = typesValue(actual);
    if (
      onlyInSchema.length === 0 &&
      onlyInDefinition.length === 1 &&
      onlyInDefinition[0] === 'number' &&
      expected.has('integer')
    ) {
      this.report(
        'type_mismatch',
        path,
        `${subject} must be an integer according to the schema, but the definition advertises any number, so clients ` +
          'may send fractions the tool rejects: declare "type": "integer".',
        expectedValue,
        actualValue,
      );
      return difference;
    }
    if (
      onlyInDefinition.length === 0 &&
      onlyInSchema.length === 1 &&
      onlyInSchema[0] === 'number' &&
      actual.has('integer')
    ) {
      this.report(
        'type_mismatch',
        path,
        `${subject} accepts any number in the schema, but the definition narrows it to integers, so clients never send ` +
          'fractions the tool accepts: declare "type": "number".',
        expectedValue,
        actualValue,
      );
      return difference;
    }
    const containersOnly = [...onlyInSchema, ...onlyInDefinition].every(
      (type) => type === 'object' || type === 'array',
    );
    const kind: DefinitionMismatchType =
      containersOnly && onlyInSchema.length > 0 && onlyInDefinition.length > 0
        ? 'structure_mismatch'
        : 'type_mismatch';
    this.report(
      kind,
      path,
      `${subject} accepts ${formatTypes(expected)} in the schema but the definition advertises ` +
        `${formatTypes(actual)}: declare "type": ${JSON.stringify(expectedValue)}` +
        (expected.has('null') && !actual.has('null') ? ' (the schema is .nullable())' : '') +
        '.',
      expectedValue,
      actualValue,
    );
    return difference;
  }

  private compareVariants(
    expected: SchemaValue,
    actual: SchemaValue,
    path: string,
    typesReported: boolean,
  ): void {
    const expectedVariants = nonNullVariants(expected);
    const actualVariants = nonNullVariants(actual);
    if (expectedVariants.length === 1 && actualVariants.length === 1) {
      this.compareShape(expectedVariants[0] as SchemaValue, actualVariants[0] as SchemaValue, path);
      return;
    }
    const remaining = [...actualVariants];
    const take = (variant: SchemaValue, withDiscriminators: boolean) => {
      const key = variantKey(variant, withDiscriminators);
      const index = remaining.findIndex((candidate) => variantKey(candidate, withDiscriminators) === key);
      return index === -1 ? undefined : remaining.splice(index, 1)[0];
    };
    const pairs: [SchemaValue, SchemaValue][] = [];
    const unmatched: SchemaValue[] = [];
    for (const variant of expectedVariants) {
      const match = take(variant, true);
      if (match === undefined) unmatched.push(variant);
      else pairs.push([variant, match]);
    }
    for (const variant of unmatched) {
      const match = take(variant, false);
      if (match !== undefined) pairs.push([variant, match]);
      else if (!typesReported) {
        this.report(
          'structure_mismatch',
          path,
          `${this.subject(path)} accepts an option in the schema (${variantKey(variant, true)}) that the definition's ` +
            'union does not offer: add it to the definition.',
          variant,
          undefined,
        );
      }
    }
    if (!typesReported) {
      for (const variant of remaining) {
        this.report(
          'structure_mismatch',
          path,
          `${this.subject(path)} offers an option in the definition (${variantKey(variant, true)}) that the schema ` +
            'rejects: remove it from the definition.',
          undefined,
          variant,
        );
      }
    }
    for (const [expectedVariant, actualVariant] of pairs)
      this.compareShape(expectedVariant, actualVariant, path);
  }

  private compareShape(expected: SchemaValue, actual: SchemaValue, path: string): void {
    const expectedValues = allowedValues(expected);
    const actualValues = allowedValues(actual);
    if (expectedValues !== undefined || actualValues !== undefined) {
      if (
        expectedValues === undefined ||
        actualValues === undefined ||
        !sameValueSet(expectedValues, actualValues)
      ) {
        const subject = this.subject(path);
        const message =
          expectedValues === undefined
            ? `${subject} accepts any value of its type in the schema, but the definition only allows ${JSON.stringify(actualValues)}: remove the enum/const from the definition.`
            : actualValues === undefined
              ? `${subject} only accepts ${JSON.stringify(expectedValues)} in the schema, but the definition allows any value of its type: add "enum": ${JSON.stringify(expectedValues)}.`
              : `${subject} accepts ${JSON.stringify(expectedValues)} in the schema but the definition lists ${JSON.stringify(actualValues)}: make the definition's enum ${JSON.stringify(expectedValues)}.`;
        this.report('structure_mismatch', path, message, expectedValues, actualValues);
      }
    }
    const types = typesOf(expected) ?? new Set<string>();
    if (types.has('object')) this.compareObject(expected, actual, path);
    if (types.has('array')) this.compareArray(expected, actual, path);
  }

  private compareObject(expected: SchemaValue, actual: SchemaValue, path: string): void {
    const expectedProperties = objectEntries(expected, 'properties');
    const actualProperties = objectEntries(actual, 'properties');
    const expectedRequired = requiredSet(expected);
    const actualRequired = requiredSet(actual);
    const additional = typeof expected === 'boolean' ? true : expected['additionalProperties'];

    for (const [key, expectedProperty] of Object.entries(expectedProperties)) {
      const field = propertyPath(path, key);
      const required = expectedRequired.has(key);
      if (!Object.hasOwn(actualProperties, key)) {
        this.report(
          'missing_property',
          field,
          `Property "${field}" is ${required ? 'required' : 'accepted'} by the schema but missing from the definition, ` +
            `so clients are never told about it${required ? ' and every call fails validation' : ''}: add it to the ` +
            `definition's properties${required ? ' and required list' : ''}, or generate the definition from the schema.`,
          expectedProperty,
          undefined,
        );
        continue;
      }
      if (required !== actualRequired.has(key)) {
        this.report(
          'required_mismatch',
          field,
          required
            ? `Property "${field}" is required by the schema but optional in the definition, so clients may leave it ` +
                "out and the call fails validation: add it to the definition's required list."
            : `Property "${field}" is optional in the schema (.optional() or .default()) but required in the ` +
                "definition: remove it from the definition's required list.",
          required ? 'required' : 'optional',
          required ? 'optional' : 'required',
        );
      }
      this.compareNode(expectedProperty, actualProperties[key] as SchemaValue, field);
    }

    for (const [key, actualProperty] of Object.entries(actualProperties)) {
      if (Object.hasOwn(expectedProperties, key)) continue;
      const field = propertyPath(path, key);
      if (isJsonObject(additional)) this.compareNode(additional, actualProperty, field);
      else if (additional !== true) {
        this.report(
          'extra_property',
          field,
          `Property "${field}" is advertised by the definition but the schema does not declare it, so a value sent ` +
            'for it is dropped or rejected: remove it from the definition, or add it to the schema.',
          undefined,
          actualProperty,
        );
      }
    }
    for (const key of actualRequired) {
      if (
        Object.hasOwn(actualProperties, key) ||
        Object.hasOwn(expectedProperties, key) ||
        additional !== false
      )
        continue;
      const field = propertyPath(path, key);
      this.report(
        'extra_property',
        field,
        `The definition lists "${field}" as required, but neither the definition nor the schema declares that ` +
          'property: remove it from the required list.',
        undefined,
        'required',
      );
    }

    this.compareAdditionalProperties(
      additional,
      typeof actual === 'boolean' ? true : actual['additionalProperties'],
      path,
    );
  }

  /** Record values and catch-alls: what the schema accepts under keys it does not list. */
  private compareAdditionalProperties(expected: unknown, actual: unknown, path: string): void {
    const field = recordValuesPath(path);
    if (isJsonObject(expected)) {
      const expectedTypes = typesOf(expected);
      if (isJsonObject(actual)) this.compareNode(expected, actual, field);
      else if (actual === false) {
        this.report(
          'structure_mismatch',
          field,
          `${this.subject(path)} accepts arbitrary keys in the schema (a record or catch-all), but the definition ` +
            'forbids additional properties: describe the values with "additionalProperties": <schema>.',
          expected,
          false,
        );
      } else if (expectedTypes !== undefined) {
        this.report(
          'structure_mismatch',
          field,
          `${this.subject(path)} accepts ${formatTypes(expectedTypes)} values under any key in the schema, but the ` +
            'definition does not say what the values are: describe them with "additionalProperties": <schema>.',
          expected,
          actual,
        );
      }
    } else if (expected === false && isJsonObject(actual) && typesOf(actual) !== undefined) {
      this.report(
        'structure_mismatch',
        field,
        `${this.subject(path)} accepts arbitrary keys in the definition ("additionalProperties": <schema>), but the ` +
          'schema only accepts the properties it lists: remove additionalProperties from the definition, or make the ' +
          'schema a z.record() / add a .catchall().',
        false,
        actual,
      );
    }
  }

  private compareArray(expected: SchemaValue, actual: SchemaValue, path: string): void {
    if (typeof expected === 'boolean' || typeof actual === 'boolean') return;
    const expectedTuple = expected['prefixItems'];
    const actualTuple = actual['prefixItems'];
    if (Array.isArray(expectedTuple) || Array.isArray(actualTuple)) {
      const expectedSlots = (Array.isArray(expectedTuple) ? expectedTuple : []) as SchemaValue[];
      const actualSlots = (Array.isArray(actualTuple) ? actualTuple : []) as SchemaValue[];
      if (expectedSlots.length !== actualSlots.length) {
        this.report(
          'structure_mismatch',
          path,
          `${this.subject(path)} is a tuple of ${expectedSlots.length} element(s) in the schema but has ` +
            `${actualSlots.length} in the definition's prefixItems: list one schema per tuple element.`,
          expectedSlots.length,
          actualSlots.length,
        );
      }
      expectedSlots.forEach((slot, index) => {
        const actualSlot = actualSlots[index];
        if (actualSlot !== undefined) this.compareNode(slot, actualSlot, tuplePath(path, index));
      });
    }

    const expectedItems = expected['items'];
    const actualItems = actual['items'];
    if (!isJsonObject(expectedItems) && typeof expectedItems !== 'boolean') return;
    const field = itemsPath(path);
    const expectedTypes = typesOf(expectedItems);
    if (isJsonObject(actualItems) || typeof actualItems === 'boolean') {
      this.compareNode(expectedItems, actualItems, field);
    } else if (expectedTypes !== undefined && !Array.isArray(expectedTuple)) {
      this.report(
        'structure_mismatch',
        field,
        `${this.subject(path)} has no "items" in the definition, so clients do not know what its elements look like; ` +
          `the schema expects ${formatTypes(expectedTypes)} elements: add "items".`,
        expectedItems,
        undefined,
      );
    }
  }

  private subject(path: string): string {
    return path === '' ? 'The parameters object' : `Field ${describePath(path)}`;
  }
}

/**
 * Compares a tool definition (what the client sees) with the definition generated from `schema` (what the tool
 * accepts). `success` is true when they agree on properties, required fields, JSON types, enum values and the
 * shape of nested objects, array items and record values; `errors` lists each disagreement with its field path.
 *
 * @throws ToolDefinitionError when `schema` is not a `z.object(...)`.
 */
export function validateSchemaDefinitionMatch(
  schema: AnyZodObject,
  definition: ToolInputSchema | JsonSchema,
): DefinitionMatchResult {
  const expected = generateDefinitionFromSchema(schema, {
    includeDescriptions: false,
    includeExamples: false,
  });
  const actual: SchemaValue = isJsonObject(definition)
    ? normalizeJsonSchema(definition, {
        includeDescriptions: false,
        includeExamples: false,
        strict: false,
        closeObjects: false,
      })
    : {};
  const comparison = new DefinitionComparison();
  comparison.compareRoot(expected, actual);
  return { success: comparison.errors.length === 0, errors: comparison.errors };
}
