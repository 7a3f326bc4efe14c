import { describe, expect, it } from '@jest/globals';
import { compareNames } from './compare-names.ts';

const ALPHABET = 'abyzABYZ019_-.';

/** Deterministic pseudo-random names over ALPHABET (a linear congruential generator). */
function names(count: number, seed = 12345): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () =>
    Array.from(
      { length: 1 + Math.floor(next() * 8) },
      () => ALPHABET[Math.floor(next() * ALPHABET.length)],
    ).join(''),
  );
}

describe('compareNames', () => {
  it('orders names over letters, digits, _, - and . exactly as localeCompare does', () => {
    const all = names(3000);
    for (let i = 0; i + 1 < all.length; i++) {
      const [a, b] = [all[i]!, all[i + 1]!];
      expect([a, b, Math.sign(compareNames(a, b))]).toEqual([a, b, Math.sign(a.localeCompare(b))]);
    }
    expect([...all].sort(compareNames)).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it('covers the cases that differ from code-point order', () => {
    const sorted = ['b', 'B', 'a-b', 'a_b', 'a.b', 'a1', 'A', 'a', 'ab', 'aB', 'Ab'].sort(compareNames);
    expect(sorted).toEqual(['a', 'A', 'a_b', 'a-b', 'a.b', 'a1', 'ab', 'aB', 'Ab', 'b', 'B']);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
  });

  it('falls back to localeCompare for other characters', () => {
    expect(Math.sign(compareNames('é', 'f'))).toBe(Math.sign('é'.localeCompare('f')));
    expect(compareNames('same', 'same')).toBe(0);
  });
});
