import { describe, expect, it } from '@jest/globals';
import * as z from 'zod';
import { compactJsonSchema } from './compact-json-schema.ts';
import { validateSchemaDefinitionMatch } from './definition-validator.ts';
import { normalizeJsonSchema } from './normalize-json-schema.ts';
import { generateDefinitionFromSchema } from './schema-to-definition.ts';

const normalize = (schema: Record<string, unknown>) =>
  normalizeJsonSchema(schema, {
    includeDescriptions: true,
    includeExamples: true,
    strict: false,
    closeObjects: true,
  });

const params = z.object({
  due: z.union([z.number().int(), z.string()]).optional().describe('ISO 8601 or epoch ms'),
  parent: z.string().min(1).nullable().describe('Parent id, or null to detach'),
  ids: z.array(z.union([z.number().int().min(1), z.string().min(1).max(20)])).describe('Ids or names'),
  priority: z.union([z.enum(['high', 'low']), z.number().int()]).describe('Name or number'),
  level: z.union([z.enum(['high', 'low']), z.literal([1, 2]), z.literal(true)]).describe('Name or number'),
  size: z.union([z.number(), z.number().int()]).describe('A number'),
  target: z.union([z.object({ id: z.string() }), z.string()]).describe('Object or id'),
});

describe('compactJsonSchema', () => {
  const canonical = generateDefinitionFromSchema(params);
  const compact = compactJsonSchema(canonical);

  it('folds unions of primitive types into a type array, keywords and annotations kept', () => {
    expect(compact.properties['due']).toEqual({
      type: ['integer', 'string'],
      description: 'ISO 8601 or epoch ms',
    });
    expect(compact.properties['parent']).toEqual({
      type: ['string', 'null'],
      description: 'Parent id, or null to detach',
      minLength: 1,
    });
    expect(compact.properties['ids']).toMatchObject({
      items: { type: ['integer', 'string'], minimum: 1, minLength: 1, maxLength: 20 },
    });
  });

  it('folds literal branches of different types into one enum', () => {
    expect(compact.properties['level']).toEqual({
      type: ['string', 'number', 'boolean'],
      description: 'Name or number',
      enum: ['high', 'low', 1, 2, true],
    });
  });

  it('leaves unions it cannot fold without changing their meaning', () => {
    // an enum constrains every type; number and integer share their bounds; objects keep their branch
    expect(compact.properties['priority']).toEqual(canonical.properties['priority']);
    expect(compact.properties['size']).toEqual(canonical.properties['size']);
    expect(compact.properties['target']).toEqual(canonical.properties['target']);
  });

  it('is shorter on the wire', () => {
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(canonical).length);
  });

  it('normalizes back to the canonical schema, so the definition validator reads it', () => {
    expect(normalize(compact)).toEqual(canonical);
    expect(validateSchemaDefinitionMatch(params, compact)).toEqual({ success: true, errors: [] });
  });

  it('keeps integer literals integers on the way back', () => {
    const folded = {
      type: 'object',
      properties: { p: { type: ['string', 'integer'], enum: ['low', 1, 2] } },
    };
    expect(normalize(folded)['properties']).toEqual({
      p: {
        anyOf: [
          { type: 'string', const: 'low' },
          { type: 'integer', enum: [1, 2] },
        ],
      },
    });
  });

  it('does not fold when a keyword would belong to two types or to none', () => {
    const twoStrings = {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'string', format: 'uuid' },
      ],
    };
    const arrayBranch = { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] };
    const misplaced = { anyOf: [{ type: 'boolean', minLength: 1 }, { type: 'null' }] };
    const constrained = { anyOf: [{ type: 'string' }, { type: 'null' }], not: { const: '' } };
    for (const node of [twoStrings, arrayBranch, misplaced, constrained]) {
      expect(compactJsonSchema({ type: 'object', properties: { x: node } })).toEqual({
        type: 'object',
        properties: { x: node },
      });
    }
  });
});
