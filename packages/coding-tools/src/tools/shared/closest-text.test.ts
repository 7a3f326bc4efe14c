import { describe, expect, it } from '@jest/globals';
import { findClosestText, similarityPercent } from './closest-text.ts';

describe('findClosestText', () => {
  const lines = Array.from({ length: 50 }, (_, i) => `  const value${i} = compute(${i}, "label ${i}");`);
  const text = `${lines.join('\n')}\n`;

  it('finds the span with the wanted line count that is most similar', () => {
    const found = findClosestText(
      text,
      '  const value21 = compute(21, "label 21")\n  const value22 = compute(22, "lable 22");',
    );
    expect(found).toMatchObject({ line: 22, lines: [lines[21], lines[22]] });
    expect(found?.similarity).toBeGreaterThan(0.9);
  });

  it('scores a fragment against slices of a longer line', () => {
    const found = findClosestText(text, 'compute(37, "lbael');
    expect(found?.line).toBe(38);
    expect(found?.similarity).toBeGreaterThan(0.8);
  });

  it('compares whole lines when fragments are off (ApplyPatch)', () => {
    const found = findClosestText(text, 'compute(37, "label 37");', { fragments: false });
    expect(found?.similarity).toBeLessThan(0.6);
    expect(findClosestText(text, 'compute(37, "label 37");')?.similarity).toBe(1);
  });

  it('says 100% only for identical text', () => {
    expect(similarityPercent(1)).toBe('100%');
    expect(similarityPercent(0.996)).toBe('99%');
    expect(similarityPercent(0.5)).toBe('50%');
  });

  it('returns undefined for empty input', () => {
    expect(findClosestText('', 'x')).toBeUndefined();
    expect(findClosestText(text, '  \n')).toBeUndefined();
  });

  it('stays fast on a large file (bounded Levenshtein work)', () => {
    const big = Array.from(
      { length: 200_000 },
      (_, i) => `line ${i}: ${'lorem ipsum '.repeat(4)}${i % 97}`,
    ).join('\n');
    const wanted =
      'line 123456: lorem ipsum lorem ipsum lorem ipsum lorme ipsum 72\nline 123457: lorem ipsum';
    const started = performance.now();
    const found = findClosestText(big, wanted);
    const elapsed = performance.now() - started;
    expect(found?.line).toBe(123_457);
    expect(elapsed).toBeLessThan(8000);
  });
});
