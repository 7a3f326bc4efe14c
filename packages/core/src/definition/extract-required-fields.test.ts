import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import * as z3 from 'zod/v3';
import { ToolDefinitionError } from '../errors/index.ts';
import { extractRequiredFields } from './extract-required-fields.ts';
import { generateDefinitionFromSchema } from './schema-to-definition.ts';
import type { AnyZodObject } from './types.ts';

describe('extractRequiredFields', () => {
  const common = [
    [
      'zod 4',
      z.object({
        queueId: z.string(),
        fields: z.array(z.string()).min(1),
        query: z.string().optional(),
        page: z.number().default(1),
        assignee: z.string().nullable(),
        label: z.string().nullish(),
        status: z.enum(['open', 'closed']).optional().default('open'),
        since: z.iso.datetime().transform((value) => new Date(value)),
        tags: z.preprocess(
          (value) => (typeof value === 'string' ? value.split(',') : value),
          z.array(z.string()).optional(),
        ),
        filter: z.object({ inner: z.string() }),
      }),
    ],
    [
      'zod 3',
      z3.object({
        queueId: z3.string(),
        fields: z3.array(z3.string()).min(1),
        query: z3.string().optional(),
        page: z3.number().default(1),
        assignee: z3.string().nullable(),
        label: z3.string().nullish(),
        status: z3.enum(['open', 'closed']).optional().default('open'),
        since: z3
          .string()
          .datetime()
          .transform((value) => new Date(value)),
        tags: z3.preprocess(
          (value) => (typeof value === 'string' ? value.split(',') : value),
          z3.array(z3.string()).optional(),
        ),
        filter: z3.object({ inner: z3.string() }),
      }),
    ],
  ] as const;

  it.each(common)(
    '%s: keeps fields without .optional() or .default(), in declaration order',
    (_version, schema) => {
      expect(extractRequiredFields(schema)).toEqual(['queueId', 'fields', 'assignee', 'since', 'filter']);
    },
  );

  it.each(common)('%s: agrees with the generated definition', (_version, schema) => {
    expect(extractRequiredFields(schema)).toEqual(generateDefinitionFromSchema(schema).required);
  });

  it('zod 3: a field whose schema accepts undefined is optional', () => {
    const schema = z3.object({
      id: z3.string(),
      meta: z3.unknown(),
      extra: z3.any(),
      maybe: z3.union([z3.string(), z3.undefined()]),
      fallback: z3.string().catch('x'),
    });
    expect(extractRequiredFields(schema)).toEqual(['id']);
    // and zod 3 really accepts the object without them
    expect(schema.safeParse({ id: 'a' }).success).toBe(true);
  });

  it('zod 4: a field is optional only when declared optional, as the zod 4 parser requires the key otherwise', () => {
    const schema = z.object({
      id: z.string(),
      meta: z.unknown(),
      extra: z.any(),
      maybe: z.union([z.string(), z.undefined()]),
      declared: z.unknown().optional(),
    });
    expect(extractRequiredFields(schema)).toEqual(['id', 'meta', 'extra', 'maybe']);
    expect(schema.safeParse({ id: 'a', meta: 1, extra: 2, maybe: 'm' }).success).toBe(true);
    expect(schema.safeParse({ id: 'a', extra: 2, maybe: 'm' }).success).toBe(false);
    expect(extractRequiredFields(schema)).toEqual(generateDefinitionFromSchema(schema).required);
  });

  it.each([
    ['zod 4', z.object({})],
    ['zod 3', z3.object({})],
    ['zod 4, all optional', z.object({ a: z.string().optional(), b: z.boolean().default(false) })],
  ] as const)('%s: returns an empty list when nothing is required', (_version, schema) => {
    expect(extractRequiredFields(schema)).toEqual([]);
  });

  it.each([
    ['z.string()', z.string()],
    ['zod 3 z.array()', z3.array(z3.string())],
    ['a zod 3 refined object', z3.object({ a: z3.string() }).refine(() => true)],
  ] as const)('rejects a non-object root: %s', (_name, schema) => {
    expect(() => extractRequiredFields(schema as unknown as AnyZodObject)).toThrow(ToolDefinitionError);
    expect(() => extractRequiredFields(schema as unknown as AnyZodObject)).toThrow(/must be a z\.object/);
  });
});
