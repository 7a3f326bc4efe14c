import { describe, expect, it } from '@jest/globals';
import { ToolsmithError } from '@toolsmith/core';
import { z } from 'zod';
import { DefinitionLoadError } from '../errors/definition-load-error.ts';
import { strictFields } from '../schema/schema-primitives.ts';
import { issuesFromZod } from './load-errors.ts';

function issuesOf(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return issuesFromZod(result.error.issues, ['tool']);
}

describe('issuesFromZod', () => {
  it('reports the bad item when one branch of a union matched the shape', () => {
    const schema = z.object({
      validation: z.union([z.string(), z.array(z.string())], { error: 'a ref or a list' }),
    });
    expect(issuesOf(schema, { validation: ['a', 2] })).toEqual([
      { path: ['tool', 'validation', 1], message: 'found a whole number (2)', expected: 'a string' },
    ]);
    expect(issuesOf(schema, { validation: { a: 1 } })).toEqual([
      { path: ['tool', 'validation'], message: 'found a mapping', expected: 'a ref or a list' },
    ]);
    expect(issuesOf(schema, {})).toEqual([
      {
        path: ['tool', 'validation'],
        message: "required field 'validation' is missing",
        expected: 'a ref or a list',
      },
    ]);
  });

  it('translates enums, sizes, formats and unknown fields for authors', () => {
    const schema = strictFields({
      kind: z.enum(['create_api', 'update_api']),
      tags: z.array(z.string()).min(1),
      id: z.string().regex(/^[a-z]+$/, { error: 'a lowercase word' }),
      timeout: z.number().positive(),
    });
    expect(issuesOf(schema, { kind: 'create', tags: [], id: 'A b', timeout: 0, tmeout: 1 })).toEqual([
      {
        path: ['tool', 'kind'],
        message: "'create' is not a valid kind. Did you mean 'create_api'?",
        expected: 'one of: create_api, update_api',
      },
      { path: ['tool', 'tags'], message: 'tags must not be empty', expected: 'at least 1 item' },
      { path: ['tool', 'id'], message: "'A b' is not a valid id", expected: 'a lowercase word' },
      { path: ['tool', 'timeout'], message: '0 is too small', expected: 'a number > 0' },
      {
        path: ['tool', 'tmeout'],
        message: "unknown field 'tmeout'. Did you mean 'timeout'?",
        expected: 'one of the fields kind, tags, id, timeout (or an x- extension field)',
      },
    ]);
  });
});

describe('DefinitionLoadError', () => {
  const problem = (line: number | undefined, path: string) => ({
    path,
    line,
    column: line === undefined ? undefined : 3,
    message: `problem at ${path}`,
    expected: undefined,
  });

  it('is a ToolsmithError for authors, found by its marker', () => {
    const error = new DefinitionLoadError({ file: 't.yaml', problems: [problem(2, 'tool.id')] });
    expect(ToolsmithError.isInstance(error)).toBe(true);
    expect(DefinitionLoadError.isInstance(error)).toBe(true);
    expect(DefinitionLoadError.isInstance(new Error('x'))).toBe(false);
    expect(error).toMatchObject({
      name: 'DefinitionLoadError',
      code: 'definition_invalid',
      userFacing: false,
    });
    expect(error.message).toBe('t.yaml:2:3 at tool.id: problem at tool.id.');
  });

  it('sorts problems by position, lists at most 50 and counts the rest', () => {
    const problems = Array.from({ length: 55 }, (_, i) => problem(55 - i, `tool.f${55 - i}`));
    const error = new DefinitionLoadError({
      file: 't.yaml',
      problems: [problem(undefined, ''), ...problems],
    });
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('t.yaml has 56 problems:');
    expect(lines[1]).toBe('- t.yaml: problem at .');
    expect(lines[2]).toBe('- t.yaml:1:3 at tool.f1: problem at tool.f1.');
    expect(lines).toHaveLength(1 + 50 + 1);
    expect(lines.at(-1)).toBe('- …and 6 more.');
    expect(error.line).toBeUndefined();
    expect(error.problems[1]?.line).toBe(1);
  });
});
