import { describe, expect, it } from '@jest/globals';
import { validateQuery } from './validate-query.ts';

describe('validateQuery', () => {
  it('reads control characters (a NUL PostgreSQL text cannot hold) as spaces', () => {
    expect(validateQuery({ text: 'custom\u0000task\tid\n' }).text).toBe('custom task id');
  });

  it('refuses a query of control characters alone as empty', () => {
    expect(() => validateQuery({ text: '\u0000\u0001' })).toThrow(/query: is empty/);
  });
});
