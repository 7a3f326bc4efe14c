import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { ToolDefinitionError } from '../errors/index.ts';
import { validateSchemaDefinitionMatch } from './definition-validator.ts';
import { extractRequiredFields } from './extract-required-fields.ts';
import { generateDefinitionFromSchema } from './schema-to-definition.ts';
import type { AnyZodObject, DefinitionMismatch, JsonSchema } from './types.ts';

/** The mismatches without their prose, which is asserted separately where it matters. */
function kinds(result: { errors: DefinitionMismatch[] }): { type: string; field: string }[] {
  return result.errors.map(({ type, field }) => ({ type, field }));
}

describe('validateSchemaDefinitionMatch: the seed bug', () => {
  const handWritten = {
    type: 'object',
    properties: { queueId: { type: 'string', description: 'Queue to read' } },
    required: ['queueId'],
  };

  it.each([
    ['zod 4', z.object({ queueId: z.string(), fields: z.array(z.string()).min(1) })],
    ['zod 3', z3.object({ queueId: z3.string(), fields: z3.array(z3.string()).min(1) })],
  ] as const)(
    '%s: a required `fields` the definition never advertises is a missing_property',
    (_version, schema) => {
      const result = validateSchemaDefinitionMatch(schema, handWritten);
      expect(result.success).toBe(false);
      expect(result.errors).toEqual([
        {
          type: 'missing_property',
          field: 'fields',
          message:
            'Property "fields" is required by the schema but missing from the definition, so clients are never told ' +
            "about it and every call fails validation: add it to the definition's properties and required list, or " +
            'generate the definition from the schema.',
          expected: { type: 'array', items: { type: 'string' }, minItems: 1 },
          actual: undefined,
        },
      ]);
    },
  );

  it('reports the missing property once even when the definition lists it as required', () => {
    const schema = z.object({ queueId: z.string(), fields: z.array(z.string()).min(1) });
    const result = validateSchemaDefinitionMatch(schema, { ...handWritten, required: ['queueId', 'fields'] });
    expect(kinds(result)).toEqual([{ type: 'missing_property', field: 'fields' }]);
  });

  it('the fixed definition matches', () => {
    const schema = z.object({ queueId: z.string(), fields: z.array(z.string()).min(1) });
    const fixed = {
      ...handWritten,
      properties: { ...handWritten.properties, fields: { type: 'array', items: { type: 'string' } } },
      required: ['queueId', 'fields'],
    };
    expect(validateSchemaDefinitionMatch(schema, fixed)).toEqual({ success: true, errors: [] });
  });
});

describe('validateSchemaDefinitionMatch: one test per mismatch kind', () => {
  const schema = z.object({
    id: z.string(),
    limit: z.number().int().optional(),
    ratio: z.number().optional(),
    status: z.enum(['open', 'closed']).optional(),
    filter: z.object({ assignee: z.string(), mine: z.boolean().optional() }).optional(),
    tags: z.array(z.string()).optional(),
  });
  const matching: JsonSchema = generateDefinitionFromSchema(schema);
  const withProperty = (name: string, property: JsonSchema | undefined, required?: string[]) => {
    const properties = { ...(matching['properties'] as Record<string, JsonSchema>) };
    if (property === undefined) delete properties[name];
    else properties[name] = property;
    return { ...matching, properties, required: required ?? matching['required'] };
  };

  it('missing_property: an optional field the definition omits', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('status', undefined));
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'missing_property',
        field: 'status',
        expected: { type: 'string', enum: ['open', 'closed'] },
      }),
    ]);
    expect(result.errors[0]?.message).toBe(
      'Property "status" is accepted by the schema but missing from the definition, so clients are never told about ' +
        "it: add it to the definition's properties, or generate the definition from the schema.",
    );
  });

  it('extra_property: a field the schema does not declare (and so strips)', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('sort', { type: 'string' }));
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'extra_property',
        field: 'sort',
        expected: undefined,
        actual: { type: 'string' },
      }),
    ]);
    expect(result.errors[0]?.message).toMatch(/remove it from the definition, or add it to the schema\.$/);
  });

  it('extra_property: a required name that neither side declares', () => {
    const result = validateSchemaDefinitionMatch(schema, { ...matching, required: ['id', 'ghost'] });
    expect(kinds(result)).toEqual([{ type: 'extra_property', field: 'ghost' }]);
  });

  it('required_mismatch: required in the schema, optional in the definition', () => {
    const result = validateSchemaDefinitionMatch(schema, { ...matching, required: [] });
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'required_mismatch',
        field: 'id',
        expected: 'required',
        actual: 'optional',
      }),
    ]);
    expect(result.errors[0]?.message).toContain("add it to the definition's required list");
  });

  it('required_mismatch: optional in the schema, required in the definition', () => {
    const result = validateSchemaDefinitionMatch(schema, { ...matching, required: ['id', 'limit'] });
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'required_mismatch',
        field: 'limit',
        expected: 'optional',
        actual: 'required',
      }),
    ]);
  });

  it('type_mismatch: number vs string', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('id', { type: 'number' }));
    expect(result.errors).toEqual([
      {
        type: 'type_mismatch',
        field: 'id',
        message:
          'Field "id" accepts string in the schema but the definition advertises number: declare "type": "string".',
        expected: 'string',
        actual: 'number',
      },
    ]);
  });

  it('type_mismatch: a number where the schema only takes integers', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('limit', { type: 'number' }));
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'type_mismatch',
        field: 'limit',
        expected: 'integer',
        actual: 'number',
      }),
    ]);
    expect(result.errors[0]?.message).toContain('must be an integer according to the schema');
  });

  it('type_mismatch: an integer where the schema takes any number (narrower, still reported)', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('ratio', { type: 'integer' }));
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'type_mismatch',
        field: 'ratio',
        expected: 'number',
        actual: 'integer',
      }),
    ]);
    expect(result.errors[0]?.message).toContain('narrows it to integers');
  });

  it('type_mismatch: a property without any type', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('id', { description: 'The id' }));
    expect(result.errors).toEqual([
      expect.objectContaining({ type: 'type_mismatch', field: 'id', expected: 'string' }),
    ]);
  });

  it('type_mismatch: the schema is nullable, the definition is not', () => {
    const nullable = z.object({ assignee: z.string().nullable() });
    const result = validateSchemaDefinitionMatch(nullable, {
      type: 'object',
      properties: { assignee: { type: 'string' } },
      required: ['assignee'],
    });
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'type_mismatch',
        field: 'assignee',
        expected: ['string', 'null'],
        actual: 'string',
      }),
    ]);
    expect(result.errors[0]?.message).toContain('(the schema is .nullable())');
  });

  it('structure_mismatch: object vs array', () => {
    const result = validateSchemaDefinitionMatch(
      schema,
      withProperty('filter', { type: 'array', items: { type: 'string' } }),
    );
    expect(kinds(result)).toEqual([{ type: 'structure_mismatch', field: 'filter' }]);
    expect(result.errors[0]).toMatchObject({ expected: 'object', actual: 'array' });
  });

  it('structure_mismatch: different enum values', () => {
    const result = validateSchemaDefinitionMatch(
      schema,
      withProperty('status', { type: 'string', enum: ['open', 'done'] }),
    );
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'structure_mismatch',
        field: 'status',
        expected: ['open', 'closed'],
        actual: ['open', 'done'],
      }),
    ]);
  });

  it('structure_mismatch: the definition drops the enum', () => {
    const result = validateSchemaDefinitionMatch(schema, withProperty('status', { type: 'string' }));
    expect(kinds(result)).toEqual([{ type: 'structure_mismatch', field: 'status' }]);
    expect(result.errors[0]?.message).toContain('add "enum": ["open","closed"]');
  });

  it('enum order does not matter', () => {
    const result = validateSchemaDefinitionMatch(
      schema,
      withProperty('status', { type: 'string', enum: ['closed', 'open'] }),
    );
    expect(result.success).toBe(true);
  });

  it('structure_mismatch: a root that is not an object', () => {
    const result = validateSchemaDefinitionMatch(schema, { type: 'array', items: { type: 'string' } });
    expect(result.errors).toEqual([
      expect.objectContaining({ type: 'structure_mismatch', field: '', expected: 'object', actual: 'array' }),
    ]);
  });
});

describe('validateSchemaDefinitionMatch: nested objects, array items, records, unions', () => {
  it.each([
    [
      'zod 4',
      z.object({
        filter: z.object({ assignee: z.string(), labels: z.array(z.string()).optional() }),
        items: z.array(z.object({ id: z.string(), qty: z.number().int() })),
      }),
    ],
    [
      'zod 3',
      z3.object({
        filter: z3.object({ assignee: z3.string(), labels: z3.array(z3.string()).optional() }),
        items: z3.array(z3.object({ id: z3.string(), qty: z3.number().int() })),
      }),
    ],
  ] as const)('%s: reports paths like filter.assignee and items[].id', (_version, schema) => {
    const result = validateSchemaDefinitionMatch(schema, {
      type: 'object',
      properties: {
        filter: {
          type: 'object',
          properties: { labels: { type: 'array', items: { type: 'number' } }, me: { type: 'boolean' } },
        },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { id: { type: 'integer' }, qty: { type: 'integer' } },
            required: ['qty'],
          },
        },
      },
      required: ['filter', 'items'],
    });
    expect(kinds(result)).toEqual([
      { type: 'missing_property', field: 'filter.assignee' },
      { type: 'type_mismatch', field: 'filter.labels[]' },
      { type: 'extra_property', field: 'filter.me' },
      { type: 'required_mismatch', field: 'items[].id' },
      { type: 'type_mismatch', field: 'items[].id' },
    ]);
  });

  it('structure_mismatch: an array whose items the definition does not describe', () => {
    const result = validateSchemaDefinitionMatch(z.object({ tags: z.array(z.string()) }), {
      type: 'object',
      properties: { tags: { type: 'array' } },
      required: ['tags'],
    });
    expect(result.errors).toEqual([
      expect.objectContaining({ type: 'structure_mismatch', field: 'tags[]', expected: { type: 'string' } }),
    ]);
  });

  it('structure_mismatch: array items of a different shape', () => {
    const result = validateSchemaDefinitionMatch(z.object({ rows: z.array(z.array(z.number())) }), {
      type: 'object',
      properties: { rows: { type: 'array', items: { type: 'object', properties: {} } } },
      required: ['rows'],
    });
    expect(kinds(result)).toEqual([{ type: 'structure_mismatch', field: 'rows[]' }]);
  });

  it('tuple slots are compared under path[n]', () => {
    const schema = z3.object({ point: z3.tuple([z3.string(), z3.number()]) });
    const definition = (second: JsonSchema) => ({
      type: 'object',
      properties: { point: { type: 'array', prefixItems: [{ type: 'string' }, second], items: false } },
      required: ['point'],
    });
    expect(validateSchemaDefinitionMatch(schema, definition({ type: 'number' })).success).toBe(true);
    expect(kinds(validateSchemaDefinitionMatch(schema, definition({ type: 'string' })))).toEqual([
      { type: 'type_mismatch', field: 'point[1]' },
    ]);
  });

  it('record values are compared under path.*', () => {
    const schema = z.object({ labels: z.record(z.string(), z.number()) });
    const good = {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'number' } } },
      required: ['labels'],
    };
    const bad = {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['labels'],
    };
    const closed = {
      type: 'object',
      properties: { labels: { type: 'object', additionalProperties: false } },
      required: ['labels'],
    };
    expect(validateSchemaDefinitionMatch(schema, good).success).toBe(true);
    expect(kinds(validateSchemaDefinitionMatch(schema, bad))).toEqual([
      { type: 'type_mismatch', field: 'labels.*' },
    ]);
    expect(kinds(validateSchemaDefinitionMatch(schema, closed))).toEqual([
      { type: 'structure_mismatch', field: 'labels.*' },
    ]);
  });

  it('a catch-all or passthrough object accepts extra properties', () => {
    const loose = z.looseObject({ id: z.string() });
    const catchall = z.object({ id: z.string() }).catchall(z.number());
    const definition = (extra: JsonSchema) => ({
      type: 'object',
      properties: { id: { type: 'string' }, extra },
      required: ['id'],
    });
    expect(validateSchemaDefinitionMatch(loose, definition({ type: 'string' })).success).toBe(true);
    expect(
      validateSchemaDefinitionMatch(catchall, {
        ...definition({ type: 'number' }),
        additionalProperties: { type: 'number' },
      }).success,
    ).toBe(true);
    expect(
      kinds(
        validateSchemaDefinitionMatch(catchall, {
          ...definition({ type: 'string' }),
          additionalProperties: { type: 'number' },
        }),
      ),
    ).toEqual([{ type: 'type_mismatch', field: 'extra' }]);
  });

  const target4 = z.object({
    target: z.discriminatedUnion('by', [
      z.object({ by: z.literal('id'), id: z.string() }),
      z.object({ by: z.literal('key'), key: z.string() }),
    ]),
  });

  it('discriminated union branches pair up by discriminator, in any order', () => {
    const reordered = {
      type: 'object',
      properties: {
        target: {
          oneOf: [
            {
              type: 'object',
              properties: { by: { const: 'key' }, key: { type: 'string' } },
              required: ['by', 'key'],
            },
            {
              type: 'object',
              properties: { by: { const: 'id' }, id: { type: 'string' } },
              required: ['by', 'id'],
            },
          ],
        },
      },
      required: ['target'],
    };
    expect(validateSchemaDefinitionMatch(target4, reordered)).toEqual({ success: true, errors: [] });
  });

  it('a union branch the definition lacks, and a property mismatch inside a branch', () => {
    const result = validateSchemaDefinitionMatch(target4, {
      type: 'object',
      properties: {
        target: {
          anyOf: [
            {
              type: 'object',
              properties: { by: { type: 'string', const: 'id' }, id: { type: 'number' } },
              required: ['by', 'id'],
            },
          ],
        },
      },
      required: ['target'],
    });
    expect(kinds(result)).toEqual([
      { type: 'structure_mismatch', field: 'target' },
      { type: 'type_mismatch', field: 'target.id' },
    ]);
  });

  it('a union the definition widens with a type the schema rejects', () => {
    const result = validateSchemaDefinitionMatch(z.object({ ref: z.union([z.string(), z.number()]) }), {
      type: 'object',
      properties: { ref: { type: ['string', 'number', 'boolean'] } },
      required: ['ref'],
    });
    expect(result.errors).toEqual([
      expect.objectContaining({
        type: 'type_mismatch',
        field: 'ref',
        expected: ['string', 'number'],
        actual: ['string', 'number', 'boolean'],
      }),
    ]);
  });
});

describe('validateSchemaDefinitionMatch: what is not a mismatch', () => {
  const schema = z.object({
    query: z
      .string()
      .min(1)
      .describe('Search text')
      .meta({ examples: ['bug'] }),
    assignee: z.string().nullable(),
    limit: z.number().int().min(1).max(100).default(25),
    kind: z.union([z.literal('bug'), z.literal('task')]),
  });

  it('descriptions, examples, defaults, bounds and $schema differ freely', () => {
    const result = validateSchemaDefinitionMatch(schema, {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      description: 'Completely different prose',
      properties: {
        query: { type: 'string', description: 'Other words', examples: ['other'] },
        assignee: { type: ['string', 'null'] },
        limit: { type: 'integer', default: 10, maximum: 5 },
        kind: { enum: ['task', 'bug'] },
      },
      required: ['query', 'assignee', 'kind'],
    });
    expect(result).toEqual({ success: true, errors: [] });
  });

  it('hand-written $defs/$ref are resolved before comparing', () => {
    const result = validateSchemaDefinitionMatch(
      z.object({ a: z.object({ x: z.string() }), b: z.object({ x: z.string() }) }),
      {
        type: 'object',
        $defs: { X: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] } },
        properties: { a: { $ref: '#/$defs/X' }, b: { $ref: '#/$defs/X' } },
        required: ['a', 'b'],
      },
    );
    expect(result.success).toBe(true);
  });

  it('a field the schema accepts as anything matches any definition', () => {
    const result = validateSchemaDefinitionMatch(z.object({ payload: z.unknown() }), {
      type: 'object',
      properties: { payload: { type: 'object', properties: { deep: { type: 'string' } } } },
      required: ['payload'],
    });
    expect(result.success).toBe(true);
  });

  it('throws a ToolDefinitionError for a non-object schema', () => {
    expect(() =>
      validateSchemaDefinitionMatch(z.string() as unknown as AnyZodObject, {
        type: 'object',
        properties: {},
      }),
    ).toThrow(ToolDefinitionError);
  });
});

// ---------------------------------------------------------------------------------------------------------
// A generated definition always matches its own schema: schemas are built from random recipes in both zod
// versions, which must also generate the same definition.

type Recipe =
  | { kind: 'string' | 'email' | 'uuid' | 'datetime' | 'number' | 'integer' | 'boolean' | 'unknown' }
  | { kind: 'bounded'; min: number; max: number }
  | { kind: 'enum'; values: [string, ...string[]] }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'array'; item: Recipe; min: number | undefined }
  | { kind: 'record'; value: Recipe }
  | { kind: 'union'; options: [Recipe, Recipe] }
  | { kind: 'nullable'; inner: Recipe }
  | { kind: 'object'; fields: Field[] };
interface Field {
  name: string;
  recipe: Recipe;
  modifier: 'required' | 'optional' | 'default' | 'described';
}

function sample(recipe: Recipe): unknown {
  switch (recipe.kind) {
    case 'string':
      return 'text';
    case 'email':
      return 'a@example.com';
    case 'uuid':
      return '123e4567-e89b-42d3-a456-426614174000';
    case 'datetime':
      return '2024-05-01T10:00:00Z';
    case 'number':
    case 'integer':
      return 1;
    case 'bounded':
      return recipe.min;
    case 'boolean':
      return false;
    case 'unknown':
    case 'nullable':
      return null;
    case 'enum':
      return recipe.values[0];
    case 'literal':
      return recipe.value;
    case 'array':
      return Array.from({ length: recipe.min ?? 0 }, () => sample(recipe.item));
    case 'record':
      return {};
    case 'union':
      return sample(recipe.options[0]);
    case 'object':
      return Object.fromEntries(recipe.fields.map((field) => [field.name, sample(field.recipe)]));
  }
}

function build4(recipe: Recipe): z.ZodType {
  switch (recipe.kind) {
    case 'string':
      return z.string();
    case 'email':
      return z.email();
    case 'uuid':
      return z.uuid();
    case 'datetime':
      return z.iso.datetime();
    case 'number':
      return z.number();
    case 'integer':
      return z.number().int();
    case 'bounded':
      return z.number().min(recipe.min).max(recipe.max);
    case 'boolean':
      return z.boolean();
    case 'unknown':
      return z.unknown();
    case 'enum':
      return z.enum(recipe.values);
    case 'literal':
      return z.literal(recipe.value);
    case 'array':
      return recipe.min === undefined
        ? z.array(build4(recipe.item))
        : z.array(build4(recipe.item)).min(recipe.min);
    case 'record':
      return z.record(z.string(), build4(recipe.value));
    case 'union':
      return z.union([build4(recipe.options[0]), build4(recipe.options[1])]);
    case 'nullable':
      return build4(recipe.inner).nullable();
    case 'object': {
      const shape: Record<string, z.ZodType> = {};
      for (const { name, recipe: fieldRecipe, modifier } of recipe.fields) {
        const field = build4(fieldRecipe);
        shape[name] =
          modifier === 'optional'
            ? field.optional()
            : modifier === 'default'
              ? field.default(sample(fieldRecipe) as never)
              : modifier === 'described'
                ? field.describe(`The ${name}`)
                : field;
      }
      return z.object(shape);
    }
  }
}

function build3(recipe: Recipe): z3.ZodTypeAny {
  switch (recipe.kind) {
    case 'string':
      return z3.string();
    case 'email':
      return z3.string().email();
    case 'uuid':
      return z3.string().uuid();
    case 'datetime':
      return z3.string().datetime();
    case 'number':
      return z3.number();
    case 'integer':
      return z3.number().int();
    case 'bounded':
      return z3.number().min(recipe.min).max(recipe.max);
    case 'boolean':
      return z3.boolean();
    case 'unknown':
      return z3.unknown();
    case 'enum':
      return z3.enum(recipe.values);
    case 'literal':
      return z3.literal(recipe.value);
    case 'array':
      return recipe.min === undefined
        ? z3.array(build3(recipe.item))
        : z3.array(build3(recipe.item)).min(recipe.min);
    case 'record':
      return z3.record(z3.string(), build3(recipe.value));
    case 'union':
      return z3.union([build3(recipe.options[0]), build3(recipe.options[1])]);
    case 'nullable':
      return build3(recipe.inner).nullable();
    case 'object': {
      const shape: Record<string, z3.ZodTypeAny> = {};
      for (const { name, recipe: fieldRecipe, modifier } of recipe.fields) {
        const field = build3(fieldRecipe);
        shape[name] =
          modifier === 'optional'
            ? field.optional()
            : modifier === 'default'
              ? field.default(sample(fieldRecipe))
              : modifier === 'described'
                ? field.describe(`The ${name}`)
                : field;
      }
      return z3.object(shape);
    }
  }
}

/**
 * Random object recipes. `z.unknown()` is optional: a field that accepts `undefined` is optional in zod 3 but
 * required in zod 4, so the versions legitimately disagree on `required` for it.
 */
function objectRecipes({ withUnknown }: { withUnknown: boolean }): fc.Arbitrary<Recipe> {
  const simple: Recipe[] = [
    { kind: 'string' },
    { kind: 'email' },
    { kind: 'uuid' },
    { kind: 'datetime' },
    { kind: 'number' },
    { kind: 'integer' },
    { kind: 'boolean' },
  ];
  const leaf: fc.Arbitrary<Recipe> = fc.oneof(
    fc.constantFrom<Recipe>(...simple, ...(withUnknown ? [{ kind: 'unknown' } as const] : [])),
    fc
      .tuple(fc.integer({ min: -100, max: 100 }), fc.nat(100))
      .map(([min, span]): Recipe => ({ kind: 'bounded', min, max: min + span })),
    fc
      .uniqueArray(fc.stringMatching(/^[a-z_]{1,8}$/), { minLength: 1, maxLength: 4 })
      .map((values): Recipe => ({ kind: 'enum', values: values as [string, ...string[]] })),
    fc
      .oneof(fc.stringMatching(/^[a-z]{1,6}$/), fc.integer(), fc.boolean())
      .map((value): Recipe => ({ kind: 'literal', value })),
  );
  const fieldName = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,7}$/);
  return fc.letrec<{ recipe: Recipe; object: Recipe }>((tie) => ({
    recipe: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('object'),
      fc.record({
        kind: fc.constant('array' as const),
        item: tie('recipe'),
        min: fc.option(fc.nat(3), { nil: undefined }),
      }),
      fc.record({ kind: fc.constant('record' as const), value: tie('recipe') }),
      fc.record({ kind: fc.constant('union' as const), options: fc.tuple(tie('recipe'), tie('recipe')) }),
      fc.record({ kind: fc.constant('nullable' as const), inner: tie('recipe') }),
    ),
    object: fc.record({
      kind: fc.constant('object' as const),
      fields: fc.uniqueArray(
        fc.record({
          name: fieldName,
          recipe: tie('recipe'),
          modifier: fc.constantFrom(
            'required' as const,
            'optional' as const,
            'default' as const,
            'described' as const,
          ),
        }),
        { selector: (field) => field.name, maxLength: 5 },
      ),
    }),
  })).object;
}

describe('validateSchemaDefinitionMatch: a generated definition always matches its own schema', () => {
  it('for random schemas, in zod 4 and zod 3, with required equal to extractRequiredFields', () => {
    fc.assert(
      fc.property(objectRecipes({ withUnknown: true }), (recipe) => {
        for (const schema of [build4(recipe) as z.ZodObject, build3(recipe) as z3.AnyZodObject]) {
          const definition = generateDefinitionFromSchema(schema);
          expect(validateSchemaDefinitionMatch(schema, definition)).toEqual({ success: true, errors: [] });
          expect(extractRequiredFields(schema)).toEqual(definition.required ?? []);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('zod 4 and zod 3 generate the same definition for the same random schema', () => {
    fc.assert(
      fc.property(objectRecipes({ withUnknown: false }), (recipe) => {
        const fromZod4 = generateDefinitionFromSchema(build4(recipe) as z.ZodObject);
        expect(generateDefinitionFromSchema(build3(recipe) as z3.AnyZodObject)).toEqual(fromZod4);
      }),
      { numRuns: 300 },
    );
  });

  it('and removing any property from it is reported as exactly that missing_property', () => {
    const nonEmpty = objectRecipes({ withUnknown: true }).filter(
      (recipe) => recipe.kind === 'object' && recipe.fields.length > 0,
    );
    fc.assert(
      fc.property(nonEmpty, fc.nat(), fc.boolean(), (recipe, pick, useZod3) => {
        const schema: AnyZodObject = useZod3
          ? (build3(recipe) as z3.AnyZodObject)
          : (build4(recipe) as z.ZodObject);
        const definition = generateDefinitionFromSchema(schema);
        const names = Object.keys(definition.properties);
        const removed = names[pick % names.length] as string;
        const { [removed]: _removed, ...properties } = definition.properties;
        const result = validateSchemaDefinitionMatch(schema, { ...definition, properties });
        expect(kinds(result)).toEqual([{ type: 'missing_property', field: removed }]);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    [
      'zod 4',
      z.object({
        query: z.string().min(1).describe('q'),
        filter: z
          .object({
            status: z.enum(['open', 'closed']).nullable(),
            assignee: z.email().optional(),
            range: z.object({ from: z.iso.datetime(), to: z.iso.datetime().optional() }).optional(),
          })
          .optional(),
        order: z.union([z.literal('asc'), z.literal('desc')]).default('desc'),
        target: z.discriminatedUnion('by', [
          z.object({ by: z.literal('id'), id: z.uuid() }),
          z.object({ by: z.literal('key'), key: z.string().regex(/^[A-Z]+-\d+$/) }),
        ]),
        fields: z.array(z.enum(['summary', 'status'])).min(1),
        labels: z.record(z.string().min(1), z.array(z.string())).optional(),
        extra: z.looseObject({ note: z.string() }).optional(),
        both: z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })).optional(),
        when: z.date().optional(),
      }),
    ],
    [
      'zod 3',
      z3.object({
        query: z3.string().min(1).describe('q'),
        filter: z3
          .object({
            status: z3.enum(['open', 'closed']).nullable(),
            assignee: z3.string().email().optional(),
            range: z3
              .object({ from: z3.string().datetime(), to: z3.string().datetime().optional() })
              .optional(),
          })
          .optional(),
        order: z3.union([z3.literal('asc'), z3.literal('desc')]).default('desc'),
        target: z3.discriminatedUnion('by', [
          z3.object({ by: z3.literal('id'), id: z3.string().uuid() }),
          z3.object({ by: z3.literal('key'), key: z3.string().regex(/^[A-Z]+-\d+$/) }),
        ]),
        fields: z3.array(z3.enum(['summary', 'status'])).min(1),
        labels: z3.record(z3.string().min(1), z3.array(z3.string())).optional(),
        extra: z3.object({ note: z3.string() }).passthrough().optional(),
        both: z3.intersection(z3.object({ a: z3.string() }), z3.object({ b: z3.number() })).optional(),
        when: z3.date().optional(),
      }),
    ],
  ] as const)('%s: for a schema using every construct', (_version, schema) => {
    expect(validateSchemaDefinitionMatch(schema, generateDefinitionFromSchema(schema))).toEqual({
      success: true,
      errors: [],
    });
  });
});

describe('a described union inside a nullable', () => {
  it('generates one flat union with null, and the definition matches the schema', () => {
    const schema = z.object({ a: z.union([z.number(), z.string()]).describe('x').nullable().optional() });
    const definition = generateDefinitionFromSchema(schema);
    expect(definition.properties['a']).toEqual({
      description: 'x',
      anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'null' }],
    });
    expect(validateSchemaDefinitionMatch(schema, definition)).toEqual({ success: true, errors: [] });
  });
});
