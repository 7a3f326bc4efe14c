import { describe, expect, it } from '@jest/globals';
import { comparePaths, firstInPathOrder } from './path-list.ts';

describe('comparePaths', () => {
  it('orders directory by directory, like rg --sort path', () => {
    expect(['a-b.ts', 'a/b.ts', 'a.ts', 'A.ts', 'a/a/z.ts'].sort(comparePaths)).toEqual([
      'A.ts',
      'a/a/z.ts',
      'a/b.ts',
      'a-b.ts',
      'a.ts',
    ]);
  });
});

describe('firstInPathOrder', () => {
  it('gives the first paths of a full sort, without sorting them all', () => {
    const paths = Array.from(
      { length: 3000 },
      (_, i) => `pkg${(i * 7919) % 97}/${i % 3 === 0 ? 'src/' : ''}file-${(i * 104729) % 3000}.d.ts`,
    );
    const sorted = [...paths].sort(comparePaths);
    expect(firstInPathOrder(paths, 100)).toEqual(sorted.slice(0, 100));
    expect(firstInPathOrder(paths.slice(0, 5), 100)).toEqual(
      sorted.filter((p) => paths.slice(0, 5).includes(p)),
    );
  });
});
