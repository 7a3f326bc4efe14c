import { describe, expect, it } from '@jest/globals';
import { countTokens, definitionTokens } from './definition-tokens.ts';

describe('definitionTokens', () => {
  it('counts with o200k_base, not bytes ÷ 4', () => {
    // o200k_base: "hello" and " world" are one token each; 24 spaces are a single token
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens(' '.repeat(24))).toBe(1);
    expect(countTokens('')).toBe(0);
  });

  it('sums the JSON of each definition and sorts the heaviest first', () => {
    const light = { name: 'a', description: 'A.' };
    const heavy = { name: 'b', description: 'A much longer description of what b does.' };
    const counted = definitionTokens([light, heavy]);
    expect(counted.byName.map(([name]) => name)).toEqual(['b', 'a']);
    expect(counted.total).toBe(countTokens(JSON.stringify(light)) + countTokens(JSON.stringify(heavy)));
    expect(counted.perTool).toBe(counted.total / 2);
    expect(definitionTokens([])).toEqual({ total: 0, perTool: 0, byName: [] });
  });
});
