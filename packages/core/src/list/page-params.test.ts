import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { generateDefinitionFromSchema } from '../definition/schema-to-definition.ts';
import { cursorParam, perPageParam } from './page-params.ts';

const definitionOf = (shape: z.ZodRawShape) => generateDefinitionFromSchema(z.object(shape));
const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('cursorParam and perPageParam', () => {
  it('by default leave the bounds out of the definition and say them on the call', () => {
    const definition = definitionOf({
      cursor: cursorParam(),
      perPage: perPageParam({ max: 20, fallback: 10 }),
    });
    expect(definition.properties).toEqual({
      cursor: { type: 'string', description: 'Previous `nextCursor`.' },
      perPage: { type: 'integer', default: 10, description: 'Page size, 1–20.' },
    });
    expect(definition.required ?? []).toEqual([]);
    expect(messagesOf(cursorParam(), '')).toEqual(['Must be at least 1 character long.']);
    expect(messagesOf(perPageParam({ max: 20 }), 0)).toEqual(['Must be at least 1.']);
    expect(messagesOf(perPageParam({ max: 20 }), 21)).toEqual(['Must be at most 20.']);
    expect(messagesOf(perPageParam(), 2.5).length).toBe(1);
  });

  it('show the bounds in the definition when asked, with the server’s own descriptions', () => {
    const definition = definitionOf({
      cursor: cursorParam({ description: 'nextCursor of the previous page', bounds: 'schema' }),
      perPage: perPageParam({
        max: 100,
        description: (max) => `Items per page (1–${max})`,
        bounds: 'schema',
      }),
    });
    expect(definition.properties).toEqual({
      cursor: { type: 'string', minLength: 1, description: 'nextCursor of the previous page' },
      perPage: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        default: 50,
        description: 'Items per page (1–100)',
      },
    });
    expect(messagesOf(perPageParam({ bounds: 'schema', max: 5 }), 6)).toHaveLength(1);
  });

  it('fill in the page size when the caller gives none, and keep a given one', () => {
    const schema = z.object({ cursor: cursorParam(), perPage: perPageParam({ fallback: 25 }) });
    expect(schema.parse({})).toEqual({ perPage: 25 });
    expect(schema.parse({ cursor: 'abc', perPage: 7 })).toEqual({ cursor: 'abc', perPage: 7 });
  });
});
