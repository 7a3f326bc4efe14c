import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { validatorCheckSchema } from './validator-checks.ts';

const checks = z.array(validatorCheckSchema);

describe('validatorCheckSchema', () => {
  it('parses each supported check into the typed union', () => {
    expect(
      checks.parse([
        { required_fields: ['listId', 'name'] },
        { assignee_format: 'update_api' },
        { field_types: { priority: 'integer', tags: 'array' } },
        { allowed_values: { status: ['open', 'closed', null] } },
        { number_range: { priority: { min: 1, max: 4 } } },
      ]),
    ).toEqual([
      { kind: 'required_fields', fields: ['listId', 'name'] },
      { kind: 'assignee_format', format: 'update_api' },
      { kind: 'field_types', types: { priority: 'integer', tags: 'array' } },
      { kind: 'allowed_values', values: { status: ['open', 'closed', null] } },
      { kind: 'number_range', ranges: { priority: { min: 1, max: 4 } } },
    ]);
  });

  it('refuses an unknown check, listing the supported ones', () => {
    const result = checks.safeParse([{ required_field: ['x'] }]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: [0, 'required_field'],
      message: "unknown check 'required_field'. Did you mean 'required_fields'?",
      params: {
        expected:
          'one of the supported checks: required_fields, assignee_format, field_types, allowed_values, number_range (for anything else write a validator function)',
      },
    });
  });

  it('refuses an item with several checks, and reports bad values under the check name', () => {
    expect(
      checks.safeParse([{ required_fields: ['a'], assignee_format: 'create_api' }]).error?.issues[0]?.message,
    ).toBe('a check is a mapping with exactly one key, found required_fields, assignee_format');
    const bad = checks.safeParse([
      { number_range: { priority: { min: 5, max: 1 } } },
      { field_types: { a: 'date' } },
    ]);
    expect(bad.error?.issues.map((issue) => issue.path)).toEqual([
      [0, 'number_range', 'priority'],
      [1, 'field_types', 'a'],
    ]);
    expect(bad.error?.issues[0]?.message).toBe('min is greater than max');
  });
});
