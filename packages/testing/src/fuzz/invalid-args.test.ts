import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { z } from 'zod';
import { invalidArgsProblem, invalidToolArgs } from './invalid-args.ts';

const text = (t: string, isError = true) => ({ isError, content: [{ type: 'text', text: t }] });

describe('invalidToolArgs', () => {
  it('only generates arguments the schema refuses, naming a field that is wrong', () => {
    const schema = z.object({
      issueId: z.string().regex(/^[A-Z]+-\d+$/),
      limit: z.number().int().optional(),
    });
    fc.assert(
      fc.property(invalidToolArgs(schema, { plausible: ['DEMO-1'] }), ({ args, badField }) => {
        expect(schema.strict().safeParse(args).success).toBe(false);
        const known = Object.keys(schema.shape).includes(badField);
        if (known) expect(schema.shape[badField as 'limit'].safeParse(args[badField]).success).toBe(false);
        else expect(Object.keys(args)).toContain(badField);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('never picks a field that takes any value as the wrong one (it would search forever)', () => {
    const schema = z.object({ field: z.string(), value: z.unknown() });
    const calls = fc.sample(invalidToolArgs(schema), { seed: 3, numRuns: 100 });
    expect(calls.every((call) => call.badField !== 'value')).toBe(true);
    expect(calls.some((call) => call.badField === 'field')).toBe(true);
  });
});

describe('invalidArgsProblem', () => {
  it('accepts the expected answer and explains every other one', () => {
    expect(
      invalidArgsProblem(text('Invalid arguments for tool "t":\n- limit: Expected a number.'), 't', 'limit'),
    ).toBeUndefined();
    expect(invalidArgsProblem(text('fine', false), 't', 'limit')).toBe('not an isError result: fine');
    expect(invalidArgsProblem(text('Boom'), 't', 'limit')).toBe('unexpected text: Boom');
    expect(invalidArgsProblem(text('Invalid arguments for tool "t":\n- other: x'), 't', 'limit')).toContain(
      'does not name the field "limit"',
    );
  });
});
