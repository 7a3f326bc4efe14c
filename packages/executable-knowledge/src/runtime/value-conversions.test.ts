import { describe, expect, it } from '@jest/globals';
import {
  applyConversions,
  conversionProblem,
  formatConversion,
  formatConversionNote,
  parseConversionPath,
} from './value-conversions.ts';

describe('conversion paths', () => {
  it('reads the field syntax of validator errors', () => {
    expect(parseConversionPath('status')).toEqual(['status']);
    expect(parseConversionPath('assignees[0]')).toEqual(['assignees', 0]);
    expect(parseConversionPath('custom_fields[1].value[2]')).toEqual(['custom_fields', 1, 'value', 2]);
    expect(parseConversionPath('fields["Data de Início"].id')).toEqual(['fields', 'Data de Início', 'id']);
    for (const bad of ['', '.status', '[0]', 'a..b', 'a.', 'a[x]', 'a[0']) {
      expect(parseConversionPath(bad)).toBeUndefined();
    }
  });
});

describe('applyConversions', () => {
  const input = {
    status: 'in review',
    assignees: ['me', 183],
    custom_fields: [{ id: 'Priority level', value: 'High' }],
  };

  it('checks that "from" is what the input holds', () => {
    expect(conversionProblem(input, { path: 'assignees[0]', from: 'me' })).toBeUndefined();
    expect(conversionProblem(input, { path: 'assignees[0]', from: 'you' })).toBe(
      'its "from" "you" is not the input\'s value at assignees[0] ("me")',
    );
    expect(conversionProblem(input, { path: 'assignees[5]', from: 'me' })).toBe(
      'the input has nothing at assignees[5]',
    );
    expect(conversionProblem(input, { path: '[0]', from: 'me' })).toContain('is not an argument path');
  });

  it('copies along the converted paths and leaves the input untouched', () => {
    const out = applyConversions(input, [
      { path: 'status', to: 'In Review' },
      { path: 'assignees[0]', to: 81 },
      { path: 'custom_fields[0].id', to: '5dc86497-098d-4bb0-87d6-cf28e43812e7' },
    ]);
    expect(out).toEqual({
      status: 'In Review',
      assignees: [81, 183],
      custom_fields: [{ id: '5dc86497-098d-4bb0-87d6-cf28e43812e7', value: 'High' }],
    });
    expect(input.assignees).toEqual(['me', 183]);
    expect(input.custom_fields[0]!.id).toBe('Priority level');
  });

  it('formats notes an agent can learn from', () => {
    const status = {
      path: 'status',
      from: 'in review',
      to: 'In Review',
      reason: 'case fixed',
      validator: 'v',
    };
    expect(formatConversion(status)).toBe('status: "in review" → "In Review" (case fixed)');
    expect(
      formatConversionNote([
        status,
        { ...status, path: 'assignees[0]', from: 'me', to: 81, reason: undefined },
      ]),
    ).toBe(
      'Converted before sending (send these values directly next time):\n- status: "in review" → "In Review" (case fixed)\n- assignees[0]: "me" → 81',
    );
  });
});
