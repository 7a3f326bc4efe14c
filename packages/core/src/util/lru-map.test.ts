import { describe, expect, it } from '@jest/globals';
import { LruMap } from './lru-map.ts';

describe('LruMap', () => {
  it('drops the least recently used entry past its bound; reading one makes it recent', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([1, undefined, 3, 2]);
    map.set('a', 10);
    map.set('d', 4);
    expect([map.get('a'), map.get('c'), map.get('d')]).toEqual([10, undefined, 4]);
  });

  it('refuses a bound below 1', () => {
    expect(() => new LruMap(0)).toThrow('maxEntries must be a whole number of 1 or more (received 0).');
  });
});
