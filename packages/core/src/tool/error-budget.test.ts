import { describe, expect, it } from '@jest/globals';
import { fitErrorToBudget, previewValue, QUOTED_PREVIEW_CHARS } from './error-budget.ts';

describe('fitErrorToBudget', () => {
  it('leaves a text within the budget as it is', () => {
    const text = `Book "${'x'.repeat(500)}" does not exist.`;
    expect(fitErrorToBudget(text, 1000)).toBe(text);
  });

  it('shortens long quoted values first, keeping the sentence and the recovery hint', () => {
    const text = `Book "${'x'.repeat(3_000_000)}" does not exist. Did you mean: b1, b2?`;
    expect(fitErrorToBudget(text, 1000)).toBe(
      `Book "${'x'.repeat(QUOTED_PREVIEW_CHARS)}…" (3000000 characters) does not exist. Did you mean: b1, b2?`,
    );
  });

  it('cuts the middle when shortening quotes is not enough, and never exceeds the budget', () => {
    const text = `Start: ${'y'.repeat(10_000)} End: fix it like this.`;
    for (const budget of [10, 60, 200, 1000]) {
      const fitted = fitErrorToBudget(text, budget);
      expect(fitted.length).toBeLessThanOrEqual(budget);
    }
    const fitted = fitErrorToBudget(text, 300);
    expect(fitted.startsWith('Start: yyy')).toBe(true);
    expect(fitted.endsWith('End: fix it like this.')).toBe(true);
    expect(fitted).toMatch(/\[…\d+ characters cut to fit the output budget…\]/);
  });

  it('does not split a surrogate pair', () => {
    const text = `"${'😀'.repeat(100)}" and ${'😀'.repeat(1000)}`;
    const fitted = fitErrorToBudget(text, 301);
    expect(fitted).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe('previewValue', () => {
  it('keeps short values and marks cut ones', () => {
    expect(previewValue('abc')).toBe('abc');
    expect(previewValue('abcdef', 3)).toBe('abc…');
  });
});
