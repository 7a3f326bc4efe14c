import { describe, expect, it } from '@jest/globals';
import { findNonJson } from './json-check.ts';

describe('findNonJson', () => {
  it('accepts JSON values, undefined object properties and toJSON results', () => {
    expect(findNonJson([1, 'a', true, null, { a: [{}], b: undefined }, new Date(0)], 'args')).toBeUndefined();
    const shared = { x: 1 };
    expect(findNonJson({ a: shared, b: shared })).toBeUndefined(); // repeated, not circular
  });

  it('names what is not JSON and where', () => {
    const cyclic: unknown[] = [];
    cyclic.push({ back: cyclic });
    const cases: [unknown, string][] = [
      [[() => 1], 'a function at args[0]'],
      [[{ a: { 'b-c': Symbol('s') } }], 'a symbol at args[0].a["b-c"]'],
      [[1n], 'a bigint at args[0]'],
      [[NaN], 'NaN at args[0]'],
      [[{ n: Infinity }], 'Infinity at args[0].n'],
      [[[undefined]], 'undefined at args[0][0]'],
      [[new Map()], 'a Map at args[0] (convert it to an array or a plain object)'],
      [[new Uint8Array(2)], 'a Uint8Array at args[0] (convert it to an array)'],
      [cyclic, 'a circular reference at args[0].back'],
    ];
    for (const [value, problem] of cases) expect(findNonJson(value, 'args')).toBe(problem);
  });
});
