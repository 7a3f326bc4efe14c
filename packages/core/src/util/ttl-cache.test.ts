import { describe, expect, it } from '@jest/globals';
import { TtlCache } from './ttl-cache.ts';

/** A cache on a clock the test moves, and a load that counts its calls. */
function rig(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let time = 1_000;
  const cache = new TtlCache<string, string>({ ttlMs: options.ttlMs ?? 100, now: () => time, ...options });
  const reads: string[] = [];
  const load = (key: string, answer: () => Promise<string> = async () => `${key}#${reads.length}`) => {
    reads.push(key);
    return answer();
  };
  return {
    cache,
    reads,
    get: (key: string, maxAgeMs?: number) => cache.get(key, () => load(key), maxAgeMs),
    load,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe('TtlCache', () => {
  it('serves a read until it is ttlMs old, then reads again', async () => {
    const { get, reads, advance } = rig();
    expect(await get('a')).toBe('a#1');
    advance(99);
    expect(await get('a')).toBe('a#1');
    advance(1);
    expect(await get('a')).toBe('a#2');
    expect(reads).toEqual(['a', 'a']);
  });

  it('shares one read between callers that ask while it runs (single flight)', async () => {
    const { cache, load, reads } = rig();
    let finish!: (value: string) => void;
    const slow = () => load('a', () => new Promise<string>((resolve) => (finish = resolve)));
    const first = cache.get('a', slow);
    const second = cache.get('a', slow);
    finish('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(reads).toEqual(['a']);
  });

  it('keeps no failure: the next caller reads again, whether the load threw or rejected', async () => {
    const { cache, get, reads } = rig();
    await expect(cache.get('a', () => Promise.reject(new Error('API down')))).rejects.toThrow('API down');
    await expect(
      cache.get('a', () => {
        throw new Error('thrown at once');
      }),
    ).rejects.toThrow('thrown at once');
    expect(await get('a')).toBe('a#1');
    expect(reads).toEqual(['a']);
  });

  it('reads again for a caller that wants a younger value (maxAgeMs 0: always)', async () => {
    const { get, reads, advance } = rig();
    await get('a');
    advance(50);
    await get('a', 60);
    await get('a', 40);
    await get('a', 0);
    expect(reads).toEqual(['a', 'a', 'a']);
  });

  it('forgets one key or all, and keys stay apart', async () => {
    const { cache, get, reads } = rig();
    await get('a');
    await get('b');
    cache.forget('a');
    await get('a');
    await get('b');
    cache.forget();
    await get('b');
    expect(reads).toEqual(['a', 'b', 'a', 'b']);
  });

  it('holds at most maxEntries keys, dropping the least recently used', async () => {
    const { get, reads } = rig({ maxEntries: 2 });
    await get('a');
    await get('b');
    await get('a');
    await get('c');
    await get('a');
    await get('b');
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('refuses a negative TTL', () => {
    expect(() => new TtlCache({ ttlMs: -1 })).toThrow('ttlMs must be 0 or more milliseconds (received -1).');
  });
});
