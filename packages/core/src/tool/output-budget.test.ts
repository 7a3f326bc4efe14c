import { describe, expect, it } from '@jest/globals';
import { fitToBudget } from './output-budget.ts';

describe('fitToBudget', () => {
  it('passes small output through unchanged', () => {
    expect(fitToBudget({ a: 1 }, { maxChars: 100, hint: 'h' })).toEqual({
      text: '{"a":1}',
      data: { a: 1 },
      truncated: false,
    });
  });

  it('cuts the largest array on item boundaries and keeps valid JSON', () => {
    const data = {
      total: 1000,
      items: Array.from({ length: 1000 }, (_, i) => ({ id: i, name: `item ${i}` })),
    };
    const out = fitToBudget(data, { maxChars: 2000, hint: 'Use `cursor`.' });
    expect(out.truncated).toBe(true);
    expect(out.text.length).toBeLessThanOrEqual(2000);
    const [json, notice] = out.text.split('\n\n');
    const parsed = JSON.parse(json!);
    expect(parsed.total).toBe(1000);
    expect(notice).toBe(
      `[Output truncated: showing ${parsed.items.length} of 1000 items to stay within 2000 characters. Use \`cursor\`.]`,
    );
    // The largest prefix that fits: one more item would not.
    const oneMore = JSON.stringify({ ...data, items: data.items.slice(0, parsed.items.length + 1) });
    expect(oneMore.length + notice!.length + 2).toBeGreaterThan(2000);
  });

  it('cuts plain text with a character count and never splits a surrogate pair', () => {
    const text = '😀'.repeat(1000);
    const out = fitToBudget(text, { maxChars: 301, hint: 'Use offset.' });
    expect(out.text.length).toBeLessThanOrEqual(301);
    expect(out.text).toMatch(/\[Output truncated: showing 301 of 2000 characters\. Use offset\.\]$/);
    expect(out.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
