import { describe, expect, it, jest } from '@jest/globals';
import { specTypeSchemas } from '@modelcontextprotocol/server';

/** The MCP SDK's own wire schema for a Tool (zod underneath, through Standard Schema). */
const validateTool = (tool: unknown) => {
  const result = specTypeSchemas.Tool['~standard'].validate(tool) as {
    value?: { inputSchema?: unknown };
    issues?: readonly unknown[];
  };
  return { success: result.issues === undefined, data: result.value };
};
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { ToolDefinitionError } from '../errors/index.ts';
import { generateDefinitionFromSchema } from './schema-to-definition.ts';
import type { AnyZodObject, AnyZodSchema, JsonSchema } from './types.ts';

/** Every key that appears anywhere in a JSON value, at any depth. */
function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) allKeys(item, keys);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      keys.add(key);
      allKeys(child, keys);
    }
  }
  return keys;
}

function propertyOf(schema: AnyZodObject, key = 'field'): JsonSchema | undefined {
  return generateDefinitionFromSchema(schema).properties[key];
}

function thrownBy(run: () => unknown): ToolDefinitionError {
  try {
    run();
  } catch (error) {
    if (ToolDefinitionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolDefinitionError, nothing was thrown');
}

// The same field written in zod 4 and in zod 3 must produce the same JSON Schema.
const constructs: [name: string, zod4: AnyZodSchema, zod3: AnyZodSchema, expected: JsonSchema][] = [
  [
    'string with min/max length and a regex',
    z
      .string()
      .min(2)
      .max(20)
      .regex(/^[A-Z]+-\d+$/),
    z3
      .string()
      .min(2)
      .max(20)
      .regex(/^[A-Z]+-\d+$/),
    { type: 'string', pattern: '^[A-Z]+-\\d+$', minLength: 2, maxLength: 20 },
  ],
  ['email format', z.email(), z3.string().email(), { type: 'string', format: 'email' }],
  [
    'email format (zod 4 method form)',
    z.string().email(),
    z3.string().email(),
    { type: 'string', format: 'email' },
  ],
  ['url format', z.url(), z3.string().url(), { type: 'string', format: 'uri' }],
  ['uuid format', z.uuid(), z3.string().uuid(), { type: 'string', format: 'uuid' }],
  ['datetime format', z.iso.datetime(), z3.string().datetime(), { type: 'string', format: 'date-time' }],
  [
    'number with inclusive bounds',
    z.number().min(0).max(100),
    z3.number().min(0).max(100),
    { type: 'number', minimum: 0, maximum: 100 },
  ],
  [
    'integer with exclusive bounds',
    z.number().int().gt(0).lt(50),
    z3.number().int().gt(0).lt(50),
    { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 50 },
  ],
  ['integer without bounds (no ±2^53 noise)', z.int(), z3.number().int(), { type: 'integer' }],
  ['boolean', z.boolean(), z3.boolean(), { type: 'boolean' }],
  [
    'enum',
    z.enum(['open', 'closed', 'all']),
    z3.enum(['open', 'closed', 'all']),
    { type: 'string', enum: ['open', 'closed', 'all'] },
  ],
  ['string literal', z.literal('issue'), z3.literal('issue'), { type: 'string', const: 'issue' }],
  ['number literal', z.literal(3), z3.literal(3), { type: 'number', const: 3 }],
  ['boolean literal', z.literal(true), z3.literal(true), { type: 'boolean', const: true }],
  ['null literal', z.literal(null), z3.literal(null), { type: 'null', const: null }],
  [
    'union of primitives',
    z.union([z.string(), z.number()]),
    z3.union([z3.string(), z3.number()]),
    { anyOf: [{ type: 'string' }, { type: 'number' }] },
  ],
  [
    'union with constraints',
    z.union([z.string().min(1), z.array(z.string())]),
    z3.union([z3.string().min(1), z3.array(z3.string())]),
    {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', items: { type: 'string' } },
      ],
    },
  ],
  [
    'union of literals',
    z.union([z.literal('asc'), z.literal('desc')]),
    z3.union([z3.literal('asc'), z3.literal('desc')]),
    { type: 'string', enum: ['asc', 'desc'] },
  ],
  [
    'discriminated union',
    z.discriminatedUnion('by', [
      z.object({ by: z.literal('id'), id: z.string() }),
      z.object({ by: z.literal('key'), key: z.string(), project: z.string().optional() }),
    ]),
    z3.discriminatedUnion('by', [
      z3.object({ by: z3.literal('id'), id: z3.string() }),
      z3.object({ by: z3.literal('key'), key: z3.string(), project: z3.string().optional() }),
    ]),
    {
      anyOf: [
        {
          type: 'object',
          properties: { by: { type: 'string', const: 'id' }, id: { type: 'string' } },
          required: ['by', 'id'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            by: { type: 'string', const: 'key' },
            key: { type: 'string' },
            project: { type: 'string' },
          },
          required: ['by', 'key'],
          additionalProperties: false,
        },
      ],
    },
  ],
  [
    'nullable primitive',
    z.string().nullable(),
    z3.string().nullable(),
    { anyOf: [{ type: 'string' }, { type: 'null' }] },
  ],
  [
    'nullable with constraints',
    z.number().min(1).nullable(),
    z3.number().min(1).nullable(),
    { anyOf: [{ type: 'number', minimum: 1 }, { type: 'null' }] },
  ],
  [
    'nullable enum',
    z.enum(['a', 'b']).nullable(),
    z3.enum(['a', 'b']).nullable(),
    { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
  ],
  [
    'nullable object',
    z.object({ id: z.string() }).nullable(),
    z3.object({ id: z3.string() }).nullable(),
    {
      anyOf: [
        {
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        },
        { type: 'null' },
      ],
    },
  ],
  [
    'nullable union',
    z.union([z.string(), z.number()]).nullable(),
    z3.union([z3.string(), z3.number()]).nullable(),
    { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
  ],
  [
    'description inside a nullable moves beside the anyOf',
    z.string().describe('Assignee login').nullable(),
    z3.string().describe('Assignee login').nullable(),
    { description: 'Assignee login', anyOf: [{ type: 'string' }, { type: 'null' }] },
  ],
  [
    'description outside a nullable',
    z.string().min(1).nullable().describe('Assignee login'),
    z3.string().min(1).nullable().describe('Assignee login'),
    { description: 'Assignee login', anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] },
  ],
  ['nullish', z.string().nullish(), z3.string().nullish(), { anyOf: [{ type: 'string' }, { type: 'null' }] }],
  ['optional', z.string().optional(), z3.string().optional(), { type: 'string' }],
  ['default', z.number().int().default(25), z3.number().int().default(25), { type: 'integer', default: 25 }],
  [
    'default of a nullable',
    z.string().nullable().default(null),
    z3.string().nullable().default(null),
    { anyOf: [{ type: 'string' }, { type: 'null' }], default: null },
  ],
  [
    'nested object with its own required and additionalProperties',
    z.object({ assignee: z.string(), labels: z.array(z.string()).optional() }),
    z3.object({ assignee: z3.string(), labels: z3.array(z3.string()).optional() }),
    {
      type: 'object',
      properties: { assignee: { type: 'string' }, labels: { type: 'array', items: { type: 'string' } } },
      required: ['assignee'],
      additionalProperties: false,
    },
  ],
  [
    'strict object',
    z.strictObject({ a: z.string() }),
    z3.object({ a: z3.string() }).strict(),
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: false },
  ],
  [
    'loose (passthrough) object',
    z.looseObject({ a: z.string() }),
    z3.object({ a: z3.string() }).passthrough(),
    { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], additionalProperties: true },
  ],
  [
    'object with a catchall',
    z.object({ a: z.string() }).catchall(z.number()),
    z3.object({ a: z3.string() }).catchall(z3.number()),
    {
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: { type: 'number' },
    },
  ],
  [
    'intersection of objects',
    z.intersection(z.object({ a: z.string() }), z.object({ b: z.number() })),
    z3.intersection(z3.object({ a: z3.string() }), z3.object({ b: z3.number() })),
    {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
  ],
  [
    'array with min/max items',
    z.array(z.string()).min(1).max(10),
    z3.array(z3.string()).min(1).max(10),
    { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 },
  ],
  [
    'array of optional items',
    z.array(z.string().optional()),
    z3.array(z3.string().optional()),
    { type: 'array', items: { type: 'string' } },
  ],
  [
    'array of objects',
    z.array(z.object({ id: z.string(), qty: z.number().int().min(1) })),
    z3.array(z3.object({ id: z3.string(), qty: z3.number().int().min(1) })),
    {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
        required: ['id', 'qty'],
        additionalProperties: false,
      },
    },
  ],
  [
    'tuple',
    z.tuple([z.string(), z.number()]),
    z3.tuple([z3.string(), z3.number()]),
    {
      type: 'array',
      items: false,
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      minItems: 2,
      maxItems: 2,
    },
  ],
  [
    'record with unconstrained keys',
    z.record(z.string(), z.number()),
    z3.record(z3.string(), z3.number()),
    { type: 'object', additionalProperties: { type: 'number' } },
  ],
  [
    'record with constrained keys',
    z.record(z.string().regex(/^[a-z]+$/), z.string()),
    z3.record(z3.string().regex(/^[a-z]+$/), z3.string()),
    {
      type: 'object',
      additionalProperties: { type: 'string' },
      propertyNames: { type: 'string', pattern: '^[a-z]+$' },
    },
  ],
  [
    'record of unknown values',
    z.record(z.string(), z.unknown()),
    z3.record(z3.string(), z3.unknown()),
    { type: 'object', additionalProperties: true },
  ],
  [
    '.describe() on a constrained field',
    z.string().min(3).describe('Full-text query'),
    z3.string().min(3).describe('Full-text query'),
    { type: 'string', description: 'Full-text query', minLength: 3 },
  ],
  [
    'descriptions on array items',
    z.array(z.string().describe('A label')).describe('Labels to match'),
    z3.array(z3.string().describe('A label')).describe('Labels to match'),
    { type: 'array', description: 'Labels to match', items: { type: 'string', description: 'A label' } },
  ],
  [
    'transform: the input side is advertised',
    z.string().transform((value) => value.split(',')),
    z3.string().transform((value) => value.split(',')),
    { type: 'string' },
  ],
  [
    'pipe: the input side is advertised',
    z.string().pipe(z.coerce.number()),
    z3.string().pipe(z3.coerce.number()),
    { type: 'string' },
  ],
  [
    'refinement on a typed field',
    z.string().refine((value) => value.includes('-')),
    z3.string().refine((value) => value.includes('-')),
    { type: 'string' },
  ],
  ['unknown', z.unknown(), z3.unknown(), {}],
];

describe('generateDefinitionFromSchema: constructs (zod 4 and zod 3 agree)', () => {
  it.each(constructs)('%s', (_name, zod4, zod3, expected) => {
    const fromZod4 = propertyOf(z.object({ field: zod4 as z.ZodType }));
    const fromZod3 = propertyOf(z3.object({ field: zod3 as z3.ZodTypeAny }));
    expect(fromZod4).toEqual(expected);
    expect(fromZod3).toEqual(expected);
  });

  it('emits keys in the same order for both versions', () => {
    const fromZod4 = generateDefinitionFromSchema(
      z.object({ limit: z.number().int().min(1).max(100).default(25).describe('Page size') }),
    );
    const fromZod3 = generateDefinitionFromSchema(
      z3.object({ limit: z3.number().int().min(1).max(100).default(25).describe('Page size') }),
    );
    expect(JSON.stringify(fromZod4)).toBe(JSON.stringify(fromZod3));
    expect(Object.keys(fromZod4.properties['limit'] ?? {})).toEqual([
      'type',
      'description',
      'minimum',
      'maximum',
      'default',
    ]);
  });
});

describe('generateDefinitionFromSchema: the root and required fields', () => {
  it.each([
    [
      'zod 4',
      z.object({
        a: z.string(),
        b: z.string().optional(),
        c: z.number().default(10),
        d: z.string().nullable(),
        e: z.string().nullish(),
      }),
    ],
    [
      'zod 3',
      z3.object({
        a: z3.string(),
        b: z3.string().optional(),
        c: z3.number().default(10),
        d: z3.string().nullable(),
        e: z3.string().nullish(),
      }),
    ],
  ] as const)('%s: optional and defaulted fields are not required; nullable ones are', (_version, schema) => {
    const definition = generateDefinitionFromSchema(schema);
    expect(definition.type).toBe('object');
    expect(definition.required).toEqual(['a', 'd']);
    expect(definition.additionalProperties).toBe(false);
    expect(definition.properties['c']).toEqual({ type: 'number', default: 10 });
  });

  it.each([
    ['zod 4', z.object({ page: z.number().optional() })],
    ['zod 3', z3.object({ page: z3.number().optional() })],
  ] as const)('%s: omits required when nothing is required', (_version, schema) => {
    expect(generateDefinitionFromSchema(schema)).toEqual({
      type: 'object',
      properties: { page: { type: 'number' } },
      additionalProperties: false,
    });
  });

  it.each([
    ['zod 4', z.object({ q: z.string() }).describe('Search issues')],
    ['zod 3', z3.object({ q: z3.string() }).describe('Search issues')],
  ] as const)('%s: keeps a description on the root object', (_version, schema) => {
    expect(generateDefinitionFromSchema(schema).description).toBe('Search issues');
  });

  it.each([
    ['z.string()', z.string(), 'z.string()'],
    ['z.array(...)', z.array(z.string()), 'z.array()'],
    ['a union of objects', z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]), 'z.union()'],
    ['zod 3 z.string()', z3.string(), 'z.string()'],
    [
      'zod 3 discriminated union',
      z3.discriminatedUnion('k', [z3.object({ k: z3.literal('a') })]),
      'z.union()',
    ],
  ] as const)('rejects a non-object root: %s', (_name, schema, kind) => {
    const error = thrownBy(() => generateDefinitionFromSchema(schema as unknown as AnyZodObject));
    expect(error.message).toBe(
      `Tool parameters must be a z.object(...); got ${kind}. Wrap the parameters in z.object({ ... }).`,
    );
  });

  it('rejects a value that is not a Zod schema and names the tool', () => {
    const error = thrownBy(() =>
      generateDefinitionFromSchema({ type: 'object' } as unknown as AnyZodObject, {
        toolName: 'find_issues',
      }),
    );
    expect(error.message).toBe(
      'Tool "find_issues": Tool parameters must be a z.object(...); got object, which is not a Zod schema. Wrap the parameters in z.object({ ... }).',
    );
    expect(error.toolName).toBe('find_issues');
  });
});

describe('generateDefinitionFromSchema: options', () => {
  const zod4WithDocs = z
    .object({
      query: z
        .string()
        .describe('Search text')
        .meta({ examples: ['login bug'] }),
      // a parameter *named* description must survive description stripping
      description: z.string().describe('Issue body'),
      filter: z
        .object({ status: z.enum(['open', 'closed']).describe('Status').nullable() })
        .describe('Filters'),
      labels: z.array(z.string().describe('Label')).describe('Labels'),
      target: z.union([z.string().describe('Id'), z.number().describe('Number')]).describe('Target'),
    })
    .describe('Root');

  it('keeps descriptions and zod 4 examples by default', () => {
    const definition = generateDefinitionFromSchema(zod4WithDocs);
    expect(definition.properties['query']).toEqual({
      type: 'string',
      description: 'Search text',
      examples: ['login bug'],
    });
    expect(definition.description).toBe('Root');
  });

  it('includeDescriptions: false removes every description but keeps a property named "description"', () => {
    const definition = generateDefinitionFromSchema(zod4WithDocs, { includeDescriptions: false });
    expect(allKeys(definition.properties['description'])).toEqual(new Set(['type']));
    expect(Object.keys(definition.properties)).toContain('description');
    const { properties, ...root } = definition;
    expect(allKeys(root).has('description')).toBe(false);
    for (const [name, property] of Object.entries(properties)) {
      expect([name, allKeys(property).has('description')]).toEqual([name, false]);
    }
    expect(definition.properties['query']).toEqual({ type: 'string', examples: ['login bug'] });
  });

  it('includeExamples: false removes examples and keeps descriptions', () => {
    const definition = generateDefinitionFromSchema(zod4WithDocs, { includeExamples: false });
    expect(allKeys(definition).has('examples')).toBe(false);
    expect(definition.properties['query']).toEqual({ type: 'string', description: 'Search text' });
  });

  it('includeDescriptions: false works on zod 3 too', () => {
    const definition = generateDefinitionFromSchema(
      z3.object({
        a: z3.string().describe('A'),
        b: z3.object({ c: z3.number().describe('C') }).describe('B'),
      }),
      { includeDescriptions: false },
    );
    expect(allKeys(definition).has('description')).toBe(false);
    expect(definition.properties['b']).toEqual({
      type: 'object',
      properties: { c: { type: 'number' } },
      required: ['c'],
      additionalProperties: false,
    });
  });
});

describe('generateDefinitionFromSchema: unrepresentable constructs', () => {
  const unrepresentable: [name: string, schema: AnyZodObject, kind: string][] = [
    [
      'zod 4 date',
      z.object({ filter: z.object({ createdAfter: z.date().describe('d') }).describe('f') }),
      'z.date()',
    ],
    [
      'zod 3 date',
      z3.object({ filter: z3.object({ createdAfter: z3.date().describe('d') }).describe('f') }),
      'z.date()',
    ],
    [
      'zod 4 bigint',
      z.object({ filter: z.object({ createdAfter: z.bigint().describe('d') }).describe('f') }),
      'z.bigint()',
    ],
    [
      'zod 3 bigint',
      z3.object({ filter: z3.object({ createdAfter: z3.bigint().describe('d') }).describe('f') }),
      'z.bigint()',
    ],
    [
      'zod 4 map',
      z.object({
        filter: z.object({ createdAfter: z.map(z.string(), z.number()).describe('d') }).describe('f'),
      }),
      'z.map()',
    ],
    [
      'zod 3 map',
      z3.object({
        filter: z3.object({ createdAfter: z3.map(z3.string(), z3.number()).describe('d') }).describe('f'),
      }),
      'z.map()',
    ],
    [
      'zod 4 set',
      z.object({ filter: z.object({ createdAfter: z.set(z.string()).describe('d') }).describe('f') }),
      'z.set()',
    ],
    [
      'zod 3 set',
      z3.object({ filter: z3.object({ createdAfter: z3.set(z3.string()).describe('d') }).describe('f') }),
      'z.set()',
    ],
    [
      'zod 3 function',
      z3.object({ filter: z3.object({ createdAfter: z3.function().describe('d') }).describe('f') }),
      'z.function()',
    ],
    [
      'zod 4 custom',
      z.object({
        filter: z
          .object({ createdAfter: z.custom<string>((v) => typeof v === 'string').describe('d') })
          .describe('f'),
      }),
      'z.custom()',
    ],
    [
      'zod 3 custom',
      z3.object({
        filter: z3
          .object({ createdAfter: z3.custom<string>((v) => typeof v === 'string').describe('d') })
          .describe('f'),
      }),
      'z.custom()',
    ],
    [
      'zod 4 refine-only any',
      z.object({ filter: z.object({ createdAfter: z.any().refine(Boolean).describe('d') }).describe('f') }),
      'z.custom()',
    ],
    [
      'zod 4 bare transform',
      z.object({
        filter: z.object({ createdAfter: z.transform((v) => String(v)).describe('d') }).describe('f'),
      }),
      'z.transform()',
    ],
  ];

  it.each(unrepresentable)('%s: strict mode throws naming the field path', (_name, schema, kind) => {
    const error = thrownBy(() =>
      generateDefinitionFromSchema(schema, { strict: true, toolName: 'find_issues' }),
    );
    expect(error.message).toContain(`Tool "find_issues": Parameter "filter.createdAfter" is ${kind}`);
    expect(error.message).toContain('customTransforms[');
  });

  it.each(unrepresentable)('%s: non-strict mode advertises {} with the description', (_name, schema) => {
    const filter = generateDefinitionFromSchema(schema).properties['filter'] as JsonSchema;
    expect((filter['properties'] as Record<string, unknown>)['createdAfter']).toEqual({ description: 'd' });
  });

  it.each([
    ['zod 4', z.object({ name: z.string() })],
    ['zod 3', z3.object({ name: z3.string() })],
  ] as const)('%s: strict mode requires a description on every property', (_version, schema) => {
    expect(() => generateDefinitionFromSchema(schema)).not.toThrow();
    expect(thrownBy(() => generateDefinitionFromSchema(schema, { strict: true })).message).toMatch(
      /^Parameter "name" has no description\. Strict mode requires one/,
    );
  });

  it.each([
    ['zod 4', z.object({ filter: z.object({ assignee: z.string() }).describe('Filters') })],
    ['zod 3', z3.object({ filter: z3.object({ assignee: z3.string() }).describe('Filters') })],
  ] as const)('%s: the description requirement reaches nested properties', (_version, schema) => {
    expect(thrownBy(() => generateDefinitionFromSchema(schema, { strict: true })).message).toContain(
      'Parameter "filter.assignee" has no description',
    );
  });

  it.each([
    ['zod 4', z.object({ s: z.string().describe('S').nullable(), n: z.number().nullable().describe('N') })],
    [
      'zod 3',
      z3.object({ s: z3.string().describe('S').nullable(), n: z3.number().nullable().describe('N') }),
    ],
  ] as const)(
    '%s: strict mode accepts a described nullable field, wherever the description sits',
    (_v, schema) => {
      expect(
        generateDefinitionFromSchema(schema, { strict: true, includeDescriptions: false }).properties,
      ).toEqual({
        s: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        n: { anyOf: [{ type: 'number' }, { type: 'null' }] },
      });
    },
  );
});

describe('generateDefinitionFromSchema: recursive schemas', () => {
  type Comment = { text: string; next?: Comment };
  const comment4: z.ZodType<Comment> = z.lazy(() =>
    z.object({ text: z.string().describe('Text'), next: comment4.optional().describe('Reply') }),
  );
  const comment3: z3.ZodType<Comment> = z3.lazy(() =>
    z3.object({ text: z3.string().describe('Text'), next: comment3.optional().describe('Reply') }),
  );
  const cases = [
    ['zod 4', z.object({ thread: comment4.describe('Thread') })],
    ['zod 3', z3.object({ thread: comment3.describe('Thread') })],
  ] as const;

  it.each(cases)(
    '%s: non-strict mode inlines once and emits {} where the schema recurses',
    (_version, schema) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        expect(generateDefinitionFromSchema(schema).properties['thread']).toEqual({
          type: 'object',
          description: 'Thread',
          properties: { text: { type: 'string', description: 'Text' }, next: { description: 'Reply' } },
          required: ['text'],
          additionalProperties: false,
        });
        expect(warn).not.toHaveBeenCalled();
      } finally {
        warn.mockRestore();
      }
    },
  );

  it.each(cases)('%s: strict mode throws naming the recursive field', (_version, schema) => {
    expect(thrownBy(() => generateDefinitionFromSchema(schema, { strict: true })).message).toMatch(
      /^Parameter "thread\.next" refers back to a schema that contains it/,
    );
  });

  it('handles zod 4 getter recursion through arrays', () => {
    const category = z.object({
      name: z.string(),
      get children(): z.ZodOptional<z.ZodArray<typeof category>> {
        return z.array(category).optional();
      },
    });
    expect(generateDefinitionFromSchema(z.object({ root: category })).properties['root']).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: {} } },
      required: ['name'],
      additionalProperties: false,
    });
  });
});

describe('generateDefinitionFromSchema: customTransforms', () => {
  const asIsoString = (generated: JsonSchema): JsonSchema => ({
    ...generated,
    type: 'string',
    format: 'date-time',
  });

  it.each([
    [
      'zod 4',
      z.object({ since: z.date().describe('Since'), range: z.array(z.date()).describe('Range').optional() }),
    ],
    [
      'zod 3',
      z3.object({
        since: z3.date().describe('Since'),
        range: z3.array(z3.date()).describe('Range').optional(),
      }),
    ],
  ] as const)('%s: a date transform replaces every date node, even in strict mode', (_version, schema) => {
    const definition = generateDefinitionFromSchema(schema, {
      strict: true,
      customTransforms: { date: asIsoString },
    });
    expect(definition.properties).toEqual({
      since: { type: 'string', description: 'Since', format: 'date-time' },
      range: { type: 'array', description: 'Range', items: { type: 'string', format: 'date-time' } },
    });
  });

  it.each([
    ['zod 4', z.object({ since: z.date() }), z.ZodDate],
    ['zod 3', z3.object({ since: z3.date() }), z3.ZodDate],
  ] as const)('%s: the transform receives the field path and the Zod node', (_version, schema, dateClass) => {
    const seen: { path: string; isDate: boolean; generated: JsonSchema }[] = [];
    generateDefinitionFromSchema(schema, {
      customTransforms: {
        date: (generated, context) => {
          seen.push({ path: context.path, isDate: context.zodSchema instanceof dateClass, generated });
          return generated;
        },
      },
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toContainEqual({ path: 'since', isDate: true, generated: {} });
  });

  it.each([
    [
      'zod 4',
      z.object({ title: z.string(), body: z.string().max(50).optional(), tags: z.array(z.string()) }),
    ],
    [
      'zod 3',
      z3.object({ title: z3.string(), body: z3.string().max(50).optional(), tags: z3.array(z3.string()) }),
    ],
  ] as const)(
    '%s: a transform keyed by a representable type applies to every node of it',
    (_version, schema) => {
      const capped = generateDefinitionFromSchema(schema, {
        customTransforms: { string: (generated) => ({ maxLength: 1000, ...generated }) },
      });
      expect(capped.properties).toEqual({
        title: { type: 'string', maxLength: 1000 },
        body: { type: 'string', maxLength: 50 },
        tags: { type: 'array', items: { type: 'string', maxLength: 1000 } },
      });
    },
  );

  it.each([
    [
      'zod 4 z.custom()',
      z.object({ id: z.custom<`ISS-${number}`>((v) => /^ISS-\d+$/.test(String(v))).describe('Id') }),
    ],
    [
      'zod 4 refine-only z.any()',
      z.object({
        id: z
          .any()
          .refine((v) => /^ISS-\d+$/.test(String(v)))
          .describe('Id'),
      }),
    ],
    [
      'zod 3 z.custom()',
      z3.object({ id: z3.custom<`ISS-${number}`>((v) => /^ISS-\d+$/.test(String(v))).describe('Id') }),
    ],
  ] as const)(
    '%s: a custom transform describes refinement-only types, even in strict mode',
    (_name, schema) => {
      const definition = generateDefinitionFromSchema(schema, {
        strict: true,
        customTransforms: {
          custom: (generated) => ({ ...generated, type: 'string', pattern: '^ISS-\\d+$' }),
        },
      });
      expect(definition.properties['id']).toEqual({
        type: 'string',
        description: 'Id',
        pattern: '^ISS-\\d+$',
      });
    },
  );

  it('a transform that does not return a schema object is a ToolDefinitionError', () => {
    const error = thrownBy(() =>
      generateDefinitionFromSchema(z.object({ since: z.date() }), {
        customTransforms: { date: () => 'date' as unknown as JsonSchema },
      }),
    );
    expect(error.message).toContain(`customTransforms['date'] returned "date" for parameter "since"`);
  });
});

describe('generateDefinitionFromSchema: output is self-contained', () => {
  const zod4Address = z.object({ city: z.string(), zip: z.string().optional() });
  const zod4User = z.object({ login: z.string(), address: zod4Address }).meta({ id: 'User' });
  const zod4Tree = z.lazy((): z.ZodType => z.object({ value: z.number(), left: zod4Tree.optional() }));
  const zod3Address = z3.object({ city: z3.string(), zip: z3.string().optional() });
  const zod3User = z3.object({ login: z3.string(), address: zod3Address });
  const zod3Tree: z3.ZodTypeAny = z3.lazy(() => z3.object({ value: z3.number(), left: zod3Tree.optional() }));

  it.each([
    [
      'zod 4',
      z.object({
        author: zod4User,
        assignees: z.array(zod4User),
        reviewer: zod4User.nullable(),
        home: zod4Address,
        work: zod4Address,
        tree: zod4Tree,
        byKind: z.record(z.string(), z.array(zod4User)),
        target: z.discriminatedUnion('kind', [
          z.object({ kind: z.literal('user'), user: zod4User }),
          z.object({ kind: z.literal('place'), place: zod4Address }),
        ]),
      }),
    ],
    [
      'zod 3',
      z3.object({
        author: zod3User,
        assignees: z3.array(zod3User),
        reviewer: zod3User.nullable(),
        home: zod3Address,
        work: zod3Address,
        tree: zod3Tree,
        byKind: z3.record(z3.string(), z3.array(zod3User)),
        target: z3.discriminatedUnion('kind', [
          z3.object({ kind: z3.literal('user'), user: zod3User }),
          z3.object({ kind: z3.literal('place'), place: zod3Address }),
        ]),
      }),
    ],
  ] as const)(
    '%s: no $schema, $ref, $defs or definitions anywhere, reused schemas inlined',
    (_version, schema) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      try {
        const definition = generateDefinitionFromSchema(schema);
        const keys = allKeys(definition);
        for (const forbidden of ['$schema', '$ref', '$defs', 'definitions', '$id', 'id']) {
          expect([forbidden, keys.has(forbidden)]).toEqual([forbidden, false]);
        }
        expect(definition.properties['work']).toEqual(definition.properties['home']);
        expect((definition.properties['assignees'] as JsonSchema)['items']).toEqual(
          definition.properties['author'],
        );
        expect(JSON.parse(JSON.stringify(definition))).toEqual(definition);
      } finally {
        warn.mockRestore();
      }
    },
  );
});

describe('generateDefinitionFromSchema: a realistic tool', () => {
  const findIssues4 = z.object({
    queueId: z.string().min(1).describe('Queue to search, e.g. "SUPPORT"'),
    query: z.string().max(500).optional().describe('Full-text search over summary and description'),
    filter: z
      .object({
        status: z.enum(['open', 'in_progress', 'closed']).optional().describe('Workflow status'),
        assignee: z.string().nullable().optional().describe('Assignee login; null for unassigned issues'),
        updatedSince: z.iso.datetime().optional().describe('Only issues updated at or after this instant'),
      })
      .optional()
      .describe('Narrow the result set'),
    order: z.enum(['created', 'updated', 'priority']).default('updated').describe('Sort key, newest first'),
    page: z.number().int().min(1).default(1).describe('1-based page number'),
    perPage: z.number().int().min(1).max(100).default(25).describe('Issues per page'),
    fields: z
      .array(z.enum(['summary', 'status', 'assignee', 'priority', 'labels']))
      .min(1)
      .describe('Issue fields to return'),
  });
  const findIssues3 = z3.object({
    queueId: z3.string().min(1).describe('Queue to search, e.g. "SUPPORT"'),
    query: z3.string().max(500).optional().describe('Full-text search over summary and description'),
    filter: z3
      .object({
        status: z3.enum(['open', 'in_progress', 'closed']).optional().describe('Workflow status'),
        assignee: z3.string().nullable().optional().describe('Assignee login; null for unassigned issues'),
        updatedSince: z3
          .string()
          .datetime()
          .optional()
          .describe('Only issues updated at or after this instant'),
      })
      .optional()
      .describe('Narrow the result set'),
    order: z3.enum(['created', 'updated', 'priority']).default('updated').describe('Sort key, newest first'),
    page: z3.number().int().min(1).default(1).describe('1-based page number'),
    perPage: z3.number().int().min(1).max(100).default(25).describe('Issues per page'),
    fields: z3
      .array(z3.enum(['summary', 'status', 'assignee', 'priority', 'labels']))
      .min(1)
      .describe('Issue fields to return'),
  });

  it('zod 4', () => {
    expect(generateDefinitionFromSchema(findIssues4, { strict: true })).toMatchInlineSnapshot(`
     {
       "additionalProperties": false,
       "properties": {
         "fields": {
           "description": "Issue fields to return",
           "items": {
             "enum": [
               "summary",
               "status",
               "assignee",
               "priority",
               "labels",
             ],
             "type": "string",
           },
           "minItems": 1,
           "type": "array",
         },
         "filter": {
           "additionalProperties": false,
           "description": "Narrow the result set",
           "properties": {
             "assignee": {
               "anyOf": [
                 {
                   "type": "string",
                 },
                 {
                   "type": "null",
                 },
               ],
               "description": "Assignee login; null for unassigned issues",
             },
             "status": {
               "description": "Workflow status",
               "enum": [
                 "open",
                 "in_progress",
                 "closed",
               ],
               "type": "string",
             },
             "updatedSince": {
               "description": "Only issues updated at or after this instant",
               "format": "date-time",
               "type": "string",
             },
           },
           "type": "object",
         },
         "order": {
           "default": "updated",
           "description": "Sort key, newest first",
           "enum": [
             "created",
             "updated",
             "priority",
           ],
           "type": "string",
         },
         "page": {
           "default": 1,
           "description": "1-based page number",
           "minimum": 1,
           "type": "integer",
         },
         "perPage": {
           "default": 25,
           "description": "Issues per page",
           "maximum": 100,
           "minimum": 1,
           "type": "integer",
         },
         "query": {
           "description": "Full-text search over summary and description",
           "maxLength": 500,
           "type": "string",
         },
         "queueId": {
           "description": "Queue to search, e.g. "SUPPORT"",
           "minLength": 1,
           "type": "string",
         },
       },
       "required": [
         "queueId",
         "fields",
       ],
       "type": "object",
     }
    `);
  });

  it('zod 3 produces the same definition', () => {
    const definition = generateDefinitionFromSchema(findIssues3, { strict: true });
    expect(definition).toEqual(generateDefinitionFromSchema(findIssues4, { strict: true }));
    expect(definition).toMatchInlineSnapshot(`
     {
       "additionalProperties": false,
       "properties": {
         "fields": {
           "description": "Issue fields to return",
           "items": {
             "enum": [
               "summary",
               "status",
               "assignee",
               "priority",
               "labels",
             ],
             "type": "string",
           },
           "minItems": 1,
           "type": "array",
         },
         "filter": {
           "additionalProperties": false,
           "description": "Narrow the result set",
           "properties": {
             "assignee": {
               "anyOf": [
                 {
                   "type": "string",
                 },
                 {
                   "type": "null",
                 },
               ],
               "description": "Assignee login; null for unassigned issues",
             },
             "status": {
               "description": "Workflow status",
               "enum": [
                 "open",
                 "in_progress",
                 "closed",
               ],
               "type": "string",
             },
             "updatedSince": {
               "description": "Only issues updated at or after this instant",
               "format": "date-time",
               "type": "string",
             },
           },
           "type": "object",
         },
         "order": {
           "default": "updated",
           "description": "Sort key, newest first",
           "enum": [
             "created",
             "updated",
             "priority",
           ],
           "type": "string",
         },
         "page": {
           "default": 1,
           "description": "1-based page number",
           "minimum": 1,
           "type": "integer",
         },
         "perPage": {
           "default": 25,
           "description": "Issues per page",
           "maximum": 100,
           "minimum": 1,
           "type": "integer",
         },
         "query": {
           "description": "Full-text search over summary and description",
           "maxLength": 500,
           "type": "string",
         },
         "queueId": {
           "description": "Queue to search, e.g. "SUPPORT"",
           "minLength": 1,
           "type": "string",
         },
       },
       "required": [
         "queueId",
         "fields",
       ],
       "type": "object",
     }
    `);
  });

  it.each([
    ['zod 4', findIssues4],
    ['zod 3', findIssues3],
  ] as const)('%s: the MCP SDK accepts it as a tool inputSchema', (_version, schema) => {
    const inputSchema = generateDefinitionFromSchema(schema);
    const parsed = validateTool({ name: 'find_issues', description: 'Find issues', inputSchema });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.inputSchema).toEqual(inputSchema);
    // and the check can fail: an input schema must be an object schema
    expect(validateTool({ name: 'find_issues', inputSchema: { type: 'array' } }).success).toBe(false);
  });

  it('the MCP SDK accepts definitions using every construct', () => {
    for (const [name, zod4, zod3] of constructs) {
      for (const schema of [
        z.object({ field: zod4 as z.ZodType }),
        z3.object({ field: zod3 as z3.ZodTypeAny }),
      ]) {
        const parsed = validateTool({
          name: 'tool',
          inputSchema: generateDefinitionFromSchema(schema),
        });
        expect([name, parsed.success]).toEqual([name, true]);
      }
    }
  });
});
